import { testPort } from './support/lanes';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_VNFD_LIMITS } from '@vnfm/vnf-package';
import { largeVnfd, largeVnfdPackage } from '@vnfm/vnf-package/testing';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { zipCorpusPackage } from '../services/package-catalog/src/testing/corpus-packages';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';

jest.setTimeout(300_000);

/**
 * Packages built to cost the VNF Manager as much as they can: each is
 * refused with a reason in onboardingFailureDetails, nothing of it stays
 * once it is deleted, and the process keeps answering meanwhile.
 * Needs `npm run build`.
 */
describe('hostile VNF packages against the standalone product', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-hostile-packages-'));
  const work = mkdtempSync(join(tmpdir(), 'vnfm-hostile-packages-zips-'));
  const port = String(testPort());
  const endpoint = `http://127.0.0.1:${port}`;
  const token = 'hostile-packages-e2e-admin-token';
  let product: ProductProcess;

  beforeAll(async () => {
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: port,
      VNFM_DATA_DIR: dataDir,
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'warn',
    });
    await waitForHttp(`${endpoint}/health`);
  });

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  const http = (path: string, init: RequestInit = {}) =>
    fetch(`${endpoint}/vnfpkgm/v1${path}`, { ...init, headers: { 'X-Auth-Token': token, ...init.headers } });
  const blobFiles = () => readdirSync(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${product.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

  /** Polls GET /health every 100 ms until stopped, recording the slowest answer (a failed one counts as infinitely slow) and the peak RSS. */
  const watchHealth = () => {
    let slowestMs = 0;
    let peakRssMb = 0;
    let running = true;
    const loop = (async () => {
      while (running) {
        const started = Date.now();
        const ok = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(5_000) }).then(
          (response) => response.ok,
          () => false,
        );
        slowestMs = Math.max(slowestMs, ok ? Date.now() - started : Number.POSITIVE_INFINITY);
        peakRssMb = Math.max(peakRssMb, rssMb());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    return async () => {
      running = false;
      await loop;
      return { slowestMs, peakRssMb };
    };
  };

  const onboard = async (zip: Buffer): Promise<VnfPkgInfo> => {
    const { id } = (await (
      await http('/vnf_packages', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })
    ).json()) as VnfPkgInfo;
    expect(
      (await http(`/vnf_packages/${id}/package_content`, { method: 'PUT', body: zip, headers: { 'Content-Type': 'application/zip' } }))
        .status,
    ).toBe(202);
    for (let i = 0; i < 1200; i++) {
      const info = (await (await http(`/vnf_packages/${id}`)).json()) as VnfPkgInfo;
      if (!['UPLOADING', 'PROCESSING'].includes(info.onboardingState)) return info;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`package ${id} is still being processed`);
  };

  const expectRefusedAndGone = async (zip: Buffer, detail: string) => {
    const stop = watchHealth();
    const info = await onboard(zip);
    const { slowestMs, peakRssMb } = await stop();
    expect(info).toMatchObject({ onboardingState: 'ERROR', onboardingFailureDetails: { title: 'VNFD_TOO_LARGE', status: 422, detail } });
    expect(info).not.toHaveProperty('vnfdId');
    expect(slowestMs).toBeLessThan(1_000);
    expect(peakRssMb).toBeLessThan(768);
    // Only the uploaded content is kept while the package exists (no VNFD, manifest or zip derived from it).
    expect(blobFiles().map((entry) => readFileSync(join(entry.parentPath, entry.name)).length)).toEqual([zip.length]);
    expect((await http(`/vnf_packages/${info.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(blobFiles()).toEqual([]);
    expect(product.child.exitCode).toBeNull();
  };

  it('refuses a small zip holding a 10 MB VNFD (25,000 VDUs) from its size, before parsing it', async () => {
    const zip = largeVnfdPackage(25_000);
    const bytes = Buffer.byteLength(largeVnfd(25_000));
    expect([zip.length < 300_000, bytes > 10_000_000]).toEqual([true, true]);
    const started = Date.now();
    await expectRefusedAndGone(
      zip,
      `the package's service templates hold ${bytes} bytes (Definitions/vnfd.yaml: ${bytes}), more than the ${DEFAULT_VNFD_LIMITS.maxTemplateBytes} a VNFD may have`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a VNFD within the size limit but with 4,000 VDUs, parsed off the event loop', async () => {
    await expectRefusedAndGone(
      largeVnfdPackage(4_000),
      `the package's service templates declare 4001 node templates, more than the ${DEFAULT_VNFD_LIMITS.maxNodeTemplates} a VNFD may have`,
    );
  });

  it('still onboards a real package afterwards', async () => {
    const info = await onboard(await zipCorpusPackage(work, 'vnf-v2-basic-lcms-max', { tackerTypes: true }));
    expect([info.onboardingState, info.onboardingFailureDetails, info.vnfdId]).toEqual(['ONBOARDED', undefined, expect.any(String)]);
    expect((await fetch(`${endpoint}/health`)).status).toBe(200);
  });
});
