import { decideVnfInstance, vnfInstanceNotFound, type VnfInstanceCommand, type VnfInstanceView } from '@vnfm/lcm-domain';
import type { RequestSecrets } from '../secrets/request-secrets.service';
import { asTenant, refusalOf, storeless, unconfined } from '../testing/tenancy';
import { VnfInstanceReadModel } from './vnf-instance.read-model';
import type { VnfInstanceRepository } from './vnf-instance.repository';
import { VnfInstancesController } from './vnf-instances.controller';
import type { VnfPackagesClient } from './vnf-packages.client';

const notFound = (id: string) => {
  const { status, code, detail } = vnfInstanceNotFound(id);
  return `${status} ${code}: ${detail}`;
};

describe('VNF instances belong to the tenant that created them', () => {
  let readModel: VnfInstanceReadModel;
  let commands: VnfInstanceCommand[];
  let controller: VnfInstancesController;

  /** Runs a command as the repository does: decided on the instance, applied to the read model. */
  const execute = async (id: string, command: VnfInstanceCommand) => {
    commands.push(command);
    const before = readModel.entry(id)?.state;
    const events = decideVnfInstance(command, before, id);
    for (const event of events) readModel.apply(id, (readModel.entry(id)?.revision ?? -1) + 1, event);
    return { events, before, after: readModel.entry(id)?.state };
  };
  const looked: unknown[] = [];
  const packages = {
    usablePackage: async (ref: unknown) => {
      looked.push(ref);
      return { vnfPkgId: 'pkg', vnfProvider: 'p', vnfProductName: 'n', vnfSoftwareVersion: '1', vnfdVersion: '1' };
    },
    identitiesOf: async () => () => undefined,
    markUsage: async () => undefined,
  } as unknown as VnfPackagesClient;
  const secrets = { seal: async (_: string, request: unknown) => request, destroy: async () => undefined } as unknown as RequestSecrets;
  const existing = (id: string, tenant?: string) =>
    execute(id, { type: 'CreateVnfInstance', data: { vnfInstanceId: id, tenant, request: { vnfdId: 'vnfd-1' }, now: 't0' } });
  const listed = async (context = unconfined) =>
    (await controller.list({ apiMajor: 2, query: {} }, context)).items.map((item) => (item as VnfInstanceView).id);

  beforeEach(async () => {
    readModel = new VnfInstanceReadModel(storeless);
    commands = [];
    controller = new VnfInstancesController({ execute } as unknown as VnfInstanceRepository, readModel, packages, secrets);
    await existing('a-1', 'tenant-a');
    await existing('b-1', 'tenant-b');
    await existing('legacy');
    await existing('a-2', 'tenant-a');
  });

  it('records the creating request tenant as the owner', async () => {
    const view = await controller.create({ apiMajor: 2, request: { vnfdId: 'vnfd-1' } }, asTenant('tenant-b'));
    expect(commands.at(-1)?.data).toMatchObject({ tenant: 'tenant-b' });
    // The package is looked up in the new instance's tenant.
    expect(looked).toEqual([{ vnfdId: 'vnfd-1', tenant: 'tenant-b' }]);
    expect(readModel.get(view.id)?.state.tenant).toBe('tenant-b');
    expect(view).not.toHaveProperty('tenant');
  });

  it('lists only the instances of the tenant a request is confined to; an unconfined one lists every instance', async () => {
    expect(await listed(asTenant('tenant-a'))).toEqual(['a-1', 'a-2']);
    expect(await listed(asTenant('tenant-b'))).toEqual(['b-1']);
    expect(await listed(asTenant('tenant-c'))).toEqual([]);
    expect(await listed(unconfined)).toEqual(['a-1', 'b-1', 'legacy', 'a-2']);
  });

  it('filters before paging: a filter matching another tenant instance finds nothing', async () => {
    const reply = await controller.list({ apiMajor: 2, query: { filter: '(eq,id,b-1)' } }, asTenant('tenant-a'));
    expect(reply).toEqual({ items: [] });
  });

  it('answers a read of another tenant instance, or one of no tenant, as for an absent one', async () => {
    expect((await controller.get({ apiMajor: 2, vnfInstanceId: 'a-1' }, asTenant('tenant-a'))).id).toBe('a-1');
    for (const id of ['b-1', 'legacy', 'absent']) {
      expect(await refusalOf(() => controller.get({ apiMajor: 2, vnfInstanceId: id }, asTenant('tenant-a')))).toBe(notFound(id));
      expect(await refusalOf(() => controller.getTagged({ apiMajor: 1, vnfInstanceId: id }, asTenant('tenant-a')))).toBe(notFound(id));
    }
    expect((await controller.getTagged({ apiMajor: 2, vnfInstanceId: 'legacy' }, unconfined)).instance.id).toBe('legacy');
  });

  it('deletes only an instance the request sees', async () => {
    expect(await refusalOf(() => controller.delete({ apiMajor: 2, vnfInstanceId: 'b-1' }, asTenant('tenant-a')))).toBe(notFound('b-1'));
    expect(readModel.get('b-1')).toBeDefined();
    expect(await refusalOf(() => controller.delete({ apiMajor: 2, vnfInstanceId: 'b-1' }, asTenant('tenant-b')))).toBe('accepted');
    expect(readModel.get('b-1')).toBeUndefined();
    expect(await refusalOf(() => controller.delete({ apiMajor: 2, vnfInstanceId: 'legacy' }, unconfined))).toBe('accepted');
  });
});
