import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { createInfrastructure, startBackendService, type RunningService } from '@vnfm/platform';
import { PackageCatalogModule } from '@vnfm/service-package-catalog';
import { createLogger } from '@vnfm/telemetry';
import { makeTempDir, removeDir } from '@vnfm/vnf-package/testing';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { zipCorpusPackage } from '../../../package-catalog/src/testing/corpus-packages';
import { startGateway } from '../start-gateway';

jest.setTimeout(120_000);

const TOKEN = 'upload-from-uri-int-admin-token';
const FETCH_TIMEOUT_MS = 4_000;
const IDLE_TIMEOUT_MS = 1_500;

/** A package repository on loopback (listening on every address, so 0.0.0.0 and [::] reach it) that records what it was asked and which answers were cut off. */
class Repository {
  readonly requests: string[] = [];
  /** Paths whose connection closed before their answer was complete. */
  readonly cutOff: string[] = [];
  private readonly server: Server;
  port = 0;

  constructor(private readonly zip: Buffer) {
    this.server = createServer((request, response) => this.answer(request, response));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '::', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  count(path: string): number {
    return this.requests.filter((seen) => seen === path).length;
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '';
    this.requests.push(path);
    response.on('close', () => {
      if (!response.writableFinished) this.cutOff.push(path);
    });
    const redirect = (location: string) => void response.writeHead(302, { location }).end();
    if (path === '/pkg.zip') return void response.writeHead(200, { 'content-type': 'application/zip' }).end(this.zip);
    if (path === '/loop') return redirect('/loop');
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) return redirect(hops[1] === '0' ? '/pkg.zip' : `/hops/${Number(hops[1]) - 1}`);
    if (path === '/to-metadata') return redirect('http://169.254.169.254/latest/meta-data/');
    if (path === '/to-unspecified') return redirect(`http://0.0.0.0:${this.port}/pkg.zip`);
    if (path === '/to-hex') return redirect(`http://0xa9fea9fe/latest/meta-data/`);
    if (path === '/trickle') {
      // A byte every 200 ms of a 1 MiB answer: never idle, never done.
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(1024 * 1024) });
      const timer = setInterval(() => response.write('P'), 200);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (path === '/stall') return void response.writeHead(200, { 'content-type': 'application/zip' }).flushHeaders();
    response.writeHead(404).end();
  }
}

