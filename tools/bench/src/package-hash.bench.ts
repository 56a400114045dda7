import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadVnfPackage } from '@vnfm/vnf-package';
// The bench builds its package with the library's test zip writer.
import { buildZip } from '../../../libs/vnf-package/src/testing/zip.writer';
import { printTable } from './stats';

export interface HashBenchResult {
  packageMegabytes: number;
  runs: number;
  /** Fastest and median run: the fastest is the machine's capability, the median what a shared machine gave. */
  bestMegabytesPerSecond: number;
  medianMegabytesPerSecond: number;
}

const MB = 1024 * 1024;
const VNFD = `tosca_definitions_version: tosca_simple_yaml_1_2
imports: [ etsi_nfv_sol001_common_types.yaml, etsi_nfv_sol001_vnfd_types.yaml ]
node_types:
  bench.VNF:
    derived_from: tosca.nodes.nfv.VNF
topology_template:
  substitution_mappings: { node_type: bench.VNF, properties: { flavour_id: simple } }
  node_templates:
    VNF:
      type: bench.VNF
      properties: { descriptor_id: bench, descriptor_version: '1.0', provider: bench, product_name: bench, software_version: '1.0' }
    VDU1:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: VDU1
        vdu_profile: { min_number_of_instances: 1, max_number_of_instances: 1 }
        sw_image_data: { name: image, version: '1', checksum: { algorithm: sha-256, hash: x }, container_format: bare, disk_format: qcow2, min_disk: 1 GB, size: 1 GB }
      artifacts:
        sw_image: { type: tosca.artifacts.nfv.SwImage, file: ../Files/images/image.qcow2 }
`;

/**
 * Onboards a package holding a `megabytes` software image (stored, as images
 * usually are) whose SHA-256 the signed-style manifest lists, and reports how
 * fast the whole check runs: zip checksum, every entry inflated, CRC-checked
 * and hashed, the listed digest compared, the VNFD built.
 */
export async function benchHashVerification(megabytes = 100, runs = 5): Promise<HashBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'vnf-package-bench-'));
  try {
    const image = randomBytes(megabytes * MB);
    const manifest = `metadata:\n  vnf_provider_id: bench\n\nSource: Files/images/image.qcow2\nAlgorithm: SHA-256\nHash: ${createHash('sha256').update(image).digest('hex')}\n`;
    const zipPath = join(dir, 'bench.zip');
    await writeFile(
      zipPath,
      buildZip([
        {
          name: 'TOSCA-Metadata/TOSCA.meta',
          data: 'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: bench\nEntry-Definitions: Definitions/vnfd.yaml\nETSI-Entry-Manifest: bench.mf\n',
        },
        { name: 'bench.mf', data: manifest },
        { name: 'Definitions/vnfd.yaml', data: VNFD },
        { name: 'Files/images/image.qcow2', data: image, method: 'store' },
      ]),
    );
    const rates: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = process.hrtime.bigint();
      await loadVnfPackage(zipPath);
      rates.push(megabytes / (Number(process.hrtime.bigint() - started) / 1e9));
    }
    rates.sort((a, b) => a - b);
    const result = {
      packageMegabytes: megabytes,
      runs,
      bestMegabytesPerSecond: rates[rates.length - 1],
      medianMegabytesPerSecond: rates[Math.floor(rates.length / 2)],
    };
    printTable(
      'VNF package onboarding checks (zip checksum, inflate + CRC, manifest SHA-256, VNFD model)',
      ['package MB', 'runs', 'best MB/s', 'median MB/s'],
      [[megabytes, runs, result.bestMegabytesPerSecond, result.medianMegabytesPerSecond]],
    );
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
