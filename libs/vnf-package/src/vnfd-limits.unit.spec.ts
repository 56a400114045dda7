import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_VNFD_LIMITS, loadVnfPackage } from './index';
import { largeVnfd, largeVnfdPackage, makeTempDir, removeDir } from './testing';

jest.setTimeout(120_000);

describe('VNFD limits and the model thread', () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir();
  });
  afterAll(() => removeDir(work));

  const zipOf = async (vdus: number) => {
    const path = join(work, `vnfd-${vdus}-${Math.random().toString(36).slice(2)}.zip`);
    await writeFile(path, largeVnfdPackage(vdus));
    return path;
  };

  it('onboards a VNFD within the limits', async () => {
    const loaded = await loadVnfPackage(await zipOf(3));
    expect(loaded.vnfd.flavours[0].vdus.map((vdu) => vdu.id)).toEqual(['VDU0', 'VDU1', 'VDU2']);
  });

  it('refuses service templates above maxTemplateBytes from the zip sizes, before reading them', async () => {
    const path = await zipOf(25_000);
    const started = Date.now();
    await expect(loadVnfPackage(path)).rejects.toMatchObject({
      code: 'VNFD_TOO_LARGE',
      detail: `the package's service templates hold ${Buffer.byteLength(largeVnfd(25_000))} bytes (Definitions/vnfd.yaml: ${Buffer.byteLength(largeVnfd(25_000))}), more than the ${DEFAULT_VNFD_LIMITS.maxTemplateBytes} a VNFD may have`,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses more node templates than maxNodeTemplates before building the model', async () => {
    await expect(loadVnfPackage(await zipOf(DEFAULT_VNFD_LIMITS.maxNodeTemplates))).rejects.toMatchObject({
      code: 'VNFD_TOO_LARGE',
      detail: `the package's service templates declare ${DEFAULT_VNFD_LIMITS.maxNodeTemplates + 1} node templates, more than the ${DEFAULT_VNFD_LIMITS.maxNodeTemplates} a VNFD may have`,
    });
  });

  it('ends a model build that overruns maxBuildMs; the next package gets a new thread', async () => {
    const path = await zipOf(200);
    await expect(loadVnfPackage(path, { vnfdLimits: { ...DEFAULT_VNFD_LIMITS, maxBuildMs: 5 } })).rejects.toMatchObject({
      code: 'VNFD_TOO_LARGE',
      detail: 'building the VNFD model took longer than the 5 ms allowed',
    });
    expect((await loadVnfPackage(path)).vnfd.flavours[0].vdus).toHaveLength(200);
  });

  it('keeps the event loop free while a large VNFD is parsed', async () => {
    const path = await zipOf(4_000);
    let last = Date.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 5);
    try {
      // 1.7 MB of YAML, within maxTemplateBytes: parsed (seconds of work) before the node templates are counted.
      await expect(loadVnfPackage(path)).rejects.toMatchObject({
        code: 'VNFD_TOO_LARGE',
        detail: expect.stringContaining('declare 4001 node templates'),
      });
    } finally {
      clearInterval(ticker);
    }
    expect(longestGap).toBeLessThan(1_000);
  });
});
