import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { vnfInstanceRecords } from './vnf-instance-records';

const schema = JSON.parse(
  readFileSync(join(__dirname, '../../../../docs/event-stream/vnf-instance-event.v1.schema.json'), 'utf8'),
) as object;
const validate = addFormats(new Ajv2020({ allErrors: true, strict: false })).compile(schema);
const TOPIC = 'vnfm.vnf-instances.v1';
const at = { timestamp: '2026-11-24T07:00:00.000Z' };
const event = (revision: number, type: string, data: unknown) => ({ streamName: 'vnfInstance-vnf-1', revision, type, data, metadata: at });
const ref = { vnfLcmOpOccId: 'occ-1', stepId: 's-1', at: 't' };

describe('vnfm.vnf-instances.v1 records', () => {
  const lifecycle = [
    event(0, 'VnfInstanceCreated', {
      vnfInstanceId: 'vnf-1',
      vnfdId: 'vnfd-1',
      vnfInstanceName: 'a',
      metadata: { token: 'sealed:v1:abc' },
      createdAt: 't',
    }),
    event(1, 'VnfLcmOperationStarted', {
      vnfLcmOpOccId: 'occ-1',
      operation: 'INSTANTIATE',
      operationParams: { additionalParams: { password: 'sealed:v1:xyz' } },
      at: 't',
    }),
    event(2, 'VnfInstantiated', { ...ref, flavourId: 'simple', vimConnectionInfo: { v: { vimId: 'vim-1' } }, extCpInfo: [] }),
    event(3, 'VnfScaleLevelChanged', { ...ref, scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 1, vnfdId: 'vnfd-1' }] }),
    event(4, 'VnfInstanceModified', { ...ref, changes: { vnfInstanceName: 'b', metadata: { password: 'plain-pw-1' } } }),
    event(5, 'VnfPackageChanged', { ...ref, vnfdId: 'vnfd-2', previousVnfdId: 'vnfd-1', additionalParams: { password: 'sealed:v1:q' } }),
    event(6, 'VnfTerminated', ref),
    event(7, 'VnfInstanceDeleted', { at: 't' }),
  ];
  const records = lifecycle.flatMap((one) => vnfInstanceRecords(TOPIC, one));

  it('makes one record per lifecycle event, keyed by the instance, each valid against docs/event-stream/vnf-instance-event.v1.schema.json', () => {
    expect(records.map((record) => record.type)).toEqual([
      'VnfInstanceCreated',
      'VnfInstanceInstantiated',
      'VnfInstanceScaleLevelChanged',
      'VnfInstanceModified',
      'VnfInstanceModified',
      'VnfInstanceTerminated',
      'VnfInstanceDeleted',
    ]);
    for (const record of records) {
      expect(validate(record.value) ? [] : validate.errors).toEqual([]);
      expect(record).toMatchObject({ topic: TOPIC, key: 'vnf-1', id: record.value.id });
    }
    expect(records[3].value).toMatchObject({ changedAttributes: ['metadata', 'vnfInstanceName'] });
  });

  it('carries no value of a request (sealed or not) and no metadata', () => {
    const text = JSON.stringify(records);
    for (const secret of ['sealed:v1', 'plain-pw-1', 'password', 'token']) expect(text).not.toContain(secret);
  });

  it('gives an event the same id each time (republished after a crash) and another event another id', () => {
    expect(vnfInstanceRecords(TOPIC, lifecycle[0])[0].id).toBe(records[0].id);
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
  });

  it('names the instance tenant in the value and the record (its header), each still valid; none for an instance of no tenant', () => {
    const owned = lifecycle.flatMap((one) => vnfInstanceRecords(TOPIC, one, 'tenant-a'));
    for (const record of owned) {
      expect(validate(record.value) ? [] : validate.errors).toEqual([]);
      expect(record).toMatchObject({ tenant: 'tenant-a', value: { tenant: 'tenant-a' } });
    }
    for (const record of records) {
      expect(record).not.toHaveProperty('tenant');
      expect(record.value).not.toHaveProperty('tenant');
    }
  });

  it('a schema violation is caught (the check can fail)', () => {
    expect(validate({ ...records[0].value, password: 'x' })).toBe(false);
  });
});
