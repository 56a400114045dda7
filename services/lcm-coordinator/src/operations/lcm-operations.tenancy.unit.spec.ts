import {
  decideVnfLcmOpOcc,
  opOccNotFound,
  replayVnfInstance,
  vnfInstanceNotFound,
  type StartOperationMessage,
  type VnfInstanceEvent,
  type VnfLcmOpOcc,
  type VnfLcmOpOccCommand,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import type { ServiceRuntime } from '@vnfm/platform';
import type { VnfInstanceRepository } from '../instances/vnf-instance.repository';
import type { VnfPackagesClient } from '../instances/vnf-packages.client';
import type { HookOutputsSealer } from '../secrets/hook-outputs.sealer';
import type { RequestSecrets } from '../secrets/request-secrets.service';
import { asTenant, refusalOf, storeless, unconfined } from '../testing/tenancy';
import { LcmOperationsController } from './lcm-operations.controller';
import type { LcmWorkflowRunner } from './lcm-workflow.runner';
import type { MgmtDriversClient } from './mgmt-drivers.client';
import { OperationStarter } from './operation-starter';
import { VnfLcmOpOccReadModel } from './vnf-lcm-op-occ.read-model';
import type { VimRefsClient } from './vim-refs.client';

const refused = (error: { status: number; code: string; detail: string }) => `${error.status} ${error.code}: ${error.detail}`;
const SCALE: StartOperationMessage['request'] = { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1' } };

describe('operation occurrences are seen by whoever sees their instance', () => {
  let readModel: VnfLcmOpOccReadModel;
  let commanded: { id: string; command: VnfLcmOpOccCommand }[];
  let confinements: (string | undefined)[];
  let controller: LcmOperationsController;

  const started = (id: string, tenant?: string) => {
    const [event] = decideVnfLcmOpOcc(
      {
        type: 'StartLcmOpOcc',
        data: {
          vnfLcmOpOccId: id,
          vnfInstanceId: `vnf-${id}`,
          tenant,
          operation: 'SCALE',
          operationParams: {},
          isAutomaticInvocation: false,
          plan: [],
          now: 't0',
        },
      },
      undefined,
      id,
    );
    readModel.apply(id, 0, event);
  };
  const listed = async (context = unconfined) =>
    controller.list({ apiMajor: 2, query: {} }, context).items.map((item) => (item as VnfLcmOpOccView).id);

  beforeEach(() => {
    readModel = new VnfLcmOpOccReadModel(storeless);
    commanded = [];
    confinements = [];
    const runner = {
      command: async (id: string, command: VnfLcmOpOccCommand) => {
        commanded.push({ id, command });
        return readModel.get(id)?.state as VnfLcmOpOcc;
      },
    } as unknown as LcmWorkflowRunner;
    const starter = {
      start: async (_: StartOperationMessage, confinement: string | undefined) => {
        confinements.push(confinement);
        return { vnfLcmOpOccId: 'new' };
      },
    } as unknown as OperationStarter;
    controller = new LcmOperationsController(starter, runner, readModel, {} as HookOutputsSealer);
    started('a-1', 'tenant-a');
    started('b-1', 'tenant-b');
    started('legacy');
  });

  it('lists the occurrences of the tenant a request is confined to; an unconfined request lists all', async () => {
    expect(await listed(asTenant('tenant-a'))).toEqual(['a-1']);
    expect(await listed(asTenant('tenant-b'))).toEqual(['b-1']);
    expect(await listed(unconfined)).toEqual(['a-1', 'b-1', 'legacy']);
  });

  it('answers a read of a foreign or tenantless occurrence as for an absent one', async () => {
    expect((await controller.get({ apiMajor: 2, vnfLcmOpOccId: 'b-1' }, asTenant('tenant-b'))).id).toBe('b-1');
    for (const id of ['b-1', 'legacy', 'absent'])
      expect(await refusalOf(() => controller.get({ apiMajor: 2, vnfLcmOpOccId: id }, asTenant('tenant-a')))).toBe(
        refused(opOccNotFound(id)),
      );
    expect((await controller.get({ apiMajor: 2, vnfLcmOpOccId: 'legacy' }, unconfined)).id).toBe('legacy');
  });

  it('retries, rolls back, fails and cancels only occurrences the request sees', async () => {
    const ref = (vnfLcmOpOccId: string) => ({ apiMajor: 2 as const, vnfLcmOpOccId });
    const tasks = [
      (id: string, context = asTenant('tenant-a')) => controller.retry(ref(id), context),
      (id: string, context = asTenant('tenant-a')) => controller.rollback(ref(id), context),
      (id: string, context = asTenant('tenant-a')) => controller.fail(ref(id), context),
      (id: string, context = asTenant('tenant-a')) => controller.cancel({ ...ref(id), cancelMode: 'GRACEFUL' }, context),
    ];
    for (const task of tasks) {
      expect(await refusalOf(() => task('b-1'))).toBe(refused(opOccNotFound('b-1')));
      expect(await refusalOf(() => task('legacy'))).toBe(refused(opOccNotFound('legacy')));
    }
    expect(commanded).toEqual([]);
    for (const task of tasks) expect(await refusalOf(() => task('a-1'))).toBe('accepted');
    for (const task of tasks) expect(await refusalOf(() => task('b-1', unconfined))).toBe('accepted');
    expect(commanded.map(({ id }) => id)).toEqual(['a-1', 'a-1', 'a-1', 'a-1', 'b-1', 'b-1', 'b-1', 'b-1']);
  });

  it('starts an operation with the confinement of the request', async () => {
    await controller.start({ apiMajor: 2, vnfInstanceId: 'vnf-1', request: SCALE }, asTenant('tenant-a'));
    await controller.start({ apiMajor: 2, vnfInstanceId: 'vnf-1', request: SCALE }, unconfined);
    expect(confinements).toEqual(['tenant-a', undefined]);
  });
});

describe('an operation starts only on an instance the request sees', () => {
  const instance = (tenant?: string) =>
    replayVnfInstance([
      { type: 'VnfInstanceCreated', data: { vnfInstanceId: 'vnf-1', tenant, vnfdId: 'vnfd-1', metadata: {}, createdAt: 't0' } },
    ] as VnfInstanceEvent[]);
  const starterFor = (tenant?: string) =>
    new OperationStarter(
      { load: async () => instance(tenant) } as unknown as VnfInstanceRepository,
      {} as VnfPackagesClient,
      {} as VimRefsClient,
      {} as LcmWorkflowRunner,
      {} as RequestSecrets,
      {} as MgmtDriversClient,
      { config: {} } as ServiceRuntime,
    );

  it('is the 404 of an absent instance for one of another tenant or of none', async () => {
    for (const owner of ['tenant-b', undefined])
      expect(await refusalOf(() => starterFor(owner).start({ apiMajor: 2, vnfInstanceId: 'vnf-1', request: SCALE }, 'tenant-a'))).toBe(
        refused(vnfInstanceNotFound('vnf-1')),
      );
  });
});