describe('upload_from_uri held to the package URI policy, with a deadline, stopped by DELETE and by a stop', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-uri-upload-'));
  const port = 22890 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}/vnfpkgm/v1`;
  const blobTmp = join(dataDir, 'blobs', 'tmp');
  let catalog: RunningService | undefined;
  let gateway: RunningService | undefined;
  let work: string;
  let repository: Repository;

  const start = async () => {
    const infra = createInfrastructure(loadConfig(), createLogger('uri-upload-int', 'silent'));
    catalog = await startBackendService('package-catalog', PackageCatalogModule, infra);
    gateway = await startGateway(infra);
  };
  const stop = async () => {
    await gateway?.close();
    await catalog?.close();
    [gateway, catalog] = [undefined, undefined];
  };

  beforeAll(async () => {
    Object.assign(process.env, {
      VNFM_DATA_DIR: dataDir,
      VNFM_PORT: String(port),
      VNFM_ADMIN_TOKEN: TOKEN,
      VNFM_FSYNC: 'never',
      VNFM_PACKAGE_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
      VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
    });
    work = await makeTempDir('uri-upload-int-');
    repository = new Repository(await zipCorpusPackage(work, 'cnf-v2-all-kinds'));
    await repository.start();
    await start();
  });
  afterAll(async () => {
    await stop();
    await repository?.close();
    await removeDir(work);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { 'X-Auth-Token': TOKEN, 'Content-Type': 'application/json', ...init.headers } });
  const create = async () => (await (await call('/vnf_packages', { method: 'POST', body: '{}' })).json()) as VnfPkgInfo;
  const uploadFrom = (id: string, addressInformation: string) =>
    call(`/vnf_packages/${id}/package_content/upload_from_uri`, { method: 'POST', body: JSON.stringify({ addressInformation }) });
  const show = async (id: string) => (await (await call(`/vnf_packages/${id}`)).json()) as VnfPkgInfo;
  /** An onboarded package holds its vnfdId: it goes before the same zip is onboarded again. */
  const remove = async (id: string) => {
    await call(`/vnf_packages/${id}`, {
      method: 'PATCH',
      body: '{"operationalState":"DISABLED"}',
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expect((await call(`/vnf_packages/${id}`, { method: 'DELETE' })).status).toBe(204);
  };
  const until = async <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what} not seen within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const settled = (id: string) =>
    until(`package ${id} settled`, async () => {
      const info = await show(id);
      return ['UPLOADING', 'PROCESSING'].includes(info.onboardingState) ? undefined : info;
    });
  const noTempFile = () => (existsSync(blobTmp) ? readdirSync(blobTmp) : []);

  it('refuses link-local, unspecified and the VNFM’s own API in any spelling with 422 before fetching anything; the package stays CREATED', async () => {
    const pkg = await create();
    const refused: [string, RegExp][] = [
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is in a refused address range \(VNFM_PACKAGE_URI_DENIED_CIDRS\)/],
      ['http://0xa9fea9fe/latest/meta-data/', /169\.254\.169\.254 is in a refused address range/],
      ['http://[::ffff:a9fe:a9fe]/latest/meta-data/', /169\.254\.169\.254 is in a refused address range/],
      [`http://0.0.0.0:${repository.port}/pkg.zip`, /0\.0\.0\.0 is in a refused address range/],
      [`http://0:${repository.port}/pkg.zip`, /0\.0\.0\.0 is in a refused address range/],
      [`http://[::]:${repository.port}/pkg.zip`, /:: is in a refused address range/],
      [`http://127.0.0.1:${port}/vnfpkgm/v1/vnf_packages`, new RegExp(`127\\.0\\.0\\.1:${port} is the VNFM's own API`)],
      [`http://127.1:${port}/vnfpkgm/v1/vnf_packages`, new RegExp(`127\\.0\\.0\\.1:${port} is the VNFM's own API`)],
    ];
    for (const [uri, reason] of refused) {
      const response = await uploadFrom(pkg.id, uri);
      const body = (await response.json()) as { type: string; status: number; detail: string };
      expect([uri, response.status, response.headers.get('content-type'), body.type]).toEqual([
        uri,
        422,
        expect.stringContaining('application/problem+json'),
        'urn:vnfm:problem:PACKAGE_URI_NOT_ALLOWED',
      ]);
      expect(body.detail).toMatch(reason);
      expect(body.detail).toMatch(/Nothing was fetched; the package stays CREATED\.$/);
    }
    expect(repository.requests).toEqual([]);
    expect(await show(pkg.id)).toMatchObject({ onboardingState: 'CREATED' });
    // Still uploadable: a refusal changed nothing.
    expect((await uploadFrom(pkg.id, repository.url('/pkg.zip'))).status).toBe(202);
    expect(await settled(pkg.id)).toMatchObject({ onboardingState: 'ONBOARDED' });
    await remove(pkg.id);
  });

  it('follows up to 5 redirects, checks every hop, and ends in ERROR on a redirect into a refused address or a redirect loop', async () => {
    const followed = await create();
    expect((await uploadFrom(followed.id, repository.url('/hops/4'))).status).toBe(202);
    expect(await settled(followed.id)).toMatchObject({ onboardingState: 'ONBOARDED' });
    await remove(followed.id);

    const cases: [string, RegExp][] = [
      [
        '/to-metadata',
        /the redirect to http:\/\/169\.254\.169\.254\/latest\/meta-data\/ is not allowed: 169\.254\.169\.254 is in a refused/,
      ],
      ['/to-hex', /the redirect to http:\/\/169\.254\.169\.254\/latest\/meta-data\/ is not allowed/],
      [
        '/to-unspecified',
        new RegExp(`the redirect to http://0\\.0\\.0\\.0:${repository.port}/pkg\\.zip is not allowed: 0\\.0\\.0\\.0 is in a refused`),
      ],
      ['/loop', /redirected more than 5 times/],
    ];
    const before = repository.count('/pkg.zip');
    for (const [path, reason] of cases) {
      const pkg = await create();
      expect((await uploadFrom(pkg.id, repository.url(path))).status).toBe(202);
      const info = await settled(pkg.id);
      expect([path, info.onboardingState, info.onboardingFailureDetails?.title]).toEqual([path, 'ERROR', 'UPLOAD_FAILED']);
      expect(info.onboardingFailureDetails?.detail).toMatch(reason);
    }
    expect(repository.count('/pkg.zip')).toBe(before);
    expect(repository.count('/loop')).toBe(6);
  });

  it('ends a trickling fetch in ERROR at the deadline and a silent one at the idle timeout, closing the connection and keeping nothing', async () => {
    const trickled = await create();
    const started = Date.now();
    await uploadFrom(trickled.id, repository.url('/trickle'));
    const info = await settled(trickled.id);
    const took = Date.now() - started;
    expect(info).toMatchObject({
      onboardingState: 'ERROR',
      onboardingFailureDetails: {
        title: 'UPLOAD_FAILED',
        detail: `Fetching ${repository.url('/trickle')} failed: it did not complete within ${FETCH_TIMEOUT_MS / 1000} s (VNFM_PACKAGE_FETCH_TIMEOUT_MS)`,
      },
    });
    expect(took).toBeGreaterThanOrEqual(FETCH_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(FETCH_TIMEOUT_MS + 3_000);

    const silent = await create();
    await uploadFrom(silent.id, repository.url('/stall'));
    expect(await settled(silent.id)).toMatchObject({
      onboardingState: 'ERROR',
      onboardingFailureDetails: {
        detail: `Fetching ${repository.url('/stall')} failed: ${repository.url('/stall')} sent nothing for ${IDLE_TIMEOUT_MS / 1000} s (VNFM_PACKAGE_FETCH_IDLE_TIMEOUT_MS)`,
      },
    });
    await until('both answers cut off', () =>
      repository.cutOff.filter((path) => path === '/trickle' || path === '/stall').length === 2 ? true : undefined,
    );
    expect(noTempFile()).toEqual([]);
  });

  it('stops the fetch when the UPLOADING package is deleted: 204, the connection closed, no temporary file left', async () => {
    const pkg = await create();
    const cutBefore = repository.cutOff.length;
    await uploadFrom(pkg.id, repository.url('/trickle'));
    await until('the fetch under way', () => (noTempFile().length > 0 ? true : undefined));
    expect(await show(pkg.id)).toMatchObject({ onboardingState: 'UPLOADING' });
    const deleted = await call(`/vnf_packages/${pkg.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(noTempFile()).toEqual([]);
    await until('the answer cut off', () => (repository.cutOff.length > cutBefore ? true : undefined), 2_000);
    expect((await call(`/vnf_packages/${pkg.id}`)).status).toBe(404);
  });

  it('a stop during a fetch closes its connection and removes its temporary file; at the next start the package is ERROR with the reason', async () => {
    const pkg = await create();
    const cutBefore = repository.cutOff.length;
    await uploadFrom(pkg.id, repository.url('/trickle'));
    await until('the fetch under way', () => (noTempFile().length > 0 ? true : undefined));
    await stop();
    await until('the answer cut off', () => (repository.cutOff.length > cutBefore ? true : undefined), 2_000);
    expect(noTempFile()).toEqual([]);
    await start();
    expect(await settled(pkg.id)).toMatchObject({
      onboardingState: 'ERROR',
      onboardingFailureDetails: {
        title: 'UPLOAD_INTERRUPTED',
        detail: `The VNF Manager stopped while it was fetching ${repository.url('/trickle')}; delete the package and upload it again.`,
      },
    });
    expect((await call(`/vnf_packages/${pkg.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});
