import { streamRecordId, toOutgoing, type StreamRecord } from './stream-record';

describe('a stream record on the wire', () => {
  const record: StreamRecord = { topic: 't', key: 'vnf-1', id: streamRecordId('t/vnfInstance-vnf-1/0'), type: 'Happened', value: { n: 1 } };

  it('carries its tenant as the header `tenant`, so a consumer filters without parsing the value', () => {
    expect(toOutgoing({ ...record, tenant: 'tenant-a' })).toEqual({
      key: 'vnf-1',
      value: Buffer.from('{"n":1}'),
      headers: { id: record.id, type: 'Happened', 'content-type': 'application/json', tenant: 'tenant-a' },
    });
  });

  it('has no tenant header for what belongs to no tenant', () => {
    expect(toOutgoing(record).headers).toEqual({ id: record.id, type: 'Happened', 'content-type': 'application/json' });
  });

  it('keeps a stable, name-based id', () => {
    expect(streamRecordId('t/vnfInstance-vnf-1/0')).toBe(record.id);
    expect(record.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
