import { startOpenStackSimulator, type OpenStackSimulator } from '../index';
import { field } from '../testing/openstack-test-client';

interface Login {
  readonly user: object;
  readonly scope?: object;
}

const byName = (password: string): Login => ({
  user: { name: 'nfv_user', domain: { name: 'Default' }, password },
  scope: { project: { name: 'nfv', domain: { name: 'Default' } } },
});

describe('Keystone v3 password authentication', () => {
  let simulator: OpenStackSimulator;
  let now = Date.parse('2024-05-01T10:00:00Z');

  beforeAll(async () => {
    simulator = await startOpenStackSimulator({ tokenTtlSeconds: 60, clock: () => new Date(now) });
  });
  afterAll(() => simulator.close());

  async function authenticate(
    login: Login,
    path = '/identity/v3/auth/tokens',
  ): Promise<{ status: number; token: string | null; body: unknown }> {
    const body = {
      auth: {
        identity: { methods: ['password'], password: { user: login.user } },
        ...(login.scope === undefined ? {} : { scope: login.scope }),
      },
    };
    const response = await fetch(`${simulator.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, token: response.headers.get('X-Subject-Token'), body: await response.json() };
  }

  const listStacks = (token: string | null, project = simulator.credentials.projectId): Promise<Response> =>
    fetch(`${simulator.url}/heat-api/v1/${project}/stacks`, { headers: token === null ? {} : { 'X-Auth-Token': token } });

  it('issues a project-scoped token with roles and a service catalog', async () => {
    const { status, token, body } = await authenticate(byName('devstack'));
    expect(status).toBe(201);
    expect(token).toMatch(/^gAAAAA/);
    const { projectId } = simulator.credentials;
    expect(field(body, 'token')).toMatchObject({
      methods: ['password'],
      user: { name: 'nfv_user', domain: { id: 'default', name: 'Default' } },
      project: { id: projectId, name: 'nfv', domain: { id: 'default', name: 'Default' } },
      roles: expect.arrayContaining([expect.objectContaining({ name: 'admin' })]),
      issued_at: '2024-05-01T10:00:00.000000Z',
      expires_at: '2024-05-01T10:01:00.000000Z',
    });
    const catalog = field(body, 'token.catalog') as object[];
    const url = (type: string): unknown =>
      field(
        catalog.find((service) => field(service, 'type') === type),
        'endpoints.0',
      );
    expect(url('orchestration')).toMatchObject({
      interface: 'public',
      region_id: 'RegionOne',
      url: `${simulator.url}/heat-api/v1/${projectId}`,
    });
    expect(url('compute')).toMatchObject({ interface: 'public', url: `${simulator.url}/compute/v2.1` });
    expect(url('identity')).toMatchObject({ url: `${simulator.url}/identity` });
    expect((await listStacks(token)).status).toBe(200);
  });

  it('counts the requests it answers per service, so a benchmark can tell how often a client asks', async () => {
    const before = simulator.requestCounts();
    const { token } = await authenticate(byName('devstack'));
    await listStacks(token);
    await listStacks(token);
    const after = simulator.requestCounts();
    expect((after.identity ?? 0) - (before.identity ?? 0)).toBe(1);
    expect((after['heat-api'] ?? 0) - (before['heat-api'] ?? 0)).toBe(2);
  });

  it('accepts ids instead of names, the root /v3 path and the corpus VIM config password', async () => {
    const first = await authenticate(byName('mySecretPW'), '/v3/auth/tokens');
    const userId = String(field(first.body, 'token.user.id'));
    const byId = await authenticate({
      user: { id: userId, password: 'devstack' },
      scope: { project: { id: simulator.credentials.projectId } },
    });
    expect(first.status).toBe(201);
    expect(byId.status).toBe(201);
  });

  it('rejects bad credentials with 401 and an OpenStack error document', async () => {
    for (const login of [
      byName('wrong'),
      { ...byName('devstack'), scope: { project: { name: 'admin', domain: { name: 'Default' } } } },
      { user: { name: 'nfv_user', password: 'devstack' } },
    ]) {
      const { status, token, body } = await authenticate(login);
      expect(status).toBe(401);
      expect(token).toBeNull();
      expect(body).toEqual({ error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } });
    }
  });

  it('answers 400 for a malformed auth request', async () => {
    const response = await fetch(`${simulator.url}/identity/v3/auth/tokens`, { method: 'POST', body: JSON.stringify({ auth: {} }) });
    expect(response.status).toBe(400);
  });

  it('issues unscoped tokens without a catalog, which the services refuse', async () => {
    const { status, token, body } = await authenticate({ user: byName('devstack').user });
    expect(status).toBe(201);
    expect(field(body, 'token.catalog')).toBeUndefined();
    expect((await listStacks(token)).status).toBe(401);
  });

  it('refuses missing and expired tokens with 401, other projects with 403', async () => {
    const { token } = await authenticate(byName('devstack'));
    expect((await listStacks(token, 'another-project')).status).toBe(403);
    const missing = await listStacks(null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('WWW-Authenticate')).toBe(`Keystone uri="${simulator.url}/identity"`);

    now += 61_000;
    const expired = await listStacks(token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: { code: 401 } });
  });

  it('serves the version documents for discovery', async () => {
    const version = await fetch(`${simulator.url}/identity/v3`);
    expect(await version.json()).toMatchObject({
      version: { id: 'v3.14', status: 'stable', links: [{ rel: 'self', href: `${simulator.url}/identity/v3/` }] },
    });
    const versions = await fetch(`${simulator.url}/identity`);
    expect(versions.status).toBe(300);
    expect(field(await versions.json(), 'versions.values.0.id')).toBe('v3.14');
  });
});
