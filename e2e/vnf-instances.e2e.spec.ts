import { testPort } from './support/lanes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { zipCorpusPackage } from '../services/package-catalog/src/testing/corpus-packages';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';

jest.setTimeout(600_000);

type CliRecord = Record<string, unknown>;

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('VNF instances: the Tacker CLI and /vnflcm/v1, /vnflcm/v2 against the standalone product', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-instances-e2e-'));
  const port = String(testPort());
  const endpoint = `http://127.0.0.1:${port}`;
  const token = 'vnf-instances-e2e-admin-token';
  let product: ProductProcess | undefined;
  let cli: TackerCli;
  let vnfdId: string;

  const http = (path: string, init: RequestInit = {}) =>
    fetch(`${endpoint}${path}`, { ...init, headers: { 'X-Auth-Token': token, ...init.headers } });
  const json = { 'Content-Type': 'application/json' };

  /** Onboards a Tacker corpus package over /vnfpkgm/v1, as an operator would before creating instances. */
  async function onboard(name: string): Promise<VnfPkgInfo> {
    const { id } = (await (await http('/vnfpkgm/v1/vnf_packages', { method: 'POST', headers: json, body: '{}' })).json()) as VnfPkgInfo;
    const zip = await zipCorpusPackage(dataDir, name);
    const put = await http(`/vnfpkgm/v1/vnf_packages/${id}/package_content`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/zip' },
      body: zip,
    });
    expect(put.status).toBe(202);
    for (let i = 0; i < 1200; i++) {
      const info = (await (await http(`/vnfpkgm/v1/vnf_packages/${id}`)).json()) as VnfPkgInfo;
      if (info.onboardingState === 'ONBOARDED') return info;
      if (info.onboardingState === 'ERROR') throw new Error(`package ${name}: ${JSON.stringify(info.onboardingFailureDetails)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`package ${name} is still being processed`);
  }

  beforeAll(async () => {
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: port,
      VNFM_DATA_DIR: dataDir,
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'warn',
    });
    const [openstack] = await Promise.all([ensureTackerCli(), waitForHttp(`${endpoint}/health`)]);
    cli = tackerCli(openstack, endpoint, token);
    vnfdId = String((await onboard('vnf-v2-basic-lcms-max')).vnfdId);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 120_000);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each([
    ['v1', [] as string[]],
    ['v2', ['--os-tacker-api-version', '2']],
  ])('openstack vnflcm (API %s)', (_api, version) => {
    it('creates, lists, shows and deletes an instance; the package is IN_USE while it exists', async () => {
      const created = await cli.json<CliRecord>(['vnflcm', 'create', '--name', `vnf-${_api}`, '--description', 'e2e', vnfdId, ...version]);
      expect(created).toMatchObject({
        'VNF Instance Name': `vnf-${_api}`,
        'VNFD ID': vnfdId,
        'Instantiation State': 'NOT_INSTANTIATED',
        'VNF Provider': 'Company',
      });
      const id = String(created.ID);
      const pkg = (await (await http(`/vnfpkgm/v1/onboarded_vnf_packages/${vnfdId}`)).json()) as VnfPkgInfo;
      expect(pkg.usageState).toBe('IN_USE');

      const listed = await cli.json<CliRecord[]>(['vnflcm', 'list', ...version]);
      expect(listed).toContainEqual(
        expect.objectContaining({
          ID: id,
          'VNF Instance Name': `vnf-${_api}`,
          'Instantiation State': 'NOT_INSTANTIATED',
          'VNFD ID': vnfdId,
        }),
      );
      const shown = await cli.json<CliRecord>(['vnflcm', 'show', id, ...version]);
      expect(shown).toMatchObject({
        ID: id,
        'VNF Instance Description': 'e2e',
        'VNF Product Name': expect.any(String),
        'VNFD Version': expect.any(String),
      });

      expect(await cli.run(['vnflcm', 'delete', id, ...version])).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('deleted successfully'),
      });
      expect((await cli.run(['vnflcm', 'show', id, ...version])).code).not.toBe(0);
      expect(((await (await http(`/vnfpkgm/v1/onboarded_vnf_packages/${vnfdId}`)).json()) as VnfPkgInfo).usageState).toBe('NOT_IN_USE');
    });

    it('refuses a create with an unknown vnfdId', async () => {
      const result = await cli.run(['vnflcm', 'create', 'b1bb0ce7-0000-0000-0000-000000000000', ...version]);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('b1bb0ce7-0000-0000-0000-000000000000');
    });
  });

  it('serves api_versions and the Version header per major version, and refuses a v2 request without Version', async () => {
    for (const [major, version] of [
      ['1', '1.3.0'],
      ['2', '2.0.0'],
    ]) {
      const response = await http(`/vnflcm/v${major}/api_versions`);
      expect(response.headers.get('version')).toBe(version);
      expect(await response.json()).toEqual({ uriPrefix: `/vnflcm/v${major}`, apiVersions: [{ version, isDeprecated: false }] });
    }
    expect((await http('/vnflcm/v1/vnf_instances')).headers.get('version')).toBe('1.3.0');
    const missing = await http('/vnflcm/v2/vnf_instances');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(missing.headers.get('version')).toBe('2.0.0');
  });

  it('modifies an instance with PATCH as a MODIFY_INFO occurrence; unbuilt tasks answer 501 ProblemDetails', async () => {
    const v2 = { ...json, Version: '2.0.0' };
    const created = await (
      await http('/vnflcm/v2/vnf_instances', { method: 'POST', headers: v2, body: JSON.stringify({ vnfdId }) })
    ).json();
    const id = String((created as { id: string }).id);
    const patch = await http(`/vnflcm/v2/vnf_instances/${id}`, {
      method: 'PATCH',
      headers: { ...v2, 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ vnfInstanceName: 'renamed' }),
    });
    expect(patch.status).toBe(202);
    const opOccUri = String(patch.headers.get('location'));
    expect(opOccUri).toMatch(/^\/vnflcm\/v2\/vnf_lcm_op_occs\/[0-9a-f-]{36}$/);
    let opOcc: { operationState?: string; operation?: string } = {};
    for (let i = 0; i < 100 && opOcc.operationState !== 'COMPLETED'; i++) {
      opOcc = (await (await http(opOccUri, { headers: v2 })).json()) as typeof opOcc;
      if (opOcc.operationState !== 'COMPLETED') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(opOcc).toMatchObject({ operation: 'MODIFY_INFO', operationState: 'COMPLETED' });
    expect(await (await http(`/vnflcm/v2/vnf_instances/${id}`, { headers: v2 })).json()).toMatchObject({
      vnfInstanceName: 'renamed',
      instantiationState: 'NOT_INSTANTIATED',
    });
    const changePkg = await http(`/vnflcm/v2/vnf_instances/${id}/change_vnfpkg`, {
      method: 'POST',
      headers: v2,
      body: JSON.stringify({ vnfdId }),
    });
    expect(changePkg.status).toBe(409);
    expect(changePkg.headers.get('content-type')).toContain('application/problem+json');
    // A COMPLETED occurrence cannot be cancelled (SOL 003 §5.4.17.3.1: 409).
    expect(
      (
        await http(`${opOccUri.replace('/v2/', '/v1/')}/cancel`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ cancelMode: 'FORCEFUL' }),
        })
      ).status,
    ).toBe(409);
    expect((await http(`/vnflcm/v2/vnf_instances/${id}`, { method: 'DELETE', headers: v2 })).status).toBe(204);
  });
});
