import { randomUUID } from 'node:crypto';
import type { AppError } from '@vnfm/contracts';
import { BusContext, type Envelope } from '@vnfm/messaging';
import type { Reachability, ResolveVimConnectionInfoRequest } from '@vnfm/vim-domain';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { VimRegistryFixture } from './testing/vim-registry.fixture';
import { VimRegistryController } from './vim-registry.controller';
import { scopeOf } from './vim-scope';

const reachable = async (): Promise<Reachability> => ({
  status: 'REACHABLE',
  checkedAt: '2026-01-01T00:00:00.000Z',
  placementAttr: { regions: ['RegionOne'] },
  detail: 'answered',
});

/** Who asks: a user of one tenant, the admin token (acts in `admin`, sees all), the product's own work (no tenant, sees all). */
const asTenant = (tenant: string) => context({ principal: `user@${tenant}`, tenant });
const admin = () => context({ principal: 'admin', tenant: 'admin', allTenants: true });
const internal = () => context({ principal: 'system' });
function context(who: Pick<Envelope, 'principal' | 'tenant' | 'allTenants'>): BusContext {
  return new BusContext({
    id: randomUUID(),
    type: 't',
    kind: 'command',
    key: 'k',
    payload: {},
    correlationId: 'c',
    causationId: 'c',
    sentAt: '',
    ...who,
  });
}

const body = (name: string, extra: { isDefault?: boolean; tenantId?: string } = {}) => {
  const { vim } = tackerRegisterBody(
    {
      auth_url: 'http://127.0.0.1:5000/identity',
      username: 'nfv_user',
      password: 'pw',
      project_name: 'nfv',
      project_domain_name: 'Default',
      user_domain_name: 'Default',
    },
    { name, isDefault: extra.isDefault },
  );
  return { vim: { ...vim, ...(extra.tenantId && { tenant_id: extra.tenantId }) } };
};
const refusalOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => undefined,
    (error: AppError) => ({ code: error.code, status: error.status, detail: error.detail }),
  );
const notFound = (vimId: string) => ({ code: 'VIM_NOT_FOUND', status: 404, detail: `VIM ${vimId} does not exist.` });
const byId = (vimId: string): ResolveVimConnectionInfoRequest => ({
  vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
});

let fixture: VimRegistryFixture;
let controller: VimRegistryController;
const register = async (name: string, who: BusContext, extra: { isDefault?: boolean; tenantId?: string } = {}) =>
  (await controller.register({ vimId: randomUUID(), body: body(name, extra) }, who)).vim;

beforeEach(async () => {
  fixture = new VimRegistryFixture({}, { check: reachable });
  controller = new VimRegistryController(await fixture.start());
});
afterEach(() => fixture.cleanUp());

describe('scopeOf', () => {
  it('confines a tenant user to its tenant, whatever tenant the message names', () => {
    expect(scopeOf({ principal: 'u', tenant: 'a' }, 'b')).toEqual({ confinement: 'a', tenant: 'a' });
  });

  it('lets a request that sees every tenant act for the named tenant, else its own, else its principal', () => {
    expect(scopeOf({ principal: 'admin', tenant: 'admin', allTenants: true }, 'b')).toEqual({ confinement: undefined, tenant: 'b' });
    expect(scopeOf({ principal: 'admin', tenant: 'admin', allTenants: true })).toEqual({ confinement: undefined, tenant: 'admin' });
    expect(scopeOf({ principal: 'system' }, '')).toEqual({ confinement: undefined, tenant: 'system' });
  });
});

describe('VIMs belong to the tenant that registers them', () => {
  it("shows the owner as Tacker's tenant_id: the request's tenant, the admin token's `admin`", async () => {
    expect((await register('a', asTenant('tenant-a'))).tenant_id).toBe('tenant-a');
    expect((await register('adm', admin())).tenant_id).toBe('admin');
  });

  it('lets only a request that sees every tenant register for another tenant (tenant_id)', async () => {
    expect(await refusalOf(register('a', asTenant('tenant-a'), { tenantId: 'tenant-b' }))).toEqual({
      code: 'INVALID_VIM_REQUEST',
      status: 400,
      detail:
        "vim.tenant_id may name only the request's own tenant (tenant-a): registering a VIM for another tenant needs the right to act in all tenants.",
    });
    expect(fixture.registry.directory.all()).toEqual([]);
    expect((await register('own', asTenant('tenant-a'), { tenantId: 'tenant-a' })).tenant_id).toBe('tenant-a');
    expect((await register('b', admin(), { tenantId: 'tenant-b' })).tenant_id).toBe('tenant-b');
  });

  it('keeps one default VIM per tenant', async () => {
    const a1 = await register('a1', asTenant('tenant-a'), { isDefault: true });
    const b1 = await register('b1', asTenant('tenant-b'), { isDefault: true });
    const a2 = await register('a2', asTenant('tenant-a'), { isDefault: true });
    const defaults = (await controller.list({ query: { is_default: 'true' } }, admin())).vims.map((vim) => vim.id);
    expect(defaults.sort()).toEqual([b1.id, a2.id].sort());
    expect(defaults).not.toContain(a1.id);
  });
});

