import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadVnfPackage, type LoadedPackage } from './index';
import { addTackerTypes, corpusPath, fixturePath, makeTempDir, regenerateDigests, removeDir, stageFolders, zipFolder } from './testing';

/**
 * Every Tacker sample package of the test corpus onboards. Where the
 * corpus copy lacks a script or image, a stand-in from testing/fixtures/tacker
 * is added; a stand-in cannot match a digest TOSCA.meta gives for it, so such
 * packages are shown to fail with HASH_MISMATCH as copied, and to onboard once
 * TOSCA.meta's digests are regenerated for the staged files.
 */
interface Expected {
  /** TOSCA.meta digest that the staged copy cannot match, or `undefined` when it onboards as copied. */
  staleDigestOf?: string;
  flavours: Record<string, { vdus: string[]; aspects?: Record<string, number>; defaultLevel?: string; lcm?: string[]; baseHot?: string }>;
  kubernetesManifests?: number;
}

const PACKAGES: Record<string, Expected> = {
  'cnf-free5gc': {
    staleDigestOf: 'Files/kubernetes/free5gc-amf.yaml',
    flavours: {
      simple: {
        vdus: ['VDU1', 'VDU2', 'VDU3', 'VDU4', 'VDU5', 'VDU6', 'VDU7', 'VDU8', 'VDU9', 'VDU10', 'VDU11', 'VDU12'],
        aspects: { upf_aspect: 2 },
        defaultLevel: 'instantiation_level_1',
        lcm: ['instantiate_start', 'instantiate_end', 'scale_end', 'heal_end'],
      },
    },
    kubernetesManifests: 13,
  },
  'cnf-v2-all-kinds': {
    flavours: {
      simple: {
        vdus: ['VDU1', 'VDU2', 'VDU3', 'VDU5', 'VDU6'],
        aspects: { vdu2_aspect: 2, vdu3_aspect: 2, vdu5_aspect: 2 },
        defaultLevel: 'instantiation_level_1',
      },
    },
    kubernetesManifests: 28,
  },
  'cnf-v2-helm': {
    staleDigestOf: 'Files/kubernetes/test-chart-0.1.0.tgz',
    flavours: { simple: { vdus: ['VDU1', 'VDU2'], aspects: { vdu1_aspect: 2, vdu2_aspect: 2 }, defaultLevel: 'instantiation_level_1' } },
  },
  'mgmt-k8s-cluster-kubeadm': {
    staleDigestOf: 'Scripts/install_helm.sh',
    flavours: {
      simple: {
        vdus: ['masterNode', 'workerNode'],
        aspects: { master_instance: 2, worker_instance: 2 },
        lcm: ['instantiate_end', 'terminate_end', 'heal_start', 'heal_end', 'scale_start', 'scale_end'],
        baseHot: 'BaseHOT/simple/simple_hot_top.yaml',
      },
      complex: {
        vdus: ['masterNode', 'workerNode'],
        aspects: { master_instance: 2, worker_instance: 2 },
        baseHot: 'BaseHOT/complex/complex_hot_top.yaml',
      },
    },
  },
  'mgmt-k8s-cluster-v2': {
    flavours: {
      simple: {
        vdus: ['masterNode', 'workerNode'],
        aspects: { workerNode_scale: 2 },
        lcm: ['instantiate_end', 'heal_start', 'heal_end', 'scale_start', 'scale_end'],
        baseHot: 'BaseHOT/simple/simple_hot_top.yaml',
      },
      complex: { vdus: ['masterNode', 'workerNode'], aspects: { workerNode_scale: 2 }, baseHot: 'BaseHOT/complex/complex_hot_top.yaml' },
    },
  },
  'mgmt-kubespray': {
    staleDigestOf: 'Scripts/install_external_lb.sh',
    flavours: {
      simple: {
        vdus: ['externalLB', 'masterNode', 'workerNode'],
        aspects: { master_instance: 2, worker_instance: 2 },
        lcm: ['instantiate_end', 'terminate_end', 'scale_start', 'scale_end', 'heal_start', 'heal_end'],
        baseHot: 'BaseHOT/simple/base_hot_top.yaml',
      },
    },
  },
  'mgmt-kubespray-cnf-nodeport': {
    staleDigestOf: 'Scripts/cnf_nodeport_mgmt.py',
    flavours: {
      simple: {
        vdus: ['VDU1'],
        aspects: { vdu1_aspect: 1 },
        lcm: ['instantiate_end', 'terminate_end', 'scale_start', 'scale_end', 'heal_start', 'heal_end'],
      },
    },
    kubernetesManifests: 3,
  },
  'mgmt-private-registry': {
    staleDigestOf: 'Scripts/private_registry_mgmt.py',
    flavours: { simple: { vdus: ['PrivateRegistryVDU'], aspects: {}, lcm: ['instantiate_end', 'heal_end'] } },
  },
  'practical-vnf-package': {
    flavours: {
      ha: { vdus: ['VDU_0', 'VDU_1'], aspects: {}, baseHot: 'BaseHOT/ha/ha_hot.yaml' },
      scalable: { vdus: ['VDU_0', 'VDU_1', 'VDU_2'], aspects: { VDU_2: 1 }, baseHot: 'BaseHOT/scalable/scalable_hot.yaml' },
    },
  },
  'vnf-helloworld3': {
    flavours: { simple: { vdus: ['VDU1', 'VDU2'], aspects: { worker_instance: 2 }, defaultLevel: 'instantiation_level_1' } },
  },
  'vnf-v2-basic-lcms-max': {
    flavours: {
      simple: {
        vdus: ['VDU1', 'VDU2'],
        aspects: { VDU1_scale: 2 },
        defaultLevel: 'instantiation_level_1',
        baseHot: 'BaseHOT/simple/sample1.yaml',
      },
    },
  },
  'vnf-v2-userdata-standard': {
    flavours: {
      simple: {
        vdus: ['VDU1', 'VDU2'],
        aspects: { VDU1_scale: 2 },
        lcm: [
          'instantiate_start',
          'instantiate_end',
          'terminate_start',
          'terminate_end',
          'scale_start',
          'scale_end',
          'heal_start',
          'heal_end',
          'change_external_connectivity_start',
          'change_external_connectivity_end',
          'modify_information_start',
          'modify_information_end',
        ],
        baseHot: 'BaseHOT/simple/sample3.yaml',
      },
    },
  },
};

