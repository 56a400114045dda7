import type { AppError } from '@vnfm/contracts';
import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import type { VimConnectionRef, VnfcResourceInfo } from './sol003/sol003.types';

export const OPENSTACK_VIM: Record<string, VimConnectionRef> = { vim1: { vimId: 'vim-os-1', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } };
export const KUBERNETES_VIM: Record<string, VimConnectionRef> = { vim1: { vimId: 'vim-k8s-1', vimType: 'ETSINFV.KUBERNETES.V_1' } };

/**
 * A VNFD shaped like Tacker's sample `vnf-v2-basic-lcms-max`: VDU1 scales by
 * aspect VDU1_scale (1 VNFC per step, max level 2), VDU2 is fixed;
 * instantiation levels instantiation_level_1 (default) and _2.
 */
export function sampleVnfd(options: { hooks?: string[] } = {}): VnfdModel {
  const flavour: VnfdFlavour = {
    flavourId: 'simple',
    description: 'simple flavour',
    templatePath: 'Definitions/sample_df_simple.yaml',
    vdus: [vdu('VDU1', 1, 3), vdu('VDU2', 2, 2)],
    storages: [],
    osContainers: [],
    cps: [],
    extCps: [],
    vls: [],
    scalingAspects: [
      { id: 'VDU1_scale', name: 'VDU1_scale', maxScaleLevel: 2, stepDeltas: ['delta_1'], vduDeltas: { VDU1: { delta_1: 1 } } },
    ],
    instantiationLevels: {
      defaultLevelId: 'instantiation_level_1',
      levels: [
        { id: 'instantiation_level_1', scaleLevels: { VDU1_scale: 0 }, vduInstances: { VDU1: 1, VDU2: 2 } },
        { id: 'instantiation_level_2', scaleLevels: { VDU1_scale: 2 }, vduInstances: { VDU1: 3, VDU2: 2 } },
      ],
    },
    lcmOperations: Object.fromEntries(
      (options.hooks ?? []).map((name) => [
        name,
        { declared: true as const, implementation: 'mgmt-driver', artifactPaths: ['Scripts/mgmt_driver.py'] },
      ]),
    ),
    affinityRules: [],
    kubernetesManifests: [],
    helmCharts: [],
  };
  return {
    vnfdId: 'b1bb0ce7-ebca-4fa7-95ed-4840d70a1177',
    vnfProvider: 'Company',
    vnfProductName: 'Sample VNF',
    vnfSoftwareVersion: '1.0',
    vnfdVersion: '1.0',
    vnfmInfo: ['Tacker'],
    entryDefinitions: 'Definitions/sample_top.vnfd.yaml',
    softwareImages: [],
    flavours: [flavour],
  };
}

function vdu(id: string, min: number, max: number): VnfdFlavour['vdus'][number] {
  return {
    id,
    name: id,
    type: 'tosca.nodes.nfv.Vdu.Compute',
    nodeType: 'tosca.nodes.nfv.Vdu.Compute',
    minInstances: min,
    maxInstances: max,
    initialInstances: min,
    storages: [],
    cps: [],
    osContainers: [],
    monitoring: [],
  };
}

/** A VNFC as a driver reports it: a Nova server of the instance's VIM. */
export const vnfc = (id: string, vduId: string): VnfcResourceInfo => ({
  id,
  vduId,
  computeResource: { vimConnectionId: 'vim1', resourceId: `server-${id}`, vimLevelResourceType: 'OS::Nova::Server' },
});
export { LcmWorkflowHarness } from './testing/lcm-workflow.harness';

/** `<status> <code>` of the typed error `run` throws, or `accepted`: what a request would be answered. */
export function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return `${(error as AppError).status} ${(error as AppError).code}`;
  }
  return 'accepted';
}
export { notificationViolations } from './notifications/testing/notification-contract';
