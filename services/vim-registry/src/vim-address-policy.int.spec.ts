import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppError } from '@vnfm/contracts';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { VimRegistryFixture } from './testing/vim-registry.fixture';

jest.setTimeout(60_000);

const PASSWORD = 'never-sent-p@ssw0rd';

/** A loopback peer listening on every address (so 0.0.0.0 and [::] reach it), recording each request and its body. */
async function recordingPeer(): Promise<{ server: Server; port: number; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

const openstack = (authUrl: string) => ({
  auth_url: authUrl,
  username: 'nfv_user',
  password: PASSWORD,
  project_name: 'nfv',
  project_domain_name: 'Default',
  user_domain_name: 'Default',
});
const oidc = (authUrl: string, tokenUrl: string) => ({
  type: 'kubernetes',
  auth_url: authUrl,
  oidc_token_url: tokenUrl,
  username: 'end-user',
  password: PASSWORD,
  client_id: 'tacker',
  project_name: 'default',
});

describe('VIM registration held to the VIM address policy: refused with 400 before any credential is sent', () => {
  let peer: Awaited<ReturnType<typeof recordingPeer>>;
  /** Stands in for the VNFM's own API: the fixture's policy takes its port as VNFM_PORT. */
  let ownApi: Awaited<ReturnType<typeof recordingPeer>>;
  let fixture: VimRegistryFixture;

  beforeAll(async () => {
    [peer, ownApi] = await Promise.all([recordingPeer(), recordingPeer()]);
  });
  afterAll(() => Promise.all([peer, ownApi].map(({ server }) => new Promise((resolve) => server.close(resolve)))));
  beforeEach(async () => {
    fixture = new VimRegistryFixture({ ownPorts: [ownApi.port] });
    await fixture.start();
    peer.seen.length = 0;
    ownApi.seen.length = 0;
  });
  afterEach(() => fixture.cleanUp());

  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => undefined,
      (error: unknown) => error as AppError,
    );

  it('refuses auth_url and oidc_token_url at 0.0.0.0:<port>, [::]:<port>, link-local and the own port, in any spelling', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['keystone at 0.0.0.0', openstack(`http://0.0.0.0:${peer.port}/identity`), 'vim.auth_url'],
      ['keystone at 0 (0.0.0.0)', openstack(`http://0:${peer.port}/identity`), 'vim.auth_url'],
      ['keystone at [::]', openstack(`http://[::]:${peer.port}/identity`), 'vim.auth_url'],
      ['keystone at the cloud metadata address in hex', openstack('http://0xa9fea9fe/identity'), 'vim.auth_url'],
      ['keystone at the own port', openstack(`http://127.0.0.1:${ownApi.port}/identity`), 'vim.auth_url'],
      ['keystone at the own port, short form', openstack(`http://127.1:${ownApi.port}/identity`), 'vim.auth_url'],
      [
        'OIDC token URL at 0.0.0.0',
        oidc(`http://127.0.0.1:${peer.port}`, `http://0.0.0.0:${peer.port}/token`),
        'vim.auth_cred.oidc_token_url',
      ],
      [
        'OIDC token URL at the own port',
        oidc(`http://127.0.0.1:${peer.port}`, `http://localhost:${ownApi.port}/token`),
        'vim.auth_cred.oidc_token_url',
      ],
      ['Kubernetes API server at the own port', oidc(`http://[::1]:${ownApi.port}`, `http://127.0.0.1:${peer.port}/token`), 'vim.auth_url'],
    ];
    for (const [name, config, field] of cases) {
      const error = await refusal(fixture.register(tackerRegisterBody(config, { name: name.replace(/\W+/g, '-') })));
      expect([name, error?.code, error?.status]).toEqual([name, 'VIM_URL_NOT_ALLOWED', 400]);
      expect(error?.detail).toMatch(
        new RegExp(
          `^${field.replace(/\./g, '\\.')} .* is not allowed: .*(refused address range \\(VNFM_VIM_DENIED_CIDRS\\)|is the VNFM's own API \\(VNFM_PORT\\))\\. Nothing was sent to it; nothing was registered\\.$`,
        ),
      );
      expect(error?.detail).not.toContain(PASSWORD);
    }
    expect(peer.seen).toEqual([]);
    expect(ownApi.seen).toEqual([]);
    expect(fixture.registry.directory.all()).toEqual([]);
  });

  it('refuses a vim set that moves oidc_token_url to a refused address, leaving the VIM as it was', async () => {
    const vim = await fixture.register(
      tackerRegisterBody(oidc(`http://127.0.0.1:${peer.port}`, `http://127.0.0.1:${peer.port}/token`), { name: 'oidc' }),
    );
    // The allowed address is reached: the peer is what a request with the password would hit.
    expect(peer.seen).toEqual([expect.stringContaining(`password=${encodeURIComponent(PASSWORD)}`)]);
    peer.seen.length = 0;
    const error = await refusal(
      fixture.registry.registration.update(
        vim.id,
        {
          vim: {
            auth_cred: {
              oidc_token_url: `http://0.0.0.0:${peer.port}/token`,
              username: 'end-user',
              password: PASSWORD,
              client_id: 'tacker',
            },
          },
        },
        undefined,
      ),
    );
    expect(error).toMatchObject({ code: 'VIM_URL_NOT_ALLOWED', status: 400, detail: expect.stringMatching(/the VIM is unchanged\.$/) });
    expect(peer.seen).toEqual([]);
    expect(fixture.registry.directory.get(vim.id)?.authCred.oidc_token_url).toBe(`http://127.0.0.1:${peer.port}/token`);
  });
});
