import type { RunStepMessage, StepCommand } from '@vnfm/contracts';
import { decideVnfInstance } from '@vnfm/lcm-domain';
import type { ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceReadModel } from '../instances/vnf-instance.read-model';
import { storeless } from '../testing/tenancy';
import type { HookContexts } from './hook-contexts';
import { StepDispatcher } from './step-dispatcher';

describe('a step is sent in its instance tenant', () => {
  const sent: RunStepMessage[] = [];
  const instances = new VnfInstanceReadModel(storeless);
  const runtime = {
    bus: { request: async (_: string, message: RunStepMessage) => sent.push(message) },
    logger: { info: () => undefined, warn: () => undefined },
  } as unknown as ServiceRuntime;
  const dispatcher = new StepDispatcher(runtime, instances, {} as HookContexts);
  const created = (id: string, tenant?: string) =>
    decideVnfInstance(
      { type: 'CreateVnfInstance', data: { vnfInstanceId: id, tenant, request: { vnfdId: 'vnfd-1' }, now: 't0' } },
      undefined,
      id,
    ).forEach((event) => instances.apply(id, 0, event));
  const step = (vnfInstanceId: string): StepCommand => ({
    stepId: `${vnfInstanceId}:0:1`,
    vnfLcmOpOccId: 'op-1',
    vnfInstanceId,
    name: 'terminate',
    attempt: 1,
    request: { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] },
    timeoutMs: 1000,
    vimConnectionInfo: {},
  });

  it('names the tenant of the instance in the step message, none for an instance of no tenant', async () => {
    created('owned', 'tenant-a');
    created('legacy');
    expect(await dispatcher.dispatch('openstack-driver', step('owned'))).toBeUndefined();
    expect(await dispatcher.dispatch('openstack-driver', step('legacy'))).toBeUndefined();
    expect(sent[0]).toMatchObject({ vnfInstanceId: 'owned', tenant: 'tenant-a' });
    expect(sent[1]).not.toHaveProperty('tenant');
  });
});
