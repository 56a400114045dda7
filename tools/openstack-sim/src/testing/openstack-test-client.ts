import type { OpenStackSimulator } from '../index';
import { isRecord } from '../common/records';

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** Reads `body` at a dotted path, for terse assertions in specs. */
export function field(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (isRecord(value) ? value[key] : Array.isArray(value) ? value[Number(key)] : undefined), body);
}

function endpoint(catalog: unknown, type: string): string {
  const service = Array.isArray(catalog) ? catalog.find((entry) => field(entry, 'type') === type) : undefined;
  const url = field(service, 'endpoints.0.url');
  if (typeof url !== 'string') throw new Error(`No ${type} endpoint in the catalog`);
  return url;
}

/** A minimal OpenStack client for specs: Keystone login, then Heat, Nova and Glance calls with the token. */
export class OpenStackTestClient {
  private constructor(
    readonly token: string,
    readonly heatUrl: string,
    readonly novaUrl: string,
    readonly glanceUrl: string,
  ) {}

  static async login(simulator: OpenStackSimulator): Promise<OpenStackTestClient> {
    const { credentials } = simulator;
    const response = await fetch(`${simulator.keystoneUrl}/auth/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        auth: {
          identity: {
            methods: ['password'],
            password: {
              user: { name: credentials.username, domain: { name: credentials.userDomainName }, password: credentials.password },
            },
          },
          scope: { project: { name: credentials.projectName, domain: { name: credentials.projectDomainName } } },
        },
      }),
    });
    const body = (await response.json()) as unknown;
    const token = response.headers.get('X-Subject-Token');
    if (response.status !== 201 || token === null) throw new Error(`Login failed: ${response.status}`);
    return new OpenStackTestClient(
      token,
      endpoint(field(body, 'token.catalog'), 'orchestration'),
      endpoint(field(body, 'token.catalog'), 'compute'),
      endpoint(field(body, 'token.catalog'), 'image'),
    );
  }

  async request(method: string, url: string, body?: unknown, redirect: 'follow' | 'manual' = 'follow'): Promise<ApiResponse> {
    const response = await fetch(url, {
      method,
      redirect,
      headers: { 'X-Auth-Token': this.token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  }

  heat(method: string, path: string, body?: unknown): Promise<ApiResponse> {
    return this.request(method, `${this.heatUrl}${path}`, body);
  }

  nova(path: string): Promise<ApiResponse> {
    return this.request('GET', `${this.novaUrl}${path}`);
  }

  glance(method: string, path: string, body?: unknown): Promise<ApiResponse> {
    return this.request(method, `${this.glanceUrl}${path}`, body);
  }

  /** "Upload binary image data" (Image API v2). */
  async uploadImageData(id: string, data: Buffer): Promise<number> {
    const response = await fetch(`${this.glanceUrl}/v2/images/${id}/file`, {
      method: 'PUT',
      headers: { 'X-Auth-Token': this.token, 'Content-Type': 'application/octet-stream' },
      body: data,
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** Polls "Find stack" until the stack leaves *_IN_PROGRESS; undefined once it is gone (404). */
  async settle(identity: string, timeoutMs = 5000): Promise<Record<string, unknown> | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const response = await this.heat('GET', `/stacks/${identity}`);
      if (response.status === 404) return undefined;
      const stack = field(response.body, 'stack');
      if (isRecord(stack) && !String(stack['stack_status']).endsWith('_IN_PROGRESS')) return stack;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`Stack ${identity} still in progress after ${timeoutMs} ms`);
  }
}
