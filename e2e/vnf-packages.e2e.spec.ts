import { testPort } from './support/lanes';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip, corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { zipCorpusPackage } from '../services/package-catalog/src/testing/corpus-packages';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';

jest.setTimeout(900_000);

type Expected = { outcome: 'ONBOARDED' } | { outcome: 'ERROR'; code: string };
const ONBOARDED: Expected = { outcome: 'ONBOARDED' };
const error = (code: string): Expected => ({ outcome: 'ERROR', code });

/**
 * Every Tacker sample package of the test corpus, zipped as
 * @vnfm/vnf-package's tests zip it (with its stand-ins for missing scripts
 * and images), and what onboarding it must end in, as copied and as Tacker
 * zips it (the same: the type files change no outcome; every ERROR is a
 * digest that is stale upstream or that a stand-in cannot match, or a
 * variant that carries no VNFD).
 */
const CORPUS: [string, Expected][] = [
  ['cnf-free5gc', error('HASH_MISMATCH')], // 11 digests are stale upstream (corpus README)
  ['cnf-v2-all-kinds', ONBOARDED],
  ['cnf-v2-helm', error('HASH_MISMATCH')], // the stand-in chart cannot match the upstream digest
  ['csar-validation-variants/false_algorithm', error('UNSUPPORTED_HASH_ALGORITHM')],
  ['csar-validation-variants/false_hash', error('MISSING_ENTRY_DEFINITIONS')], // these variants carry TOSCA.meta and manifest only
  ['csar-validation-variants/meta_and_manifest_ok', error('MISSING_ENTRY_DEFINITIONS')],
  ['csar-validation-variants/missing_key', error('INVALID_TOSCA_META')],
  ['mgmt-k8s-cluster-kubeadm', error('HASH_MISMATCH')], // stand-in scripts
  ['mgmt-k8s-cluster-v2', ONBOARDED],
  ['mgmt-kubespray', error('HASH_MISMATCH')],
  ['mgmt-kubespray-cnf-nodeport', error('HASH_MISMATCH')],
  ['mgmt-private-registry', error('HASH_MISMATCH')], // TOSCA.meta says "<calculated value here>"
  ['practical-vnf-package', ONBOARDED],
  ['vnf-helloworld3', ONBOARDED],
  ['vnf-v2-basic-lcms-max', ONBOARDED],
  ['vnf-v2-userdata-standard', ONBOARDED],
];