// The corpus copy omits the podaffinity flavour that the top VNFD imports (see corpus/tacker/README.md).
const OMITTED_IMPORT = { 'mgmt-k8s-cluster-kubeadm': '  - sample_kubernetes_df_podaffinity.yaml\n' } as Record<string, string>;

describe('Tacker sample packages of the test corpus', () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir();
  });
  afterAll(() => removeDir(work));

  const stage = async (name: string): Promise<string> => {
    const sources = [corpusPath('tacker', name), fixturePath('tacker', name)].filter((path) => existsSync(path));
    return stageFolders(work, ...sources);
  };

  it('has an expectation for every package folder', async () => {
    const { readdir } = await import('node:fs/promises');
    const folders = (await readdir(corpusPath('tacker'), { withFileTypes: true }))
      .filter(
        (entry) =>
          entry.isDirectory() &&
          !['request-bodies', 'vim-configs', 'policy', '_etsi-sol001-types', 'csar-validation-variants'].includes(entry.name),
      )
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(Object.keys(PACKAGES).sort());
  });

  /** Onboards a staged package: as copied first when a stand-in makes a digest stale, then with digests (and the omitted import) fixed. */
  const onboard = async (name: string, expected: Expected, dir: string): Promise<LoadedPackage> => {
    if (expected.staleDigestOf) {
      const asCopied = loadVnfPackage(await zipFolder(dir, join(work, `${name}-as-copied.zip`)));
      await expect(asCopied).rejects.toMatchObject({
        code: 'HASH_MISMATCH',
        detail: expect.stringContaining(`for ${expected.staleDigestOf}, but the file's is`),
      });
      await regenerateDigests(dir, ['TOSCA-Metadata/TOSCA.meta']);
    }
    const omitted = OMITTED_IMPORT[name];
    if (omitted) {
      const top = join(dir, 'Definitions', 'sample_kubernetes_top.vnfd.yaml');
      await expect(loadVnfPackage(await zipFolder(dir, join(work, `${name}-with-import.zip`)))).rejects.toMatchObject({
        code: 'UNKNOWN_IMPORT',
      });
      await writeFile(top, (await readFile(top, 'utf8')).replace(omitted, ''));
    }
    return loadVnfPackage(await zipFolder(dir, join(work, `${name}.zip`)));
  };

  it.each(Object.entries(PACKAGES))('%s onboards with its flavours, VDUs, aspects and LCM scripts', async (name, expected) => {
    expectModel(await onboard(name, expected, await stage(name)), expected);
  });

  // Tacker zips its samples with ETSI's SOL001 v2.6.1 type files in Definitions/, whose
  // VnfMonitoringParameter valid_values list continues at column 1 (PyYAML reads it).
  it.each(Object.entries(PACKAGES))('%s onboards as Tacker zips it, with the SOL001 type files in Definitions/', async (name, expected) => {
    const dir = await stage(name);
    await addTackerTypes(dir);
    const loaded = await onboard(name, expected, dir);
    expectModel(loaded, expected);
    expect(loaded.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['Definitions/etsi_nfv_sol001_common_types.yaml', 'Definitions/etsi_nfv_sol001_vnfd_types.yaml']),
    );
  });
});

function expectModel(loaded: LoadedPackage, expected: Expected): void {
  expect(loaded.vnfd.flavours.map((flavour) => flavour.flavourId).sort()).toEqual(Object.keys(expected.flavours).sort());
  for (const [flavourId, flavourExpected] of Object.entries(expected.flavours)) {
    const flavour = loaded.vnfd.flavours.find((candidate) => candidate.flavourId === flavourId);
    expect(flavour?.vdus.map((vdu) => vdu.id)).toEqual(flavourExpected.vdus);
    if (flavourExpected.aspects) {
      expect(Object.fromEntries(flavour?.scalingAspects.map((aspect) => [aspect.id, aspect.maxScaleLevel]) ?? [])).toEqual(
        flavourExpected.aspects,
      );
    }
    if (flavourExpected.defaultLevel) expect(flavour?.instantiationLevels.defaultLevelId).toBe(flavourExpected.defaultLevel);
    if (flavourExpected.lcm) {
      expect(Object.keys(flavour?.lcmOperations ?? {})).toEqual(flavourExpected.lcm);
      for (const operation of Object.values(flavour?.lcmOperations ?? {})) {
        for (const path of operation.artifactPaths) expect(loaded.files.map((file) => file.path)).toContain(path);
      }
    }
    expect(flavour?.baseHot?.path).toBe(flavourExpected.baseHot);
  }
  if (expected.kubernetesManifests !== undefined)
    expect(loaded.vnfd.flavours[0].kubernetesManifests).toHaveLength(expected.kubernetesManifests);
  expect(loaded.checksum.hash).toMatch(/^[0-9a-f]{64}$/);
}
