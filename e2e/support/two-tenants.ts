import { randomBytes } from 'node:crypto';
import {
  clientCredentialsGrant,
  createRealm,
  deleteRealm,
  ensureKeycloak,
  realmIssuer,
  vnfmTestRealm,
  type KeycloakServer,
  type VnfmTestRealmOptions,
} from './keycloak';
import {
  deleteRegion,
  ensureKeystone,
  identityCall,
  issueToken,
  keystoneProductEnv,
  type KeystoneAdmin,
  type KeystoneLogin,
} from './keystone';

export const TENANTS = ['A', 'B'] as const;
export type Tenant = (typeof TENANTS)[number];
export const ROLES = ['reader', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Two tenants, each with a reader, a member and an admin, in a real identity
 * service: what the product needs to trust it (its environment), a fresh
 * token for each principal, and the undoing of it all.
 */
export interface TwoTenants {
  readonly method: 'keystone' | 'oauth2';
  env(): Record<string, string>;
  token(tenant: Tenant, role: Role): Promise<string>;
  /** The principal's name as the audit records it starts with this. */
  principalPrefix(tenant: Tenant, role: Role): string;
  close(): Promise<void>;
}

/** Two Keystone projects with one user per role each, and a region of the run's own for the catalog entry. */
export async function keystoneTenants(run: string): Promise<TwoTenants> {
  const admin: KeystoneAdmin = await ensureKeystone();
  const adminToken = (await issueToken(admin)).token;
  const identity = <T>(method: string, path: string, expected: number, body?: unknown) =>
    identityCall<T>(admin.authUrl, adminToken, { method, path, expected, body });
  const region = `tenancy-${run}`;
  const created = { users: [] as string[], projects: [] as string[] };
  await identity('POST', '/regions', 201, { region: { id: region } });
  const roleIds = Object.fromEntries(
    (await identity<{ roles: { id: string; name: string }[] }>('GET', '/roles', 200)).roles.map((role) => [role.name, role.id]),
  );
  const logins = new Map<string, KeystoneLogin>();
  for (const tenant of TENANTS) {
    const projectName = `tenant-${tenant}-${run}`;
    const { project } = await identity<{ project: { id: string } }>('POST', '/projects', 201, {
      project: { name: projectName, domain_id: 'default' },
    });
    created.projects.push(project.id);
    for (const role of ROLES) {
      const username = `${tenant}-${role}-${run}`;
      const password = randomBytes(12).toString('hex');
      const { user } = await identity<{ user: { id: string } }>('POST', '/users', 201, {
        user: { name: username, password, domain_id: 'default', default_project_id: project.id },
      });
      created.users.push(user.id);
      await identity('PUT', `/projects/${project.id}/users/${user.id}/roles/${roleIds[role]}`, 204);
      logins.set(`${tenant}/${role}`, {
        authUrl: admin.authUrl,
        username,
        password,
        projectName,
        userDomainName: 'Default',
        projectDomainName: 'Default',
      });
    }
  }
  const tokens = new Map<string, string>();
  return {
    method: 'keystone',
    env: () => keystoneProductEnv(admin, region),
    async token(tenant, role) {
      const key = `${tenant}/${role}`;
      if (!tokens.has(key)) tokens.set(key, (await issueToken(logins.get(key) as KeystoneLogin)).token);
      return tokens.get(key) as string;
    },
    principalPrefix: (tenant, role) => `${tenant}-${role}-${run}@tenant-${tenant}-${run}`,
    async close() {
      await deleteRegion(admin.authUrl, adminToken, region);
      for (const id of created.users) await identity('DELETE', `/users/${id}`, 204).catch(() => undefined);
      for (const id of created.projects) await identity('DELETE', `/projects/${id}`, 204).catch(() => undefined);
    },
  };
}

/** A Keycloak realm of the run's own with one service client per tenant and role, each with its tenant claim and realm role. */
export async function keycloakTenants(run: string): Promise<TwoTenants> {
  const server: KeycloakServer = await ensureKeycloak();
  const realm = `tenancy-${run}`;
  const audience = 'vnfm';
  const clients = new Map<string, VnfmTestRealmOptions['serviceClient']>();
  for (const tenant of TENANTS)
    for (const role of ROLES)
      clients.set(`${tenant}/${role}`, {
        clientId: `${tenant}-${role}`,
        secret: randomBytes(18).toString('base64url'),
        role,
        tenant: `tenant-${tenant}`,
      });
  const [first, ...others] = [...clients.values()];
  const tokens = new Map<string, { token: string; until: number }>();
  await createRealm(
    server,
    vnfmTestRealm(realm, { audience, serviceClient: first, userClient: { clientId: 'vnfm-cli' }, extraServiceClients: others }),
  );
  return {
    method: 'oauth2',
    env: () => ({
      VNFM_AUTH: 'oauth2',
      VNFM_OAUTH_ISSUER: realmIssuer(server, realm),
      VNFM_OAUTH_AUDIENCE: audience,
      VNFM_OAUTH_CA_FILE: server.pki.caFile,
    }),
    // A token is taken again a minute before the realm's lifespan (300 s) would end it.
    async token(tenant, role) {
      const key = `${tenant}/${role}`;
      const held = tokens.get(key);
      if (held && held.until > Date.now()) return held.token;
      const client = clients.get(key) as VnfmTestRealmOptions['serviceClient'];
      const token = (await clientCredentialsGrant(server, realm, client.clientId, client.secret)).access_token;
      tokens.set(key, { token, until: Date.now() + 240_000 });
      return token;
    },
    principalPrefix: (tenant, role) => `service-account-${tenant}-${role}`.toLowerCase() + `@tenant-${tenant}`,
    close: () => deleteRealm(server, realm),
  };
}