const MAX_PACKAGE_BYTES = 5 * 1024 * 1024;
type CliRecord = Record<string, unknown>;

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('VNF packages: the Tacker CLI and /vnfpkgm/v1 against the standalone product', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-packages-e2e-'));
  const work = mkdtempSync(join(tmpdir(), 'vnfm-packages-e2e-zips-'));
  const port = String(testPort());
  const endpoint = `http://127.0.0.1:${port}`;
  const token = 'vnf-packages-e2e-admin-token';
  let product: ProductProcess | undefined;
  let cli: TackerCli;

  beforeAll(async () => {
    const env = {
      VNFM_PORT: port,
      VNFM_DATA_DIR: dataDir,
      VNFM_ADMIN_TOKEN: token,
      VNFM_MAX_PACKAGE_BYTES: String(MAX_PACKAGE_BYTES),
      VNFM_LOG_LEVEL: 'warn',
    };
    product = startProduct(process.execPath, [entryPoint('standalone')], env);
    const [openstack] = await Promise.all([ensureTackerCli(), waitForHttp(`${endpoint}/health`)]);
    cli = tackerCli(openstack, endpoint, token);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  const http = (path: string, init: RequestInit = {}) =>
    fetch(`${endpoint}/vnfpkgm/v1${path}`, { ...init, headers: { 'X-Auth-Token': token, ...init.headers } });
  const settled = async (id: string): Promise<VnfPkgInfo> => {
    for (let i = 0; i < 1200; i++) {
      const info = (await (await http(`/vnf_packages/${id}`)).json()) as VnfPkgInfo;
      if (!['UPLOADING', 'PROCESSING'].includes(info.onboardingState)) return info;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`package ${id} is still being processed`);
  };
  const writeZip = async (name: string, zip: Buffer) => {
    const path = join(work, `${name.replace(/\//g, '-')}.zip`);
    await writeFile(path, zip);
    return path;
  };
  const createWithCli = async (userData: string): Promise<string> => {
    const created = await cli.json<CliRecord>(['vnf', 'package', 'create', '--user-data', userData]);
    expect(created).toMatchObject({ 'Onboarding State': 'CREATED', 'Operational State': 'DISABLED', 'Usage State': 'NOT_IN_USE' });
    return created.ID as string;
  };
  const uploadWithCli = async (id: string, zipPath: string) => {
    expect(await cli.run(['vnf', 'package', 'upload', '--path', zipPath, id])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('has been accepted'),
    });
    return settled(id);
  };
  const deleteWithCli = async (id: string) => {
    expect(await cli.run(['vnf', 'package', 'delete', id])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('deleted successfully'),
    });
    expect((await cli.run(['vnf', 'package', 'show', id])).stderr).toContain('Can not find requested vnf package');
  };

  it('has an expectation for every package folder of the corpus', () => {
    const skip = ['request-bodies', 'vim-configs', 'policy', '_etsi-sol001-types'];
    const folders = readdirSync(corpusPath('tacker'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !skip.includes(entry.name))
      .flatMap((entry) =>
        entry.name === 'csar-validation-variants'
          ? readdirSync(corpusPath('tacker', entry.name)).map((variant) => `${entry.name}/${variant}`)
          : [entry.name],
      );
    expect(folders.sort()).toEqual(CORPUS.map(([name]) => name).sort());
  });

  // Each package also as Tacker's functional tests zip it, with ETSI's SOL001 v2.6.1 type files added to
  // Definitions/ (their VnfMonitoringParameter list continues at column 1, as PyYAML allows): the same outcome.
  // The copy as it is goes through the Tacker CLI, the copy with the type files through /vnfpkgm/v1 directly
  // (what the CLI sends does not depend on the package).
  const variants = CORPUS.flatMap(([name, expected]): [string, string, Expected][] => [
    [name, 'as copied, with the CLI', expected],
    [name, 'with the SOL001 type files in Definitions/, over the API', expected],
  ]);

  /** What the case does to a package, by the CLI or by the API: the same steps, the same answers. */
  interface PackageClient {
    create(userData: string): Promise<string>;
    upload(id: string, zipPath: string): Promise<VnfPkgInfo>;
    show(id: string): Promise<{ onboardingState: unknown; operationalState: unknown; vnfdId: unknown; checksum: unknown }>;
    /** The VNFD as a zip, or undefined when refused. */
    vnfdZip(id: string): Promise<Buffer | undefined>;
    content(id: string): Promise<Buffer>;
    disable(id: string): Promise<unknown>;
    delete(id: string): Promise<void>;
  }
  const viaCli: PackageClient = {
    create: createWithCli,
    upload: uploadWithCli,
    async show(id) {
      const shown = await cli.json<CliRecord>(['vnf', 'package', 'show', id]);
      return {
        onboardingState: shown['Onboarding State'],
        operationalState: shown['Operational State'],
        vnfdId: shown['VNFD ID'],
        checksum: shown.Checksum,
      };
    },
    async vnfdZip(id) {
      const path = join(work, `${id}-vnfd.zip`);
      const result = await cli.run(['vnf', 'package', 'download', '--vnfd', '--type', 'application/zip', '--file', path, id]);
      return result.code === 0 ? readFile(path) : undefined;
    },
    async content(id) {
      const path = join(work, `${id}-content.zip`);
      expect((await cli.run(['vnf', 'package', 'download', '--file', path, id])).code).toBe(0);
      return readFile(path);
    },
    disable: (id) => cli.json(['vnf', 'package', 'update', '--operational-state', 'DISABLED', id]),
    delete: deleteWithCli,
  };
  const viaApi: PackageClient = {
    async create(userData) {
      const [key, value] = userData.split('=');
      const response = await http('/vnf_packages', {
        method: 'POST',
        body: JSON.stringify({ userDefinedData: { [key]: value } }),
        headers: { 'Content-Type': 'application/json' },
      });
      const created = (await response.json()) as VnfPkgInfo;
      expect([response.status, created]).toEqual([
        201,
        expect.objectContaining({ onboardingState: 'CREATED', operationalState: 'DISABLED', usageState: 'NOT_IN_USE' }),
      ]);
      return created.id;
    },
    async upload(id, zipPath) {
      const response = await http(`/vnf_packages/${id}/package_content`, {
        method: 'PUT',
        body: await readFile(zipPath),
        headers: { 'Content-Type': 'application/zip' },
      });
      expect(response.status).toBe(202);
      return settled(id);
    },
    async show(id) {
      const { onboardingState, operationalState, vnfdId, checksum } = (await (await http(`/vnf_packages/${id}`)).json()) as VnfPkgInfo;
      return { onboardingState, operationalState, vnfdId, checksum };
    },
    async vnfdZip(id) {
      const response = await http(`/vnf_packages/${id}/vnfd`, { headers: { Accept: 'application/zip' } });
      return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : undefined;
    },
    async content(id) {
      const response = await http(`/vnf_packages/${id}/package_content`);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    },
    async disable(id) {
      const response = await http(`/vnf_packages/${id}`, {
        method: 'PATCH',
        body: JSON.stringify({ operationalState: 'DISABLED' }),
        headers: { 'Content-Type': 'application/merge-patch+json' },
      });
      return { 'Operational State': ((await response.json()) as { operationalState?: string }).operationalState };
    },
    async delete(id) {
      expect((await http(`/vnf_packages/${id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await http(`/vnf_packages/${id}`)).status).toBe(404);
    },
  };

  it.each(variants)('%s (%s): create, upload, show, download, disable and delete', async (name, variant, expected) => {
    const tackerTypes = !variant.startsWith('as copied');
    const client = tackerTypes ? viaApi : viaCli;
    const zip = await zipCorpusPackage(work, name, { tackerTypes });
    const zipPath = await writeZip(`${name}${tackerTypes ? '-tacker-types' : ''}`, zip);
    const id = await client.create(`corpus=${name}`);
    const info = await client.upload(id, zipPath);
    const shown = await client.show(id);
    if (expected.outcome === 'ERROR') {
      expect([info.onboardingState, info.onboardingFailureDetails?.title]).toEqual(['ERROR', expected.code]);
      expect(shown.onboardingState).toBe('ERROR');
      expect(await client.vnfdZip(id)).toBeUndefined();
    } else {
      const checksum = createHash('sha256').update(zip).digest('hex');
      expect(shown).toEqual({
        onboardingState: 'ONBOARDED',
        operationalState: 'ENABLED',
        vnfdId: info.vnfdId,
        checksum: { algorithm: 'SHA-256', hash: checksum },
      });
      const vnfd = await client.vnfdZip(id);
      expect(vnfd?.subarray(0, 2).toString()).toBe('PK');
      expect(vnfd?.includes(Buffer.from('TOSCA-Metadata/TOSCA.meta'))).toBe(true);
      expect((await client.content(id)).equals(zip)).toBe(true);
      expect(await client.disable(id)).toEqual({ 'Operational State': 'DISABLED' });
    }
    await client.delete(id);
  });

  it('downloads a one-file VNFD as text/plain, and as a zip when asked for one', async () => {
    const stage = await stageFolders(
      work,
      corpusPath('sol004', 'tacker', 'sample_vnfpkg_no_meta_single_vnfd'),
      fixturePath('tacker', 'vnf-helloworld3'),
    );
    const id = await createWithCli('vnfd=single');
    expect(await uploadWithCli(id, await zipFolder(stage, join(work, 'single.zip')))).toMatchObject({ onboardingState: 'ONBOARDED' });
    const text = await cli.run(['vnf', 'package', 'download', '--vnfd', '--type', 'text/plain', id]);
    expect(text).toMatchObject({ code: 0, stdout: expect.stringContaining('tosca_definitions_version: tosca_simple_yaml_1_2') });
    expect(text.stdout).toContain(await readFile(join(stage, 'vnfd_helloworld_single.yaml'), 'utf8'));
    const both = join(work, 'single-both.yaml');
    expect((await cli.run(['vnf', 'package', 'download', '--vnfd', '--type', 'both', '--file', both, id])).code).toBe(0);
    expect((await readFile(both, 'utf8')).startsWith('tosca_definitions_version')).toBe(true);
    const zipped = join(work, 'single-vnfd.zip');
    expect((await cli.run(['vnf', 'package', 'download', '--vnfd', '--type', 'application/zip', '--file', zipped, id])).code).toBe(0);
    expect((await readFile(zipped)).subarray(0, 2).toString()).toBe('PK');
    const refused = await cli.run(['vnf', 'package', 'download', '--vnfd', '--type', 'text/plain', await createWithCli('vnfd=none')]);
    expect(refused.stderr).toContain('not ONBOARDED');
    expect(await cli.json(['vnf', 'package', 'update', '--operational-state', 'DISABLED', id])).toEqual({
      'Operational State': 'DISABLED',
    });
    await deleteWithCli(id);
  });

  it('lists with filters and attribute selectors, following the Link header across pages', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 101; i++) {
      const response = await http('/vnf_packages', {
        method: 'POST',
        body: JSON.stringify({ userDefinedData: { e2e: 'list' } }),
        headers: { 'Content-Type': 'application/json' },
      });
      ids.add(((await response.json()) as VnfPkgInfo).id);
    }
    const listed = await cli.json<CliRecord[]>(['vnf', 'package', 'list', '--filter', '(eq,userDefinedData/e2e,list)']);
    expect(new Set(listed.map((row) => row.Id))).toEqual(ids);
    const selected = await cli.json<CliRecord[]>([
      'vnf',
      'package',
      'list',
      '--filter',
      '(eq,userDefinedData/e2e,list)',
      '--exclude_default',
      '--fields',
      'userDefinedData',
    ]);
    expect(selected[0]['User Defined Data']).toEqual({ e2e: 'list' });
    const bad = await cli.run(['vnf', 'package', 'list', '--filter', '(eq,onboardingState']);
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('Invalid filter')]);
    const deleted = await cli.run(['vnf', 'package', 'delete', ...ids]);
    expect(deleted.stdout).toContain('deleted successfully');
  });

  it('answers bad requests with ProblemDetails at once, and bad packages with 202 then ERROR, keeping nothing half-stored', async () => {
    const create = async () =>
      (
        (await (
          await http('/vnf_packages', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })
        ).json()) as VnfPkgInfo
      ).id;
    const problem = async (response: Response, status: number, detail: string) => {
      expect([response.status, response.headers.get('content-type')]).toEqual([
        status,
        expect.stringContaining('application/problem+json'),
      ]);
      expect(await response.json()).toMatchObject({ status, title: expect.any(String), detail: expect.stringContaining(detail) });
    };
    const put = (id: string, body: Buffer, type = 'application/zip') =>
      http(`/vnf_packages/${id}/package_content`, { method: 'PUT', body, headers: { 'Content-Type': type } });

    await problem(
      await http('/vnf_packages', { method: 'POST', body: '{"userDefinedData":', headers: { 'Content-Type': 'application/json' } }),
      400,
      'Invalid request body',
    );
    await problem(await http('/vnf_packages/00000000-0000-0000-0000-000000000000'), 404, 'Can not find requested vnf package');
    const id = await create();
    await problem(await put(id, Buffer.from('{}'), 'application/json'), 415, 'must be application/zip');
    await problem(await put(id, Buffer.alloc(MAX_PACKAGE_BYTES + 1)), 413, 'VNFM_MAX_PACKAGE_BYTES');
    expect((await settled(id)).onboardingState).toBe('CREATED');
    expect(readdirSync(join(dataDir, 'blobs', 'tmp'))).toEqual([]);

    const meta = 'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-by: e2e\nEntry-Definitions: Definitions/vnfd.yaml\n';
    const laughs = [
      'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
      ...'bcdefghi'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]`),
    ];
    const badPackages: [string, Buffer, string][] = [
      ['not a zip', Buffer.from('just some text'), 'NOT_A_ZIP'],
      [
        'zip slip',
        buildZip([
          { name: 'TOSCA-Metadata/TOSCA.meta', data: meta },
          { name: '../../evil.sh', data: 'rm -rf /' },
        ]),
        'UNSAFE_PATH',
      ],
      [
        'zip bomb',
        buildZip([
          { name: 'TOSCA-Metadata/TOSCA.meta', data: meta },
          { name: 'Files/zeros.bin', data: Buffer.alloc(50 * 1024 * 1024) },
        ]),
        'TOO_LARGE',
      ],
      [
        'YAML alias bomb',
        buildZip([
          { name: 'TOSCA-Metadata/TOSCA.meta', data: meta },
          { name: 'Definitions/vnfd.yaml', data: `tosca_definitions_version: tosca_simple_yaml_1_2\n${laughs.join('\n')}\n` },
        ]),
        'YAML_ALIAS_LIMIT',
      ],
      ['missing Entry-Definitions', buildZip([{ name: 'TOSCA-Metadata/TOSCA.meta', data: meta }]), 'MISSING_ENTRY_DEFINITIONS'],
      [
        'unknown import',
        buildZip([
          { name: 'TOSCA-Metadata/TOSCA.meta', data: meta },
          { name: 'Definitions/vnfd.yaml', data: 'tosca_definitions_version: tosca_simple_yaml_1_2\nimports:\n  - missing_types.yaml\n' },
        ]),
        'UNKNOWN_IMPORT',
      ],
    ];
    for (const [what, zip, code] of badPackages) {
      const pkg = await create();
      expect([what, (await put(pkg, zip)).status]).toEqual([what, 202]);
      const info = await settled(pkg);
      expect([what, info.onboardingState, info.onboardingFailureDetails]).toEqual([
        what,
        'ERROR',
        expect.objectContaining({ title: code, status: 422, detail: expect.any(String) }),
      ]);
      expect(info).not.toHaveProperty('vnfdId');
      await problem(await put(pkg, zip), 409, 'not CREATED');
      expect((await http(`/vnf_packages/${pkg}`, { method: 'DELETE' })).status).toBe(204);
    }
    const blobFiles = readdirSync(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(blobFiles.map((entry) => entry.name)).toEqual([]);
    expect(existsSync(join(dataDir, 'package-catalog', 'events.log'))).toBe(true);
  });
});
