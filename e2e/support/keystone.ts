import { infraUp } from './infra-script';

/** A password login to Keystone, scoped to a project (what an OpenStack VIM's access info holds). */
export interface KeystoneLogin {
  /** The identity v3 URL, e.g. http://127.0.0.1:15000/v3 */
  authUrl: string;
  username: string;
  password: string;
  projectName: string;
  userDomainName: string;
  projectDomainName: string;
}

/** The admin of the test Keystone (tools/keystone): role `admin` on project `admin` and on the system. */
export interface KeystoneAdmin extends KeystoneLogin {
  region: string;
}

// A cold start creates a venv and installs Keystone from PyPI (about a minute).
const UP_TIMEOUT_MS = 10 * 60_000;

let started: Promise<KeystoneAdmin> | undefined;

/** Starts the test Keystone unless already running (idempotent across test files and processes); its admin login. */
export function ensureKeystone(): Promise<KeystoneAdmin> {
  started ??= infraUp('tools/keystone/keystone.sh', UP_TIMEOUT_MS)
    .then(toKeystoneAdmin)
    .catch((error: unknown) => {
      started = undefined;
      throw error;
    });
  return started;
}

/** Maps the env line of `keystone.sh up` (OS_AUTH_URL=... OS_USERNAME=... OS_PASSWORD=... ...). */
function toKeystoneAdmin(env: Record<string, string>): KeystoneAdmin {
  const get = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`tools/keystone/keystone.sh up printed no ${name} on its last line`);
    return value;
  };
  return {
    authUrl: get('OS_AUTH_URL'),
    username: get('OS_USERNAME'),
    password: get('OS_PASSWORD'),
    projectName: get('OS_PROJECT_NAME'),
    userDomainName: get('OS_USER_DOMAIN_NAME'),
    projectDomainName: get('OS_PROJECT_DOMAIN_NAME'),
    region: get('OS_REGION_NAME'),
  };
}

/** Keystone answered an unexpected HTTP status. */
class KeystoneHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${status}: ${body.slice(0, 500)}`);
    this.name = 'KeystoneHttpError';
  }
}

/**
 * `POST /v3/auth/tokens` with the password method and project scope: the token
 * (its `X-Subject-Token` header) and the body (`{ token: { user, project, roles, catalog, ... } }`).
 * Rejects with a KeystoneHttpError unless Keystone answers 201.
 */
export async function issueToken(login: KeystoneLogin): Promise<{ token: string; body: unknown }> {
  const response = await fetch(`${login.authUrl.replace(/\/+$/, '')}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: login.username, domain: { name: login.userDomainName }, password: login.password } },
        },
        scope: { project: { name: login.projectName, domain: { name: login.projectDomainName } } },
      },
    }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new KeystoneHttpError(response.status, text, `POST /v3/auth/tokens as ${login.username}`);
  const token = response.headers.get('x-subject-token');
  if (!token) throw new Error(`POST /v3/auth/tokens as ${login.username} answered 201 without an X-Subject-Token header`);
  return { token, body: JSON.parse(text) as unknown };
}

/** A call to Keystone's identity API as `token`; rejects with a KeystoneHttpError unless it answers `expected`. */
export async function identityCall<T>(
  authUrl: string,
  token: string,
  request: { method: string; path: string; expected: number; body?: unknown },
): Promise<T> {
  const { method, path, expected, body } = request;
  const response = await fetch(`${authUrl.replace(/\/+$/, '')}${path}`, {
    method,
    headers: { 'X-Auth-Token': token, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new KeystoneHttpError(response.status, text, `${method} ${path} (expected ${expected})`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The settings that make the product take Keystone tokens with the test admin's login, registering itself in `region`. */
export const keystoneProductEnv = (admin: KeystoneAdmin, region: string): Record<string, string> => ({
  VNFM_AUTH: 'keystone',
  VNFM_KEYSTONE_URL: admin.authUrl,
  VNFM_KEYSTONE_USERNAME: admin.username,
  VNFM_KEYSTONE_PASSWORD: admin.password,
  VNFM_KEYSTONE_PROJECT: admin.projectName,
  VNFM_KEYSTONE_REGION: region,
});

/** Deletes a test region and the catalog endpoints the product registered in it; what is already gone is no error. */
export async function deleteRegion(authUrl: string, token: string, region: string): Promise<void> {
  const identity = <T>(method: string, path: string, expected: number) => identityCall<T>(authUrl, token, { method, path, expected });
  const { endpoints } = await identity<{ endpoints: { id: string; region_id: string }[] }>('GET', '/endpoints', 200).catch(() => ({
    endpoints: [],
  }));
  for (const found of endpoints.filter((endpoint) => endpoint.region_id === region))
    await identity('DELETE', `/endpoints/${found.id}`, 204).catch(() => undefined);
  await identity('DELETE', `/regions/${region}`, 204).catch(() => undefined);
}
