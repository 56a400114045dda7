import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy } from '@vnfm/util';
import { checkKubernetes } from './kubernetes-api.client';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A loopback HTTP peer answering like a Kubernetes API server or an OIDC provider would (mocked at the wire). */
async function peer(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const servers: Server[] = [];
const vimPolicy = new OutboundPolicy({ use: 'vim' });
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

describe('Kubernetes reachability check at the wire', () => {
  it('sends basic auth for username/password VIMs and reports the version', async () => {
    const api = await peer((request, _body, response) =>
      request.headers.authorization === `Basic ${Buffer.from('k8s_user:k8s_password').toString('base64')}`
        ? json(response, 200, { kind: 'APIVersions', versions: ['v1'] })
        : json(response, 401, { kind: 'Status', message: 'Unauthorized' }),
    );
    servers.push(api.server);
    await expect(
      checkKubernetes({ authUrl: api.url, auth: { username: 'k8s_user', password: 'k8s_password' }, trust: {} }, vimPolicy),
    ).resolves.toEqual({
      reachable: true,
      placementAttr: {},
      detail: 'Kubernetes API answered /api (v1)',
    });
    await expect(
      checkKubernetes({ authUrl: api.url, auth: { username: 'k8s_user', password: 'nope' }, trust: {} }, vimPolicy),
    ).resolves.toEqual({
      reachable: false,
      reason: `Kubernetes API server at ${api.url} refused the credentials (HTTP 401): Unauthorized`,
    });
  });

  it('takes the id_token of the OIDC password grant as the bearer token', async () => {
    const oidc = await peer((_request, body, response) => {
      const form = new URLSearchParams(body);
      const ok =
        form.get('grant_type') === 'password' && form.get('username') === 'end-user' && form.get('client_secret') === 'client-secret';
      return ok ? json(response, 200, { id_token: 'id-token-1', access_token: 'a' }) : json(response, 401, { error: 'invalid_grant' });
    });
    const api = await peer((request, _body, response) =>
      request.headers.authorization === 'Bearer id-token-1'
        ? json(response, 200, { kind: 'APIVersions', versions: ['v1'] })
        : json(response, 401, {}),
    );
    servers.push(oidc.server, api.server);
    const grant = {
      tokenUrl: `${oidc.url}/token`,
      username: 'end-user',
      password: 'end-user',
      clientId: 'tacker',
      clientSecret: 'client-secret',
    };
    await expect(checkKubernetes({ authUrl: api.url, auth: { oidc: grant }, trust: {} }, vimPolicy)).resolves.toMatchObject({
      reachable: true,
    });
    await expect(
      checkKubernetes({ authUrl: api.url, auth: { oidc: { ...grant, clientSecret: 'wrong' } }, trust: {} }, vimPolicy),
    ).resolves.toEqual({
      reachable: false,
      reason: `Kubernetes API server at ${api.url}: the OIDC provider ${oidc.url}/token issued no id_token (HTTP 401): {"error":"invalid_grant"}`,
    });
  });

  it('does not take a web page answering /api for a Kubernetes API server', async () => {
    const web = await peer((_request, _body, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'),
    );
    servers.push(web.server);
    await expect(checkKubernetes({ authUrl: web.url, auth: { bearerToken: 't' }, trust: {} }, vimPolicy)).resolves.toEqual({
      reachable: false,
      reason: `Kubernetes API server at ${web.url} did not answer /api as Kubernetes does (HTTP 200): <html>hello</html>`,
    });
  });
});