describe('a request sees only the VIMs of its tenant', () => {
  let a: string;
  let b: string;
  beforeEach(async () => {
    a = (await register('vim-a', asTenant('tenant-a'))).id;
    b = (await register('vim-b', asTenant('tenant-b'))).id;
  });

  it('lists and filters only visible VIMs; unconfined requests list all', async () => {
    const names = async (who: BusContext, query: Record<string, unknown> = {}) =>
      (await controller.list({ query }, who)).vims.map((vim) => vim.name);
    expect(await names(asTenant('tenant-a'))).toEqual(['vim-a']);
    expect(await names(asTenant('tenant-a'), { tenant_id: 'tenant-b' })).toEqual([]);
    expect(await names(asTenant('tenant-a'), { name: 'vim-b' })).toEqual([]);
    expect(await names(asTenant('tenant-c'))).toEqual([]);
    expect(await names(admin())).toEqual(['vim-a', 'vim-b']);
    expect(await names(internal(), { tenant_id: 'tenant-b' })).toEqual(['vim-b']);
  });

  it("answers another tenant's VIM exactly as an absent one: get, update, delete", async () => {
    const absent = randomUUID();
    const who = asTenant('tenant-a');
    for (const vimId of [b, absent]) {
      expect(await refusalOf(controller.get({ vimId }, who))).toEqual(notFound(vimId));
      expect(await refusalOf(controller.update({ vimId, body: { vim: { description: 'x' } } }, who))).toEqual(notFound(vimId));
      expect(await refusalOf(controller.delete({ vimId }, who))).toEqual(notFound(vimId));
    }
    expect((await controller.get({ vimId: b }, admin())).vim).toMatchObject({ name: 'vim-b', description: '' });
  });

  it('lets a tenant get, update and delete its own VIMs, and unconfined requests any', async () => {
    const who = asTenant('tenant-a');
    expect((await controller.get({ vimId: a }, who)).vim.name).toBe('vim-a');
    expect((await controller.update({ vimId: a, body: { vim: { description: 'mine' } } }, who)).vim.description).toBe('mine');
    expect((await controller.update({ vimId: b, body: { vim: { description: 'ops' } } }, admin())).vim.description).toBe('ops');
    expect(await controller.delete({ vimId: a }, who)).toEqual({ deleted: a });
    expect(await controller.delete({ vimId: b }, internal())).toEqual({ deleted: b });
    expect(fixture.registry.directory.all()).toEqual([]);
  });
});

describe('LCM resolution: a VNF instance uses only its own tenant VIMs', () => {
  let a: string;
  let b: string;
  beforeEach(async () => {
    a = (await register('vim-a', asTenant('tenant-a'), { isDefault: true })).id;
    b = (await register('vim-b', asTenant('tenant-b'), { isDefault: true })).id;
  });

  const resolved = async (request: ResolveVimConnectionInfoRequest, who: BusContext) => {
    const [full, refs] = [await controller.resolve(request, who), controller.resolveRefs(request, who)];
    expect(Object.keys(full.vimConnectionInfo)).toEqual(Object.keys(refs.vimConnectionInfo));
    return Object.values(refs.vimConnectionInfo).map((ref) => ref.vimId);
  };
  const refused = async (request: ResolveVimConnectionInfoRequest, who: BusContext) => {
    const full = await refusalOf(controller.resolve(request, who));
    expect(await refusalOf(Promise.resolve().then(() => controller.resolveRefs(request, who)))).toEqual(full);
    return full;
  };

  it("resolves a tenant's own VIM by id and treats another tenant's id as unknown", async () => {
    expect(await resolved(byId(a), asTenant('tenant-a'))).toEqual([a]);
    expect(await refused(byId(b), asTenant('tenant-a'))).toEqual(notFound(b));
    const absent = randomUUID();
    expect(await refused(byId(absent), asTenant('tenant-a'))).toEqual(notFound(absent));
  });

  it("uses the request's tenant default, ignoring a tenant the confined message names", async () => {
    expect(await resolved({}, asTenant('tenant-a'))).toEqual([a]);
    expect(await resolved({ tenant: 'tenant-b' }, asTenant('tenant-a'))).toEqual([a]);
    expect(await refused({}, asTenant('tenant-c'))).toMatchObject({ code: 'NO_DEFAULT_VIM', status: 422 });
  });

  it('lets unconfined requests resolve any id, and use the default of the tenant they name', async () => {
    expect(await resolved(byId(b), internal())).toEqual([b]);
    expect(await resolved(byId(a), admin())).toEqual([a]);
    expect(await resolved({ tenant: 'tenant-b' }, internal())).toEqual([b]);
    expect(await resolved({ tenant: 'tenant-a' }, admin())).toEqual([a]);
    expect(await refused({}, admin())).toMatchObject({ code: 'NO_DEFAULT_VIM', detail: expect.stringContaining('tenant admin ') });
  });
});
