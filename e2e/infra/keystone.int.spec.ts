import { randomBytes } from 'node:crypto';
import { ensureKeystone, identityCall, issueToken, KeystoneAdmin, KeystoneLogin } from '../support/keystone';

// A real Keystone (tools/keystone); a cold start installs it from PyPI.
jest.setTimeout(60_000);
const UP_TIMEOUT_MS = 10 * 60_000;
const RUN_ID = `${Date.now().toString(36)}-${process.pid}`;

interface Named {
  id: string;
  name: string;
}
interface TokenBody {
  token: {
    methods: string[];
    user: Named & { domain: Named };
    project?: Named & { domain: Named };
    roles?: Named[];
    catalog?: { type: string; name: string; endpoints: { interface: string; url: string; region: string }[] }[];
    expires_at: string;
    issued_at: string;
  };
}

let admin: KeystoneAdmin;
let adminToken: string;
const created: { users: string[]; projects: string[] } = { users: [], projects: [] };

/** A request to the identity API as `token`; fails unless Keystone answers `expected`. */
const identity = <T>(token: string, method: string, path: string, expected: number, body?: unknown): Promise<T> =>
  identityCall<T>(admin.authUrl, token, { method, path, expected, body });

/** `GET /v3/auth/tokens` the way keystonemiddleware validates a token: the validator's token and the one validated. */
async function validate(subjectToken: string): Promise<{ status: number; subject: string | null; body: TokenBody | undefined }> {
  const response = await fetch(`${admin.authUrl}/auth/tokens`, {
    headers: { 'X-Auth-Token': adminToken, 'X-Subject-Token': subjectToken, Accept: 'application/json' },
  });
  const text = await response.text();
  return {
    status: response.status,
    subject: response.headers.get('x-subject-token'),
    body: response.status === 200 ? (JSON.parse(text) as TokenBody) : undefined,
  };
}

const roleNames = (body: TokenBody | undefined): string[] => (body?.token.roles ?? []).map((role) => role.name).sort();

beforeAll(async () => {
  admin = await ensureKeystone();
  adminToken = (await issueToken(admin)).token;
}, UP_TIMEOUT_MS);

afterAll(async () => {
  if (!adminToken) return;
  for (const id of created.users) await identity(adminToken, 'DELETE', `/users/${id}`, 204).catch(() => undefined);
  for (const id of created.projects) await identity(adminToken, 'DELETE', `/projects/${id}`, 204).catch(() => undefined);
});

describe('the test Keystone (tools/keystone)', () => {
  it('issues the admin a project-scoped token with the admin role and the identity endpoint in its catalog', async () => {
    const { token, body } = await issueToken(admin);
    const issued = (body as TokenBody).token;

    expect(token.length).toBeGreaterThan(100);
    expect(issued.methods).toEqual(['password']);
    expect(issued.user).toMatchObject({ name: admin.username, domain: { id: 'default', name: admin.userDomainName } });
    expect(issued.project).toMatchObject({ name: admin.projectName, domain: { id: 'default', name: admin.projectDomainName } });
    expect(roleNames(body as TokenBody)).toEqual(expect.arrayContaining(['admin', 'member', 'reader']));
    expect(Date.parse(issued.expires_at)).toBeGreaterThan(Date.now());
    const identityService = issued.catalog?.find((service) => service.type === 'identity');
    expect(identityService?.endpoints).toEqual(
      expect.arrayContaining([expect.objectContaining({ interface: 'public', region: admin.region, url: `${admin.authUrl}/` })]),
    );
  });

  it('validates a token like keystonemiddleware: GET /v3/auth/tokens answers its user, project and roles', async () => {
    const { token, body } = await issueToken(admin);
    const validated = await validate(token);

    expect(validated.status).toBe(200);
    expect(validated.subject).toBe(token);
    expect(validated.body?.token.user).toMatchObject({ name: 'admin', domain: { id: 'default' } });
    expect(validated.body?.token.project).toEqual((body as TokenBody).token.project);
    expect(roleNames(validated.body)).toContain('admin');
    expect(validated.body?.token.expires_at).toBe((body as TokenBody).token.expires_at);
  });

  it('answers 404 for a token it never issued', async () => {
    const validated = await validate(`gAAAAA${randomBytes(120).toString('base64url')}`);

    expect(validated.status).toBe(404);
  });

  it('has the default roles after bootstrap', async () => {
    const { roles } = await identity<{ roles: Named[] }>(adminToken, 'GET', '/roles', 200);

    expect(roles.map((role) => role.name)).toEqual(expect.arrayContaining(['admin', 'manager', 'member', 'reader', 'service']));
  });

  it('logs in a new user with the member role on a new project; its token carries member and the implied reader', async () => {
    const { roles } = await identity<{ roles: Named[] }>(adminToken, 'GET', '/roles?name=member', 200);
    const member = roles[0];
    expect(member?.name).toBe('member');
    const { project } = await identity<{ project: Named }>(adminToken, 'POST', '/projects', 201, {
      project: { name: `vnfm-test-${RUN_ID}`, domain_id: 'default', description: 'e2e/infra/keystone.int.spec.ts' },
    });
    created.projects.push(project.id);
    const password = randomBytes(18).toString('base64url');
    const { user } = await identity<{ user: Named }>(adminToken, 'POST', '/users', 201, {
      user: { name: `vnfm-user-${RUN_ID}`, domain_id: 'default', password, default_project_id: project.id },
    });
    created.users.push(user.id);
    await identity(adminToken, 'PUT', `/projects/${project.id}/users/${user.id}/roles/${member?.id}`, 204);

    const login: KeystoneLogin = { ...admin, username: user.name, password, projectName: project.name };
    const { token, body } = await issueToken(login);
    expect((body as TokenBody).token.user.id).toBe(user.id);
    expect((body as TokenBody).token.project).toMatchObject({ id: project.id, name: project.name });
    expect(roleNames(body as TokenBody)).toEqual(['member', 'reader']);

    const validated = await validate(token);
    expect(validated.status).toBe(200);
    expect(validated.body?.token.project?.id).toBe(project.id);
    expect(roleNames(validated.body)).toEqual(['member', 'reader']);

    // A member is no admin: listing users is refused.
    await expect(identity(token, 'GET', '/users', 200)).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a wrong password with 401', async () => {
    await expect(issueToken({ ...admin, password: `${admin.password}-wrong` })).rejects.toMatchObject({ status: 401 });
    await expect(issueToken({ ...admin, username: `nobody-${RUN_ID}` })).rejects.toMatchObject({ status: 401 });
  });
});
