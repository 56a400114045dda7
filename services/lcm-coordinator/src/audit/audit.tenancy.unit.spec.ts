import type { RecordedEvent } from '@vnfm/event-store';
import { vnfInstanceNotFound, VNF_INSTANCE_STREAM_PREFIX } from '@vnfm/lcm-domain';
import type { ServiceRuntime } from '@vnfm/platform';
import type { VnfPackagesClient } from '../instances/vnf-packages.client';
import { asTenant, refusalOf, unconfined } from '../testing/tenancy';
import { AuditController } from './audit.controller';

const OWNERS: Record<string, string | undefined> = { 'a-1': 'tenant-a', 'b-1': 'tenant-b', legacy: undefined };

/** Each instance's stream: created (with its owner), then deleted; its history outlives it. */
const streamOf = (stream: string): RecordedEvent[] => {
  const id = stream.slice(VNF_INSTANCE_STREAM_PREFIX.length);
  if (!(id in OWNERS)) return [];
  const metadata = { principal: 'someone', timestamp: '2026-01-01T00:00:00.000Z', correlationId: 'c' };
  const tenant = OWNERS[id];
  return [
    {
      type: 'VnfInstanceCreated',
      revision: 0,
      metadata,
      data: { vnfInstanceId: id, ...(tenant && { tenant }), vnfdId: 'd', metadata: {}, createdAt: 't0' },
    },
    { type: 'VnfInstanceDeleted', revision: 1, metadata, data: { at: 't1' } },
  ] as unknown as RecordedEvent[];
};

describe('the audit of an instance is for whoever sees the instance', () => {
  const runtime = { store: { readStream: async (stream: string) => streamOf(stream) } } as unknown as ServiceRuntime;
  const controller = new AuditController(runtime, { identitiesOf: async () => () => undefined } as unknown as VnfPackagesClient);
  const notFound = (id: string) => {
    const { status, code, detail } = vnfInstanceNotFound(id);
    return `${status} ${code}: ${detail}`;
  };

  it('gives the trail and the past instance to its tenant and to unconfined requests', async () => {
    expect((await controller.trail({ vnfInstanceId: 'a-1' }, asTenant('tenant-a'))).entries).toHaveLength(2);
    expect((await controller.trail({ vnfInstanceId: 'legacy' }, unconfined)).entries).toHaveLength(2);
    expect((await controller.at({ apiMajor: 2, vnfInstanceId: 'b-1', at: { position: 0 } }, unconfined)).id).toBe('b-1');
  });

  it('answers another tenant, or an instance of no tenant, as for an absent instance', async () => {
    for (const id of ['b-1', 'legacy', 'absent']) {
      expect(await refusalOf(() => controller.trail({ vnfInstanceId: id }, asTenant('tenant-a')))).toBe(notFound(id));
      expect(await refusalOf(() => controller.at({ apiMajor: 2, vnfInstanceId: id, at: { position: 0 } }, asTenant('tenant-a')))).toBe(
        notFound(id),
      );
    }
  });
});
