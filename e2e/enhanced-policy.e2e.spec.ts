import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VnfInstanceView } from '@vnfm/lcm-domain';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { testPort } from './support/lanes';
import { createInstance, gatewayHttp, getJson, settledOpOcc, startTask, type GatewayHttp } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LCM_PACKAGE, onboardCorpusPackage, registerSimulatorVim } from './support/lcm-stage';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { deleteRegion, ensureKeystone, identityCall, issueToken, keystoneProductEnv, type KeystoneAdmin } from './support/keystone';

jest.setTimeout(300_000);

const RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const TOKYO = `tokyo-${RUN}@japan`;
const OSAKA = `osaka-${RUN}@japan`;
/** The provider of LCM_PACKAGE's VNFD: the vendor of its package and instances. */
const VENDOR = 'Company';

// Needs `npm run build` and the test Keystone (tools/keystone, started when down). Users of one Keystone project hold
// Tacker's special roles (AREA_, VENDOR_, TENANT_) and `manager`; the product runs Tacker's sample enhanced policy file as
// written, with VNFM_ENHANCED_POLICY=true, over two VIMs of different areas and an instance on each.
describe("Tacker's enhanced policy against real Keystone: area, vendor and tenant attributes decide per resource", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-enhanced-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const region = `enhanced-${RUN}`;
  const projectName = `nfv-${RUN}`;
  let admin: KeystoneAdmin;
  let adminToken: string;
  let sim: OpenStackSimulator;
  let product: ProductProcess | undefined;
  const created = { users: [] as string[], projects: [] as string[], roles: [] as string[] };
  const as: Record<string, GatewayHttp> = {};
  const vims = { tokyo: '', osaka: '' };
  const instances = { tokyo: '', osaka: '', fresh: '' };

  /** A Keystone user of the project holding `roles` (created when absent), and requests as that user. */
  const userWith = async (name: string, roles: string[]): Promise<GatewayHttp> => {
    const identity = <T>(method: string, path: string, expected: number, body?: unknown) =>
      identityCall<T>(admin.authUrl, adminToken, { method, path, expected, body });
    const username = `${name}-${RUN}`;
    const password = randomBytes(12).toString('hex');
    const { user } = await identity<{ user: { id: string } }>('POST', '/users', 201, {
      user: { name: username, password, domain_id: 'default' },
    });
    created.users.push(user.id);
    for (const role of roles) {
      const found = await identity<{ roles: { id: string }[] }>('GET', `/roles?name=${encodeURIComponent(role)}`, 200);
      let roleId = found.roles[0]?.id;
      if (!roleId) {
        roleId = (await identity<{ role: { id: string } }>('POST', '/roles', 201, { role: { name: role } })).role.id;
        if (role.includes(RUN)) created.roles.push(roleId);
      }
      await identity('PUT', `/projects/${created.projects[0]}/users/${user.id}/roles/${roleId}`, 204);
    }
    const login = { authUrl: admin.authUrl, username, password, projectName, userDomainName: 'Default', projectDomainName: 'Default' };
    let token = (await issueToken(login)).token;
    return async (path, init) => {
      const response = await gatewayHttp(endpoint, token)(path, init);
      if (response.status !== 401) return response;
      token = (await issueToken(login)).token;
      return gatewayHttp(endpoint, token)(path, init);
    };
  };
  const status = async (http: GatewayHttp, path: string, init?: RequestInit) => (await http(path, init)).status;
  const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

  beforeAll(async () => {
    admin = await ensureKeystone();
    adminToken = (await issueToken(admin)).token;
    await identityCall(admin.authUrl, adminToken, { method: 'POST', path: '/regions', expected: 201, body: { region: { id: region } } });
    const { project } = await identityCall<{ project: { id: string } }>(admin.authUrl, adminToken, {
      method: 'POST',
      path: '/projects',
      expected: 201,
      body: { project: { name: projectName, domain_id: 'default' } },
    });
    created.projects.push(project.id);
    sim = await startOpenStackSimulator({ delayMs: 0 });
    const tenant = `TENANT_${sim.credentials.projectName}`;
    as.admin = await userWith('admin', ['admin']);
    as.userA = await userWith('user-a', ['member', `AREA_${TOKYO}`, `VENDOR_${VENDOR}`, tenant]);
    as.managerA = await userWith('manager-a', ['member', 'manager', `AREA_${TOKYO}`, `VENDOR_${VENDOR}`, tenant]);
    as.manager = await userWith('manager', ['member', 'manager', 'AREA_all@all', 'VENDOR_all', 'TENANT_all']);
    as.otherVendor = await userWith('other-vendor', ['member', 'manager', 'AREA_all@all', `VENDOR_other-${RUN}`, 'TENANT_all']);
    as.japan = await userWith('japan', ['member', 'AREA_all@japan', 'VENDOR_all', 'TENANT_all']);
    as.france = await userWith('france', ['member', 'AREA_all@france', 'VENDOR_all', 'TENANT_all']);

    const policyFile = join(dataDir, 'policy.yaml');
    copyFileSync(corpusPath('tacker', 'policy', 'enhanced_tacker_policy.yaml.sample'), policyFile);
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      ...keystoneProductEnv(admin, region),
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_ENHANCED_POLICY: 'true',
      VNFM_POLICY_FILE: policyFile,
      VNFM_LOG_LEVEL: 'warn',
    });
    await waitForHttp(`${endpoint}/health`, 120_000);

    vims.tokyo = await registerSimulatorVim(as.admin, sim, `openstack-${TOKYO}`, { extra: { area: TOKYO } });
    vims.osaka = await registerSimulatorVim(as.admin, sim, `openstack-${OSAKA}`, { isDefault: false, extra: { area: OSAKA } });
    const pkg = await onboardCorpusPackage(as.admin, dataDir, LCM_PACKAGE);
    for (const where of ['tokyo', 'osaka'] as const) {
      const instance = await createInstance(as.admin, String(pkg.vnfdId), `on-${where}`);
      const body = {
        ...instantiateRequest(2),
        vimConnectionInfo: { vim1: { vimId: vims[where], vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
      };
      const occ = await startTask(as.admin, instance.id, 'instantiate', body);
      expect((await settledOpOcc(as.admin, occ)).operationState).toBe('COMPLETED');
      instances[where] = instance.id;
    }
    instances.fresh = (await createInstance(as.admin, String(pkg.vnfdId), 'not-instantiated')).id;
  }, 300_000);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await sim?.close();
    if (admin) {
      const identity = (path: string) =>
        identityCall(admin.authUrl, adminToken, { method: 'DELETE', path, expected: 204 }).catch(() => undefined);
      for (const id of created.users) await identity(`/users/${id}`);
      for (const id of created.roles) await identity(`/roles/${id}`);
      for (const id of created.projects) await identity(`/projects/${id}`);
      await deleteRegion(admin.authUrl, adminToken, region);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a VIM to the users of its area only, and lets only a manager of that area change it', async () => {
    expect(ids((await getJson<{ vims: { id: string }[] }>(as.userA, '/v1.0/vims')).vims)).toEqual([vims.tokyo]);
    expect(ids((await getJson<{ vims: { id: string }[] }>(as.japan, '/v1.0/vims')).vims)).toEqual(
      ids([{ id: vims.tokyo }, { id: vims.osaka }]),
    );
    expect((await getJson<{ vims: unknown[] }>(as.france, '/v1.0/vims')).vims).toEqual([]);
    expect(await status(as.userA, `/v1.0/vims/${vims.tokyo}`)).toBe(200);
    const refused = await as.userA(`/v1.0/vims/${vims.osaka}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      status: 403,
      detail: expect.stringContaining('get_vim (rule:vim_attrs_cmp or role:admin)'),
    });
    // Tacker's sample: update and delete need the area and the manager role (an empty description changes nothing that matters).
    const update = { method: 'PUT', body: JSON.stringify({ vim: { description: 'checked' } }) };
    expect(await status(as.userA, `/v1.0/vims/${vims.tokyo}`, update)).toBe(403);
    expect(await status(as.managerA, `/v1.0/vims/${vims.osaka}`, update)).toBe(403);
    expect(await status(as.managerA, `/v1.0/vims/${vims.tokyo}`, update)).toBe(200);
  });

  it("shows instances by vendor, area and tenant, a NOT_INSTANTIATED one by its package's vendor alone", async () => {
    expect(ids(await getJson<VnfInstanceView[]>(as.userA, '/vnflcm/v2/vnf_instances'))).toEqual(
      ids([{ id: instances.tokyo }, { id: instances.fresh }]),
    );
    expect(ids(await getJson<VnfInstanceView[]>(as.userA, '/vnflcm/v1/vnf_instances'))).toEqual(
      ids([{ id: instances.tokyo }, { id: instances.fresh }]),
    );
    expect(await getJson<VnfInstanceView[]>(as.otherVendor, '/vnflcm/v2/vnf_instances')).toEqual([]);
    expect((await getJson<VnfInstanceView[]>(as.manager, '/vnflcm/v2/vnf_instances')).length).toBe(3);
    expect(await status(as.userA, `/vnflcm/v2/vnf_instances/${instances.tokyo}`)).toBe(200);
    expect(await status(as.userA, `/vnflcm/v2/vnf_instances/${instances.osaka}`)).toBe(403);
    expect(await status(as.userA, `/vnflcm/v1/vnf_instances/${instances.osaka}`)).toBe(403);
    expect(await status(as.france, `/vnflcm/v2/vnf_instances/${instances.fresh}`)).toBe(200);
    // Another tenant's id (here: no instance at all) still answers 404 before any rule.
    expect(await status(as.userA, '/vnflcm/v2/vnf_instances/6e5f3bb6-0d6a-4b1e-9d2b-2f2b1c1e4a00')).toBe(404);
  });

  it('lets a manager of the area scale, not a plain member, nor a manager of another area', async () => {
    const scale = { method: 'POST', body: JSON.stringify({ type: 'SCALE_OUT', aspectId: 'VDU1_scale' }) };
    expect(await status(as.userA, `/vnflcm/v2/vnf_instances/${instances.tokyo}/scale`, scale)).toBe(403);
    expect(await status(as.managerA, `/vnflcm/v2/vnf_instances/${instances.osaka}/scale`, scale)).toBe(403);
    const accepted = await as.managerA(`/vnflcm/v2/vnf_instances/${instances.tokyo}/scale`, scale);
    expect(accepted.status).toBe(202);
    const occ = String(accepted.headers.get('location')).split('/').pop() as string;
    expect((await settledOpOcc(as.managerA, occ)).operationState).toBe('COMPLETED');
  });

  it("creates an instance only for a manager holding the package's vendor, and shows packages by vendor", async () => {
    const [pkg] = await getJson<{ id: string; vnfdId: string }[]>(as.admin, '/vnfpkgm/v1/vnf_packages');
    const create = { method: 'POST', body: JSON.stringify({ vnfdId: pkg.vnfdId }) };
    expect(await status(as.otherVendor, '/vnflcm/v2/vnf_instances', create)).toBe(403);
    expect(await status(as.userA, '/vnflcm/v2/vnf_instances', create)).toBe(403);
    const made = await as.managerA('/vnflcm/v2/vnf_instances', create);
    expect(made.status).toBe(201);
    expect(await status(as.managerA, `/vnflcm/v2/vnf_instances/${((await made.json()) as { id: string }).id}`, { method: 'DELETE' })).toBe(
      204,
    );
    expect(await status(as.userA, `/vnfpkgm/v1/vnf_packages/${pkg.id}`)).toBe(200);
    expect(await status(as.otherVendor, `/vnfpkgm/v1/vnf_packages/${pkg.id}`)).toBe(403);
    expect(await getJson<unknown[]>(as.otherVendor, '/vnfpkgm/v1/vnf_packages')).toEqual([]);
  });
});
