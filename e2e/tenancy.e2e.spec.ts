import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditTrailReply } from '@vnfm/lcm-domain';
import {
  NotificationReceivers,
  type ReceivedNotification,
} from '../services/lcm-coordinator/src/notifications/testing/notification-receiver';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { testPort } from './support/lanes';
import { createInstance, gatewayHttp, getJson, settledOpOcc, startTask, type GatewayHttp } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LCM_PACKAGE, onboardCorpusPackage, registerSimulatorVim } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { entryPoint, killGroup, startProduct, type ProductProcess } from './support/product-process';
import { keycloakTenants, keystoneTenants, ROLES, TENANTS, type Role, type Tenant, type TwoTenants } from './support/two-tenants';

jest.setTimeout(300_000);

const RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
/** A package only tenant A onboards (another vnfdId than LCM_PACKAGE's). */
const A_ONLY_PACKAGE = 'vnf-helloworld3';

/** What each tenant owns once the set-up has run. */
interface Owned {
  vim: string;
  pkg: string;
  vnfdId: string;
  instance: string;
  occ: string;
  subscription: string;
  /** The vnfdId of a package only this tenant onboarded. */
  onlyVnfdId?: string;
}

/** A request against tenant A's resources, and the status each principal gets: the own tenant's by role, then the other tenant's by role. */
interface Row {
  what: string;
  method: string;
  path: (a: Owned) => string;
  body?: unknown;
  /** Absent for a change that would undo the set-up if allowed (a terminate, a delete): asked of the other tenant only. */
  own?: Record<Role, number>;
  foreign: Record<Role, number>;
}

const everyRole = (status: number): Record<Role, number> => ({ reader: status, member: status, admin: status });
const READ = { own: everyRole(200), foreign: everyRole(404) };
/** A change a member may make, asked by the other tenant: 403 for its reader, as if absent for the others. */
const FOREIGN_LCM = { foreign: { reader: 403, member: 404, admin: 404 } };
/** A change only an admin may make, asked by the other tenant. */
const FOREIGN_ADMIN = { foreign: { reader: 403, member: 403, admin: 404 } };
/** An occurrence task its COMPLETED state refuses. */
const completedOccTask = (task: string, body?: unknown): Row => ({
  what: `${task} a completed occurrence`,
  method: 'POST',
  path: (a) => `/vnflcm/v2/vnf_lcm_op_occs/${a.occ}/${task}`,
  body,
  own: { reader: 403, member: 409, admin: 409 },
  ...FOREIGN_LCM,
});

// Reads answer the owner's principals and look absent to the other tenant's. A change is first a question of role
// (403, whoever owns the resource), then of tenancy (404 for the other tenant's), then of state (409 here: each change
// is one the resource's state refuses, so the table leaves everything as it found it).
const TABLE: Row[] = [
  { what: 'VIM', method: 'GET', path: (a) => `/v1.0/vims/${a.vim}`, ...READ },
  { what: 'package', method: 'GET', path: (a) => `/vnfpkgm/v1/vnf_packages/${a.pkg}`, ...READ },
  { what: 'package by the vnfdId only A holds', method: 'GET', path: (a) => `/vnfpkgm/v1/onboarded_vnf_packages/${a.onlyVnfdId}`, ...READ },
  { what: 'VNFD', method: 'GET', path: (a) => `/vnfpkgm/v1/vnf_packages/${a.pkg}/vnfd`, ...READ },
  { what: 'package content', method: 'GET', path: (a) => `/vnfpkgm/v1/vnf_packages/${a.pkg}/package_content`, ...READ },
  { what: 'instance v2', method: 'GET', path: (a) => `/vnflcm/v2/vnf_instances/${a.instance}`, ...READ },
  { what: 'instance v1', method: 'GET', path: (a) => `/vnflcm/v1/vnf_instances/${a.instance}`, ...READ },
  { what: 'occurrence', method: 'GET', path: (a) => `/vnflcm/v2/vnf_lcm_op_occs/${a.occ}`, ...READ },
  { what: 'subscription', method: 'GET', path: (a) => `/vnflcm/v2/subscriptions/${a.subscription}`, ...READ },
  { what: 'audit trail', method: 'GET', path: (a) => `/audit/v1/vnf_instances/${a.instance}/events`, ...READ },
  {
    what: 'VIM update',
    method: 'PUT',
    path: (a) => `/v1.0/vims/${a.vim}`,
    body: { vim: { description: 'tenancy table' } },
    own: { reader: 403, member: 403, admin: 200 },
    foreign: { reader: 403, member: 403, admin: 404 },
  },
  {
    what: 'package disabled while in use',
    method: 'DELETE',
    path: (a) => `/vnfpkgm/v1/vnf_packages/${a.pkg}`,
    own: { reader: 403, member: 403, admin: 409 },
    foreign: { reader: 403, member: 403, admin: 404 },
  },
  {
    what: 'instantiate an instantiated instance',
    method: 'POST',
    path: (a) => `/vnflcm/v2/vnf_instances/${a.instance}/instantiate`,
    body: instantiateRequest(2),
    own: { reader: 403, member: 409, admin: 409 },
    foreign: { reader: 403, member: 404, admin: 404 },
  },
  {
    what: 'delete an instantiated instance',
    method: 'DELETE',
    path: (a) => `/vnflcm/v2/vnf_instances/${a.instance}`,
    own: { reader: 403, member: 409, admin: 409 },
    foreign: { reader: 403, member: 404, admin: 404 },
  },
  completedOccTask('retry'),
  completedOccTask('rollback'),
  completedOccTask('fail'),
  completedOccTask('cancel', { cancelMode: 'GRACEFUL' }),
  { what: 'occurrence v1', method: 'GET', path: (a) => `/vnflcm/v1/vnf_lcm_op_occs/${a.occ}`, ...READ },
  {
    what: 'package user data',
    method: 'PATCH',
    path: (a) => `/vnfpkgm/v1/vnf_packages/${a.pkg}`,
    body: { userDefinedData: { checkedBy: 'tenancy table' } },
    own: { reader: 403, member: 403, admin: 200 },
    ...FOREIGN_ADMIN,
  },
  { what: 'VIM delete', method: 'DELETE', path: (a) => `/v1.0/vims/${a.vim}`, ...FOREIGN_ADMIN },
  { what: 'subscription delete', method: 'DELETE', path: (a) => `/vnflcm/v2/subscriptions/${a.subscription}`, ...FOREIGN_LCM },
  {
    what: 'instance modify',
    method: 'PATCH',
    path: (a) => `/vnflcm/v2/vnf_instances/${a.instance}`,
    body: { vnfInstanceDescription: 'x' },
    ...FOREIGN_LCM,
  },
  {
    what: 'scale out',
    method: 'POST',
    path: (a) => `/vnflcm/v2/vnf_instances/${a.instance}/scale`,
    body: { type: 'SCALE_OUT', aspectId: 'VDU1_scale' },
    ...FOREIGN_LCM,
  },
  { what: 'heal', method: 'POST', path: (a) => `/vnflcm/v2/vnf_instances/${a.instance}/heal`, body: {}, ...FOREIGN_LCM },
  {
    what: 'terminate',
    method: 'POST',
    path: (a) => `/vnflcm/v2/vnf_instances/${a.instance}/terminate`,
    body: { terminationType: 'FORCEFUL' },
    ...FOREIGN_LCM,
  },
  {
    what: 'terminate v1',
    method: 'POST',
    path: (a) => `/vnflcm/v1/vnf_instances/${a.instance}/terminate`,
    body: { terminationType: 'FORCEFUL' },
    ...FOREIGN_LCM,
  },
];

