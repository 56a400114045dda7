import { testPort } from './support/lanes';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { CallbackServer } from '../services/gateway/src/vnf-lcm/testing/callback-server';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(600_000);

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('LCCN subscriptions: the unmodified Tacker CLI (openstack vnflcm subsc) against the standalone product', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-subsc-e2e-'));
  const bodiesDir = mkdtempSync(join(tmpdir(), 'vnfm-subsc-e2e-bodies-'));
  const port = String(testPort());
  const endpoint = `http://127.0.0.1:${port}`;
  const token = 'subsc-e2e-admin-token';
  const subscriber = new CallbackServer();
  let callbackBase: string;
  let product: ProductProcess | undefined;
  let cli: TackerCli;

  beforeAll(async () => {
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: port,
      VNFM_DATA_DIR: dataDir,
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'debug',
    });
    const [openstack] = await Promise.all([ensureTackerCli(), waitForHttp(`${endpoint}/health`)]);
    cli = tackerCli(openstack, endpoint, token);
    callbackBase = await subscriber.start();
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 120_000);
  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await subscriber.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bodiesDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    subscriber.received.splice(0);
    subscriber.behaviour = (response) => response.writeHead(204).end();
  });

  /** Tacker's own functional-test body (v3.3.1; without verbosity for v2.6.1), pointed at the test's subscriber. */
  const bodyFile = (major: 1 | 2, path: string) => {
    const { verbosity, ...body } = JSON.parse(
      readFileSync(corpusPath('tacker', 'request-bodies', 'os-v2-subscription-max.json'), 'utf8'),
    ) as Record<string, unknown>;
    const file = join(bodiesDir, `subsc-v${major}-${path.slice(1)}.json`);
    writeFileSync(file, JSON.stringify({ ...body, ...(major === 2 && { verbosity }), callbackUri: `${callbackBase}${path}` }));
    return file;
  };

  describe.each([
    [1, [] as string[]],
    [2, API_V2],
  ] as const)('API v%i', (major, version) => {
    // The CLI exists once beforeAll ran; describe.each bodies run before it.
    const subsc = () => new VnflcmCli(cli, version);

    it('subsc create tests the callback with the Basic credentials, and create, list, show, delete work without showing the password', async () => {
      const created = await subsc().json<CliRecord>(['vnflcm', 'subsc', 'create', bodyFile(major, '/notify')]);
      const id = String(created.ID);
      expect(created).toMatchObject({ 'Callback URI': `${callbackBase}/notify` });
      expect(JSON.stringify(created)).not.toMatch(/test_pass|authentication/i);
      expect(subscriber.received).toEqual([
        expect.objectContaining({
          method: 'GET',
          path: '/notify',
          headers: expect.objectContaining({ authorization: `Basic ${Buffer.from('test_user:test_pass').toString('base64')}` }),
        }),
      ]);

      const listed = await subsc().json<CliRecord[]>(['vnflcm', 'subsc', 'list', '--filter', `(eq,id,${id})`]);
      expect(listed).toEqual([expect.objectContaining({ ID: id, 'Callback URI': `${callbackBase}/notify` })]);
      expect((await subsc().json<CliRecord[]>(['vnflcm', 'subsc', 'list'])).map((row) => row.ID)).toContain(id);
      const shown = await subsc().json<CliRecord>(['vnflcm', 'subsc', 'show', id]);
      expect(shown).toMatchObject({ ID: id, 'Callback URI': `${callbackBase}/notify` });
      expect(JSON.stringify(shown)).not.toMatch(/test_pass/);

      const deleted = await subsc().run(['vnflcm', 'subsc', 'delete', id]);
      expect(deleted).toMatchObject({ code: 0 });
      const gone = await subsc().run(['vnflcm', 'subsc', 'show', id]);
      expect(gone.code).not.toBe(0);
      expect(gone.stderr).toContain(`Subscription ${id} does not exist.`);
    });

    it('subsc create fails with the reason when the callback does not answer 204, and nothing is created', async () => {
      subscriber.behaviour = (response) => response.writeHead(500).end();
      const before = await subsc().json<CliRecord[]>(['vnflcm', 'subsc', 'list']);
      const refused = await subsc().run(['vnflcm', 'subsc', 'create', bodyFile(major, '/broken')]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/did not pass the test \(GET, 204 expected\): it answered 500/);
      expect(await subsc().json<CliRecord[]>(['vnflcm', 'subsc', 'list'])).toEqual(before);
    });
  });

  // In a describe of its own: Jest runs a block's own tests before its nested blocks, and this one must come last.
  describe('after both versions', () => {
    it('leaves the password in no log line (debug level) and no file of the data folder', () => {
      const files = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) =>
          statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [readFileSync(join(dir, name), 'latin1')],
        );
      expect(product?.lines.length).toBeGreaterThan(0);
      expect(product?.lines.filter((line) => line.includes('test_pass'))).toEqual([]);
      expect(files(dataDir).filter((text) => text.includes('test_pass'))).toEqual([]);
    });
  });
});
