import { AppError } from '@vnfm/contracts';

/** The gateway's own login: a user and the project its token is scoped to, in one domain. */
export interface ServiceLogin {
  url: string;
  username: string;
  password: string;
  project: string;
  domain: string;
}

/** A token's body as `GET /v3/auth/tokens` returns it (the parts the gateway reads). */
export interface KeystoneToken {
  expires_at: string;
  user: { id: string; name: string };
  project?: { id: string; name: string };
  system?: { all?: boolean };
  roles?: { name: string }[];
}

/** A service token is renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;
const TIMEOUT_MS = 10_000;

const unavailable = (detail: string) => new AppError('IDENTITY_UNAVAILABLE', 503, 'Service Unavailable', `Keystone: ${detail}`);

/**
 * Keystone v3 as keystonemiddleware uses it: the gateway logs in with its
 * own user (a token kept until shortly before it expires) and validates the
 * tokens requests present with it (`GET /v3/auth/tokens`, `X-Subject-Token`).
 */
export class KeystoneClient {
  private service?: { token: string; renewAt: number };

  constructor(private readonly login: ServiceLogin) {}

  /** The token's body when Keystone says it is valid; undefined when it does not know it (404) or refuses it (401 for it). */
  async validate(token: string): Promise<KeystoneToken | undefined> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.call('GET', '/auth/tokens', { 'X-Subject-Token': token });
      if (response.status === 200) return ((await response.json()) as { token: KeystoneToken }).token;
      if (response.status === 404) return undefined;
      // The gateway's own token may have been revoked: log in again, once.
      if (response.status === 401 && attempt === 0) {
        this.service = undefined;
        continue;
      }
      throw unavailable(`validating a token answered ${response.status}`);
    }
  }

  /** An authenticated call to the identity API with the gateway's token. */
  async call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
    const serviceToken = await this.serviceToken();
    return this.fetch(method, path, { ...headers, 'X-Auth-Token': serviceToken }, body);
  }

  private async serviceToken(): Promise<string> {
    if (this.service && Date.now() < this.service.renewAt) return this.service.token;
    const { username, password, project, domain } = this.login;
    const response = await this.fetch(
      'POST',
      '/auth/tokens',
      {},
      {
        auth: {
          identity: { methods: ['password'], password: { user: { name: username, domain: { name: domain }, password } } },
          scope: { project: { name: project, domain: { name: domain } } },
        },
      },
    );
    const token = response.headers.get('x-subject-token');
    if (response.status !== 201 || !token) throw unavailable(`the gateway's own login (user ${username}) answered ${response.status}`);
    const expiresAt = Date.parse(((await response.json()) as { token: KeystoneToken }).token.expires_at);
    this.service = { token, renewAt: expiresAt - RENEW_BEFORE_MS };
    return token;
  }

  private async fetch(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
    try {
      return await fetch(`${this.login.url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable(`${method} ${path} got no answer (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}