describe.each([
  ['Keystone', keystoneTenants],
  ['Keycloak', keycloakTenants],
] as const)('Tenancy with %s: two tenants, each with a reader, a member and an admin', (_, tenantsOf) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-tenancy-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const receivers = new NotificationReceivers();
  const owned = {} as Record<Tenant, Owned>;
  let tenants: TwoTenants;
  let sim: OpenStackSimulator | undefined;
  let product: ProductProcess | undefined;
  let aOnlyVnfdId = '';

  const as = async (tenant: Tenant, role: Role): Promise<GatewayHttp> => gatewayHttp(endpoint, await tenants.token(tenant, role));

  beforeAll(async () => {
    [tenants, sim] = await Promise.all([tenantsOf(RUN), startOpenStackSimulator({ delayMs: 0 }), receivers.start()]);
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      ...tenants.env(),
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_LOG_LEVEL: 'warn',
    });
    await pollUntil(
      'the gateway answers',
      () =>
        fetch(`${endpoint}/health`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      120_000,
    );
    for (const tenant of TENANTS) {
      const admin = await as(tenant, 'admin');
      const member = await as(tenant, 'member');
      const vim = await registerSimulatorVim(admin, sim as OpenStackSimulator, `sim-${tenant}`);
      // Both tenants onboard the same package: a vnfdId is unique within a tenant only.
      const pkg = await onboardCorpusPackage(admin, dataDir, LCM_PACKAGE);
      const subscription = await member('/vnflcm/v2/subscriptions', {
        method: 'POST',
        body: JSON.stringify({ callbackUri: receivers.uri(`${tenants.method}-${tenant}`) }),
      });
      expect(subscription.status).toBe(201);
      const instance = await createInstance(member, String(pkg.vnfdId), `tenancy-${tenant}`);
      const occ = await startTask(member, instance.id, 'instantiate', instantiateRequest(2));
      expect((await settledOpOcc(member, occ)).operationState).toBe('COMPLETED');
      owned[tenant] = {
        vim,
        pkg: pkg.id,
        vnfdId: String(pkg.vnfdId),
        instance: instance.id,
        occ,
        subscription: ((await subscription.json()) as { id: string }).id,
      };
    }
    aOnlyVnfdId = String((await onboardCorpusPackage(await as('A', 'admin'), dataDir, A_ONLY_PACKAGE)).vnfdId);
    owned.A.onlyVnfdId = aOnlyVnfdId;
  }, 600_000);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await sim?.close();
    await receivers.close();
    await tenants?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every route × role × own or foreign resource with the exact status of the table', async () => {
    const got: string[] = [];
    const wanted: string[] = [];
    for (const row of TABLE)
      for (const tenant of row.own ? TENANTS : (['B'] as const))
        for (const role of ROLES) {
          const http = await as(tenant, role);
          const body = row.body === undefined ? undefined : JSON.stringify(row.body);
          const response = await http(row.path(owned.A), { method: row.method, body });
          const label = `${row.what}: ${row.method} as ${tenant}-${role}`;
          got.push(`${label} → ${response.status}`);
          wanted.push(`${label} → ${(tenant === 'A' ? (row.own as Record<Role, number>) : row.foreign)[role]}`);
        }
    expect(got).toEqual(wanted);
  });

  it('shows nothing of tenant A to B in lists and filters, and B sees its own', async () => {
    const ids = (items: { id: string }[]) => items.map((item) => item.id);
    for (const role of ROLES) {
      const b = await as('B', role);
      const instances = ids(await getJson<{ id: string }[]>(b, '/vnflcm/v2/vnf_instances'));
      expect(instances).toEqual([owned.B.instance]);
      expect(await getJson(b, `/vnflcm/v2/vnf_instances?filter=(eq,id,${owned.A.instance})`)).toEqual([]);
      expect(ids(await getJson<{ id: string }[]>(b, '/vnflcm/v2/vnf_lcm_op_occs'))).toEqual([owned.B.occ]);
      expect(ids(await getJson<{ id: string }[]>(b, '/vnflcm/v2/subscriptions'))).toEqual([owned.B.subscription]);
      expect(ids(await getJson<{ id: string }[]>(b, '/vnfpkgm/v1/vnf_packages'))).toEqual([owned.B.pkg]);
      expect(ids((await getJson<{ vims: { id: string }[] }>(b, '/v1.0/vims')).vims)).toEqual([owned.B.vim]);
    }
    expect(ids(await getJson<{ id: string }[]>(await as('A', 'reader'), '/vnfpkgm/v1/vnf_packages')).sort()).toHaveLength(2);
    // One vnfdId in both tenants: each finds its own package by it.
    for (const tenant of TENANTS) {
      const pkg = await getJson<{ id: string }>(await as(tenant, 'reader'), `/vnfpkgm/v1/onboarded_vnf_packages/${owned.A.vnfdId}`);
      expect(pkg.id).toBe(owned[tenant].pkg);
    }
  });

  it("refuses B's requests that name A's ids in their bodies exactly as unknown ids", async () => {
    const member = await as('B', 'member');
    const create = (vnfdId: string) => member('/vnflcm/v2/vnf_instances', { method: 'POST', body: JSON.stringify({ vnfdId }) });
    // The answer, its id masked: the same words and status for A's vnfdId as for one nobody has.
    const answer = async (vnfdId: string) => {
      const response = await create(vnfdId);
      const { detail } = (await response.json()) as { detail?: string };
      return `${response.status} ${String(detail).replaceAll(vnfdId, '<vnfdId>')}`;
    };
    const unknown = await answer('9e1b5b36-0000-4000-8000-000000000000');
    expect(await answer(aOnlyVnfdId)).toBe(unknown);
    expect(unknown).toMatch(/^4\d\d /);
    // Instantiating B's own new instance on A's VIM: as if the VIM did not exist.
    const instance = await createInstance(member, owned.B.vnfdId, 'b-on-a-vim');
    const onVim = (vimId: string) =>
      member(`/vnflcm/v2/vnf_instances/${instance.id}/instantiate`, {
        method: 'POST',
        body: JSON.stringify({
          ...instantiateRequest(2),
          vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
        }),
      });
    const vimAnswer = async (vimId: string) => {
      const response = await onVim(vimId);
      const { detail } = (await response.json()) as { detail?: string };
      return `${response.status} ${String(detail).replaceAll(vimId, '<vimId>')}`;
    };
    const noVim = await vimAnswer('0d5a4a3e-0000-4000-8000-000000000000');
    expect(await vimAnswer(owned.A.vim)).toBe(noVim);
    expect(noVim).toMatch(/^4\d\d /);
    expect((await member(`/vnflcm/v2/vnf_instances/${instance.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it("notifies each tenant's subscription about its own instances only, and the audit names each tenant's member", async () => {
    const instancesIn = (got: ReceivedNotification[]) => new Set(got.map((notification) => String(notification.body.vnfInstanceId)));
    for (const tenant of TENANTS) {
      const got = await receivers.until(`${tenants.method}-${tenant}`, (notifications) => notifications.length >= 4);
      expect([...instancesIn(got)].filter((id) => id !== undefined && id !== 'undefined')).toContain(owned[tenant].instance);
      expect(instancesIn(got).has(owned[tenant === 'A' ? 'B' : 'A'].instance)).toBe(false);
      const trail = await getJson<AuditTrailReply>(await as(tenant, 'reader'), `/audit/v1/vnf_instances/${owned[tenant].instance}/events`);
      expect(trail.entries.map((entry) => entry.principal)).toContainEqual(
        expect.stringContaining(tenants.principalPrefix(tenant, 'member')),
      );
    }
  });
});
