import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
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

const TOKEN = 'vnf-packages-int-admin-token';
const MAX_PACKAGE_BYTES = 1024 * 1024;

describe('/vnfpkgm/v1 through the gateway (in-process bus, embedded store, real zips)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-vnfpkgm-'));
  const port = testPort();
  const base = `http://127.0.0.1:${port}/vnfpkgm/v1`;
  let catalog: RunningService;
  let gateway: RunningService;
  let work: string;
  let cnfZip: Buffer;

  beforeAll(async () => {
    Object.assign(process.env, {
      VNFM_DATA_DIR: dataDir,
      VNFM_PORT: String(port),
      VNFM_ADMIN_TOKEN: TOKEN,
      VNFM_FSYNC: 'never',
      VNFM_MAX_PACKAGE_BYTES: String(MAX_PACKAGE_BYTES),
    });
    const infra = createInfrastructure(loadConfig(), createLogger('vnfpkgm-int', 'silent'));
    catalog = await startBackendService('package-catalog', PackageCatalogModule, infra);
    gateway = await startGateway(infra);
    work = await makeTempDir('vnfpkgm-int-');
    cnfZip = await zipCorpusPackage(work, 'cnf-v2-all-kinds');
  });
  afterAll(async () => {
    await gateway?.close();
    await catalog?.close();
    await removeDir(work);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { 'X-Auth-Token': TOKEN, ...init.headers } });
  const json = (body: unknown, type = 'application/json') => ({ body: JSON.stringify(body), headers: { 'Content-Type': type } });
  const create = async (userDefinedData?: Record<string, unknown>) =>
    (await (await call('/vnf_packages', { method: 'POST', ...json({ userDefinedData }) })).json()) as VnfPkgInfo;
  const putZip = (id: string, body: Buffer, type = 'application/zip') =>
    call(`/vnf_packages/${id}/package_content`, { method: 'PUT', body, headers: { 'Content-Type': type } });
  const settled = async (id: string): Promise<VnfPkgInfo> => {
    for (let i = 0; i < 600; i++) {
      const info = (await (await call(`/vnf_packages/${id}`)).json()) as VnfPkgInfo;
      if (!['UPLOADING', 'PROCESSING'].includes(info.onboardingState)) return info;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`package ${id} never settled`);
  };
  const expectProblem = async (response: Response, status: number, detail: string | RegExp) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { detail: string }).detail).toMatch(detail);
  };

  it('creates a package: 201, Location, the Version header, CREATED/DISABLED/NOT_IN_USE', async () => {
    const response = await call('/vnf_packages', { method: 'POST', ...json({ userDefinedData: { owner: 'ops' } }) });
    expect(response.status).toBe(201);
    const info = (await response.json()) as VnfPkgInfo;
    expect(response.headers.get('location')).toBe(`/vnfpkgm/v1/vnf_packages/${info.id}`);
    expect(response.headers.get('version')).toBe('1.3.0');
    expect(info).toMatchObject({
      onboardingState: 'CREATED',
      operationalState: 'DISABLED',
      usageState: 'NOT_IN_USE',
      userDefinedData: { owner: 'ops' },
    });
    expect(await (await call('/api_versions')).json()).toEqual({
      uriPrefix: '/vnfpkgm/v1',
      apiVersions: [{ version: '1.3.0', isDeprecated: false }],
    });
  });

  it('refuses bad request bodies with ProblemDetails: malformed JSON, unknown members, wrong types, wrong media type', async () => {
    await expectProblem(
      await call('/vnf_packages', { method: 'POST', body: '{"userDefinedData": ', headers: { 'Content-Type': 'application/json' } }),
      400,
      /Invalid request body/,
    );
    await expectProblem(
      await call('/vnf_packages', { method: 'POST', ...json({ userDefinedData: {}, vnfdId: 'x' }) }),
      400,
      'property vnfdId should not exist',
    );
    await expectProblem(
      await call('/vnf_packages', { method: 'POST', ...json({ userDefinedData: 'text' }) }),
      400,
      'userDefinedData must be a JSON object',
    );
    await expectProblem(
      await call('/vnf_packages', { method: 'POST', body: 'userDefinedData=x', headers: { 'Content-Type': 'text/plain' } }),
      415,
      'must be application/json',
    );
    await expectProblem(
      await call('/vnf_packages', { method: 'POST', ...json({ userDefinedData: { big: 'x'.repeat(200_000) } }) }),
      413,
      /Invalid request body/,
    );
    const { id } = await create();
    await expectProblem(
      await call(`/vnf_packages/${id}`, { method: 'PATCH', ...json({ operationalState: 'SLEEPING' }, 'application/merge-patch+json') }),
      400,
      'operationalState must be ENABLED or DISABLED',
    );
    await expectProblem(
      await call(`/vnf_packages/${id}`, { method: 'PATCH', ...json({}) }),
      400,
      'operationalState, userDefinedData or both',
    );
    await expectProblem(await call('/vnf_packages/no-such-package'), 404, 'Can not find requested vnf package');
  });

  it('refuses uploads that are not zips, empty, too large, or to an unknown package, keeping nothing', async () => {
    const { id } = await create();
    await expectProblem(await putZip(id, Buffer.from('{}'), 'application/json'), 415, 'must be application/zip');
    await expectProblem(await putZip(id, Buffer.alloc(0)), 400, 'no package content');
    await expectProblem(await putZip(id, Buffer.alloc(MAX_PACKAGE_BYTES + 1, 1)), 413, `larger than the ${MAX_PACKAGE_BYTES} bytes`);
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(100 * 1024));
        controller.close();
      },
    });
    const streamed = await call(`/vnf_packages/${id}/package_content`, {
      method: 'PUT',
      body: chunked,
      headers: { 'Content-Type': 'application/zip' },
      duplex: 'half',
    } as RequestInit);
    await expectProblem(streamed, 413, 'larger than');
    await expectProblem(await putZip('00000000-0000-0000-0000-000000000000', cnfZip), 404, 'Can not find requested vnf package');
    expect(readdirSync(join(dataDir, 'blobs', 'tmp'))).toEqual([]);
    expect(readdirSync(join(dataDir, 'blobs')).filter((name) => name !== 'tmp')).toEqual([]);
    expect(await settled(id)).toMatchObject({ onboardingState: 'CREATED' });
  });

  it('accepts a zip with 202, onboards it, and serves content (with Range), VNFD and artifacts', async () => {
    const { id } = await create();
    expect((await putZip(id, cnfZip)).status).toBe(202);
    await expectProblem(await putZip(id, cnfZip), 409, 'not CREATED');
    const info = await settled(id);
    expect(info).toMatchObject({
      onboardingState: 'ONBOARDED',
      operationalState: 'ENABLED',
      vnfdId: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000',
    });

    const whole = await call(`/vnf_packages/${id}/package_content`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await whole.arrayBuffer()).equals(cnfZip)).toBe(true);
    const part = await call(`/vnf_packages/${id}/package_content`, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${cnfZip.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(cnfZip.subarray(10, 20))).toBe(true);
    const past = await call(`/vnf_packages/${id}/package_content`, { headers: { Range: `bytes=${cnfZip.length}-` } });
    await expectProblem(past, 416, 'outside the');

    const zip = await call(`/vnf_packages/${id}/vnfd`, { headers: { Accept: 'text/plain,application/zip' } });
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
    await expectProblem(await call(`/vnf_packages/${id}/vnfd`, { headers: { Accept: 'text/plain' } }), 406, 'multiple files');
    await expectProblem(await call(`/vnf_packages/${id}/vnfd`, { headers: { Accept: 'application/json' } }), 406, 'allows neither');
    const artifact = await call(`/vnf_packages/${id}/artifacts/Files/kubernetes/deployment.yaml`);
    expect(artifact.status).toBe(200);
    expect(await artifact.text()).toContain('kind: Deployment');
    expect((await call(`/onboarded_vnf_packages/${info.vnfdId}/artifacts/Files/kubernetes/deployment.yaml`)).status).toBe(200);
    expect(await (await call(`/onboarded_vnf_packages/${info.vnfdId}`)).json()).toMatchObject({ id });

    await expectProblem(await call(`/vnf_packages/${id}`, { method: 'DELETE' }), 409, 'operational state is ENABLED');
    expect(await (await call(`/vnf_packages/${id}`, { method: 'PATCH', ...json({ operationalState: 'DISABLED' }) })).json()).toEqual({
      operationalState: 'DISABLED',
    });
    expect((await call(`/vnf_packages/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/vnf_packages/${id}`)).status).toBe(404);
  });

  it('lists the onboarded packages at /onboarded_vnf_packages (SOL 003 §10.4.2) with the same filters, selectors and paging', async () => {
    const pending = await create({ batch: 'onboarded' });
    const { id } = await create({ batch: 'onboarded' });
    expect((await putZip(id, cnfZip)).status).toBe(202);
    const { vnfdId } = await settled(id);
    const listed = await call(`/onboarded_vnf_packages?filter=${encodeURIComponent('(eq,userDefinedData/batch,onboarded)')}`);
    expect([listed.status, listed.headers.get('version'), listed.headers.get('link')]).toEqual([200, '1.3.0', null]);
    expect(((await listed.json()) as VnfPkgInfo[]).map((info) => [info.id, info.vnfdId, info.onboardingState])).toEqual([
      [id, vnfdId, 'ONBOARDED'],
    ]);
    const all = (await (
      await call('/vnf_packages?filter=' + encodeURIComponent('(eq,userDefinedData/batch,onboarded)'))
    ).json()) as VnfPkgInfo[];
    expect(all.map((info) => info.id)).toEqual([pending.id, id]);
    const selected = (await (
      await call(`/onboarded_vnf_packages?filter=${encodeURIComponent(`(eq,vnfdId,${vnfdId})`)}&fields=userDefinedData&exclude_default`)
    ).json()) as VnfPkgInfo[];
    expect(selected).toEqual([expect.objectContaining({ id, userDefinedData: { batch: 'onboarded' } })]);
    expect(selected[0]).not.toHaveProperty('softwareImages');
    expect(await (await call(`/onboarded_vnf_packages?filter=${encodeURIComponent('(neq,onboardingState,ONBOARDED)')}`)).json()).toEqual(
      [],
    );
    await expectProblem(
      await call(`/onboarded_vnf_packages?filter=${encodeURIComponent('(eq,colour,red)')}`),
      400,
      "'colour' is not an attribute",
    );
    await expectProblem(await call('/onboarded_vnf_packages?nextpage_opaque_marker=not-a-marker'), 400, /marker/);
    await call(`/vnf_packages/${id}`, { method: 'PATCH', ...json({ operationalState: 'DISABLED' }) });
    for (const pkg of [id, pending.id]) expect((await call(`/vnf_packages/${pkg}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await call('/onboarded_vnf_packages')).json()).toEqual([]);
  });

  it('lists with filters and selectors, pages with a Link header, and refuses a bad filter', async () => {
    for (let i = 0; i < 101; i++) await create({ batch: 'link' });
    const first = await call(`/vnf_packages?filter=${encodeURIComponent('(eq,userDefinedData/batch,link)')}&exclude_default`);
    const items = (await first.json()) as VnfPkgInfo[];
    expect(items).toHaveLength(100);
    expect(items[0]).not.toHaveProperty('userDefinedData');
    const link = first.headers.get('link') as string;
    expect(link).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/vnfpkgm\/v1\/vnf_packages\?.*nextpage_opaque_marker=.+>; rel="next"$/);
    const next = await fetch(/<(.*)>/.exec(link)?.[1] as string, { headers: { 'X-Auth-Token': TOKEN } });
    expect((await next.json()) as VnfPkgInfo[]).toHaveLength(1);
    expect(next.headers.get('link')).toBeNull();
    await expectProblem(await call(`/vnf_packages?filter=${encodeURIComponent('(eq,onboardingState')}`), 400, 'Invalid filter');
    await expectProblem(await call('/vnf_packages?all_fields&exclude_default'), 400, 'cannot be combined');
  });

  it('uploads from a URI with basic auth, never storing the password; a failed fetch ends in ERROR', async () => {
    const password = 'uri-secret-p@ss';
    const server: Server = createServer((request, response) => {
      const expected = `Basic ${Buffer.from(`repo:${password}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return void response.writeHead(401).end();
      response.writeHead(200, { 'Content-Type': 'application/zip' }).end(cnfZip);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const uri = `http://127.0.0.1:${(server.address() as { port: number }).port}/cnf.zip`;
    try {
      const good = await create();
      const accepted = await call(`/vnf_packages/${good.id}/package_content/upload_from_uri`, {
        method: 'POST',
        ...json({ addressInformation: uri, userName: 'repo', password }),
      });
      expect(accepted.status).toBe(202);
      expect(await settled(good.id)).toMatchObject({ onboardingState: 'ONBOARDED' });

      const bad = await create();
      await call(`/vnf_packages/${bad.id}/package_content/upload_from_uri`, {
        method: 'POST',
        ...json({ addressInformation: uri, userName: 'repo', password: 'wrong' }),
      });
      expect(await settled(bad.id)).toMatchObject({
        onboardingState: 'ERROR',
        onboardingFailureDetails: { title: 'UPLOAD_FAILED', detail: expect.stringContaining('401') },
      });
      await expectProblem(
        await call(`/vnf_packages/${bad.id}/package_content/upload_from_uri`, {
          method: 'POST',
          ...json({ addressInformation: 'ftp://x/y.zip' }),
        }),
        400,
        'http or https URI',
      );
      await expectProblem(
        await call(`/vnf_packages/${bad.id}/package_content/upload_from_uri`, {
          method: 'POST',
          ...json({ addressInformation: 'http://repo:secret@127.0.0.1/x.zip' }),
        }),
        400,
        'not in addressInformation',
      );
      expect(readFileSync(join(dataDir, 'package-catalog', 'events.log')).includes(password)).toBe(false);
      for (const id of [good.id, bad.id]) {
        await call(`/vnf_packages/${id}`, { method: 'PATCH', ...json({ operationalState: 'DISABLED' }) });
        expect((await call(`/vnf_packages/${id}`, { method: 'DELETE' })).status).toBe(204);
      }
    } finally {
      server.close();
    }
  });
});
