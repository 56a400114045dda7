import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditTrailReply } from '@vnfm/lcm-domain';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { zipCorpusPackage } from '../services/package-catalog/src/testing/corpus-packages';
import {
  deleteRegion,
  ensureKeystone,
  identityCall,
  issueToken,
  keystoneProductEnv,
  type KeystoneAdmin,
  type KeystoneLogin,
} from './support/keystone';
import { testPort } from './support/lanes';
import { gatewayHttp, getJson } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LCM_PACKAGE, simulatorVimFile } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, keystoneTackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(300_000);

const RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

// Needs `npm run build`, the test Keystone (tools/keystone, started when down) and the Tacker CLI.
// The product authenticates with Keystone (VNFM_AUTH=keystone): it registers itself in the catalog, in a region of
// this run's own, and the unmodified CLI runs with nothing but a Keystone login (no admin token, no --os-endpoint).
describe('Keystone authentication: the Tacker CLI with a plain Keystone login, roles from Keystone', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-keystone-'));
  const port = testPort();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = `e2e-${RUN}`;
  const created: { users: string[]; projects: string[] } = { users: [], projects: [] };
  let admin: KeystoneAdmin;
  let adminToken = '';
  let product: ProductProcess | undefined;
  let sim: OpenStackSimulator | undefined;
  let openstack = '';
  const logins: Record<'admin' | 'member' | 'reader', KeystoneLogin> = {} as never;

  const identity = <T>(method: string, path: string, expected: number, body?: unknown) =>
    identityCall<T>(admin.authUrl, adminToken, { method, path, expected, body });
  /** The CLI as `login` runs it, in this run's region; its direct reads use a token of the same login. */
  const cliAs = async (login: KeystoneLogin): Promise<TackerCli> =>
    keystoneTackerCli(openstack, { ...login, region }, endpoint, (await issueToken(login)).token);

  beforeAll(async () => {
    [admin, openstack] = await Promise.all([ensureKeystone(), ensureTackerCli()]);
    adminToken = (await issueToken(admin)).token;
    await identity('POST', '/regions', 201, { region: { id: region } });
    const { project } = await identity<{ project: { id: string } }>('POST', '/projects', 201, {
      project: { name: `vnfm-${RUN}`, domain_id: 'default' },
    });
    created.projects.push(project.id);
    const roles = (await identity<{ roles: { id: string; name: string }[] }>('GET', '/roles', 200)).roles;
    for (const role of ['member', 'reader'] as const) {
      const password = randomBytes(12).toString('hex');
      const { user } = await identity<{ user: { id: string } }>('POST', '/users', 201, {
        user: { name: `${role}-${RUN}`, password, domain_id: 'default', default_project_id: project.id },
      });
      created.users.push(user.id);
      const roleId = roles.find((candidate) => candidate.name === role)?.id;
      await identity('PUT', `/projects/${project.id}/users/${user.id}/roles/${roleId}`, 204);
      logins[role] = {
        authUrl: admin.authUrl,
        username: `${role}-${RUN}`,
        password,
        projectName: `vnfm-${RUN}`,
        userDomainName: 'Default',
        projectDomainName: 'Default',
      };
    }
    // The cloud admin is also this project's admin: the VIM it registers there is the project's default VIM (Tacker's tenant_id).
    const { users } = await identity<{ users: { id: string }[] }>('GET', `/users?name=${admin.username}`, 200);
    await identity('PUT', `/projects/${project.id}/users/${users[0].id}/roles/${roles.find((role) => role.name === 'admin')?.id}`, 204);
    logins.admin = { ...admin, projectName: `vnfm-${RUN}` };
    sim = await startOpenStackSimulator({ delayMs: 0 });
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: String(port),
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_LOG_LEVEL: 'info',
      ...keystoneProductEnv(admin, region),
    });
    await product.waitForLine(/registered in the Keystone catalog|could not register in the Keystone catalog/, 120_000);
    await waitForHttp(`${endpoint}/health`, 120_000);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 300_000);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await sim?.close();
    if (adminToken) {
      await deleteRegion(admin.authUrl, adminToken, region);
      for (const id of created.users) await identity('DELETE', `/users/${id}`, 204).catch(() => undefined);
      for (const id of created.projects) await identity('DELETE', `/projects/${id}`, 204).catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers itself in the Keystone catalog as nfv-orchestration: public, internal and admin at its URL, in its region', async () => {
    const { services } = await identity<{ services: { id: string; name: string }[] }>('GET', '/services?type=nfv-orchestration', 200);
    expect(services).toHaveLength(1);
    const { endpoints } = await identity<{ endpoints: { interface: string; url: string; region_id: string }[] }>(
      'GET',
      `/endpoints?service_id=${services[0].id}`,
      200,
    );
    const ours = endpoints.filter((found) => found.region_id === region).map((found) => `${found.interface} ${found.url}`);
    expect(ours.sort()).toEqual([`admin ${endpoint}`, `internal ${endpoint}`, `public ${endpoint}`]);
  });

  it('an admin registers the VIM and onboards the package, a member instantiates and scales a VNF: the CLI has only a Keystone login', async () => {
    const adminCli = await cliAs(logins.admin);
    const vim = await adminCli.json<{ status: string }>([
      'vim',
      'register',
      '--config-file',
      simulatorVimFile(dataDir, sim as OpenStackSimulator),
      '--is-default',
      'sim',
    ]);
    expect(vim.status).toBe('REACHABLE');
    const zip = join(dataDir, 'package.zip');
    writeFileSync(zip, await zipCorpusPackage(dataDir, LCM_PACKAGE));
    const pkg = await adminCli.json<CliRecord>(['vnf', 'package', 'create']);
    expect((await adminCli.run(['vnf', 'package', 'upload', '--path', zip, String(pkg.ID)])).code).toBe(0);
    const onboarded = await pollUntil(
      'the package onboarded',
      () => getJson<VnfPkgInfo>(gatewayHttp(endpoint, adminCli.token), `/vnfpkgm/v1/vnf_packages/${String(pkg.ID)}`),
      (info) => info.onboardingState === 'ONBOARDED' || info.onboardingState === 'ERROR',
      120_000,
    );
    expect(onboarded.onboardingState).toBe('ONBOARDED');

    const lcm = new VnflcmCli(await cliAs(logins.member), API_V2);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', String(onboarded.vnfdId)])).ID);
    const request = join(dataDir, 'instantiate.json');
    writeFileSync(request, JSON.stringify(instantiateRequest(2)));
    await lcm.complete(id, ['vnflcm', 'instantiate', id, request]);
    await lcm.complete(id, ['vnflcm', 'scale', id, '--type', 'SCALE_OUT', '--aspect-id', 'VDU1_scale']);
    // The audit says who did it: the member's Keystone identity.
    const trail = await getJson<AuditTrailReply>(gatewayHttp(endpoint, adminCli.token), `/audit/v1/vnf_instances/${id}/events`);
    expect(trail.entries.map((entry) => entry.principal)).toContainEqual(expect.stringContaining(`member-${RUN}@vnfm-${RUN}`));
  });

  it('a reader lists but may not create (403); a member may not register a VIM (403)', async () => {
    const reader = new VnflcmCli(await cliAs(logins.reader), API_V2);
    expect((await reader.run(['vnflcm', 'list'])).code).toBe(0);
    const refused = await reader.run(['vnflcm', 'create', 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000']);
    expect([refused.code === 0, `${refused.stdout}${refused.stderr}`]).toEqual([false, expect.stringContaining('needs the member role')]);
    const member = await cliAs(logins.member);
    const vim = await member.run(['vim', 'register', '--config-file', simulatorVimFile(dataDir, sim as OpenStackSimulator), 'not-allowed']);
    expect([vim.code === 0, `${vim.stdout}${vim.stderr}`]).toEqual([false, expect.stringContaining('needs the admin role')]);
  });

  it('refuses no token, an unknown token, and two valid credentials of different principals, with 401', async () => {
    const list = (headers: Record<string, string>) =>
      fetch(`${endpoint}/vnflcm/v2/vnf_instances`, { headers: { Version: '2.0.0', ...headers } });
    const member = (await issueToken(logins.member)).token;
    const reader = (await issueToken(logins.reader)).token;
    expect((await list({})).status).toBe(401);
    expect((await list({ 'X-Auth-Token': randomBytes(90).toString('base64url') })).status).toBe(401);
    expect((await list({ 'X-Auth-Token': reader })).status).toBe(200);
    expect((await list({ 'X-Auth-Token': member, Authorization: `Bearer ${reader}` })).status).toBe(401);
    expect((await list({ 'X-Auth-Token': member, Authorization: `Bearer ${member}` })).status).toBe(200);
    // The gateway's own Keystone password never reaches its log.
    expect((product as ProductProcess).lines.filter((line) => line.includes(admin.password))).toEqual([]);
  });
});
