import { SECRET_SHOWN } from '@vnfm/util';
import { auditEntries, instanceAt, type RecordedVnfInstanceEvent } from './audit.fold';
import { LcmWorkflowHarness, OPENSTACK_VIM, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import { replayVnfInstance } from '../vnf-instance/vnf-instance.evolve';

const VNF = 'vnf-1';

/** A real history: create, instantiate (a, b, c), scale out (d), scale in (d goes). */
function history(): VnfInstanceEvent[] {
  const events: VnfInstanceEvent[] = [
    { type: 'VnfInstanceCreated', data: { vnfInstanceId: VNF, vnfdId: 'vnfd', metadata: {}, createdAt: 't0' } },
  ];
  const run = (id: string, request: Parameters<LcmWorkflowHarness['start']>[0], result: Parameters<LcmWorkflowHarness['succeed']>[0]) =>
    new LcmWorkflowHarness(events, VNF, id).start(request, sampleVnfd()).succeed(result);
  run(
    'op-i',
    { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM, additionalParams: { password: 'pw' } } },
    {
      vnfcsAdded: [vnfc('a', 'VDU1'), vnfc('b', 'VDU2'), vnfc('c', 'VDU2')],
    },
  );
  run('op-o', { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale' } }, { vnfcsAdded: [vnfc('d', 'VDU1')] });
  run('op-n', { operation: 'SCALE', params: { type: 'SCALE_IN', aspectId: 'VDU1_scale' } }, {});
  return events;
}

const recorded = (events: VnfInstanceEvent[]): RecordedVnfInstanceEvent[] =>
  events.map((event, revision) => ({
    ...event,
    revision,
    metadata: {
      principal: revision === 0 ? 'admin' : 'operator',
      timestamp: `2025-01-01T00:${String(revision).padStart(2, '0')}:00.000Z`,
      correlationId: `c-${revision}`,
    },
  }));

describe('audit fold', () => {
  const events = history();
  const stream = recorded(events);

  it('rebuilds the instance at every past position exactly as the events up to there', () => {
    for (let position = 0; position < events.length; position++) {
      expect(instanceAt(stream, { position })).toEqual(replayVnfInstance(events.slice(0, position + 1)));
    }
    expect(instanceAt(stream, { position: -1 })).toBeUndefined();
  });

  it('rebuilds the instance at a past instant', () => {
    const scaledOut = events.findIndex((e) => e.type === 'VnfcsAdded' && e.data.vnfLcmOpOccId === 'op-o');
    const state = instanceAt(stream, { time: stream[scaledOut].metadata.timestamp });
    expect(state?.instantiatedVnfInfo?.vnfcResourceInfo.map((v) => v.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(instanceAt(stream, { time: '2024-12-31T23:59:59.000Z' })).toBeUndefined();
    expect(instanceAt(stream, { time: '2026-01-01T00:00:00.000Z' })).toEqual(replayVnfInstance(events));
  });

  it('says per event who, which operation, with what request, and what changed', () => {
    const entries = auditEntries(stream);
    expect(entries).toHaveLength(events.length);
    expect(entries[0]).toMatchObject({
      revision: 0,
      type: 'VnfInstanceCreated',
      principal: 'admin',
      correlationId: 'c-0',
      request: { vnfdId: 'vnfd' },
    });
    const started = entries.find((e) => e.type === 'VnfLcmOperationStarted' && e.vnfLcmOpOccId === 'op-i');
    expect(started).toMatchObject({
      operation: 'INSTANTIATE',
      principal: 'operator',
      request: { flavourId: 'simple', additionalParams: { password: SECRET_SHOWN } },
    });
    const lines = entries
      .filter((e) => e.vnfcsAdded.length + e.vnfcsRemoved.length > 0)
      .map((e) => [e.operation, e.vnfcsAdded, e.vnfcsRemoved]);
    expect(lines).toEqual([
      ['INSTANTIATE', ['a', 'b', 'c'], []],
      ['SCALE', ['d'], []],
      ['SCALE', [], ['d']],
    ]);
    const levels = entries.filter((e) => e.type === 'VnfScaleLevelChanged').map((e) => e.scaleLevels[0].scaleLevel);
    expect(levels).toEqual([0, 1, 0]);
    expect(entries.find((e) => e.type === 'VnfLcmOperationEnded')?.operation).toBe('INSTANTIATE');
  });
});
