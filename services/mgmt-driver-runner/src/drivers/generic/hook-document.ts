import type { HookContext, VnfcResourceInfo } from '@vnfm/contracts';
import { addressesOf, type VnfcTarget } from './generic-targets';
import type { OpenedInputs } from './hook-inputs';

/** A VNFC as the hook document shows it: ids, its compute resource and its addresses by CP. */
const vnfcOf = (vnfc: VnfcResourceInfo) => ({
  id: vnfc.id,
  vduId: vnfc.vduId,
  resourceId: vnfc.computeResource.resourceId,
  addresses: addressesOf(vnfc),
});

/**
 * The JSON document a package's script or playbook receives (the file named
 * by VNFM_HOOK_CONTEXT; docs/mgmt-drivers.md "The contract"): the hook, the
 * operation and its request, the instantiation's parameters and earlier
 * hooks' outputs with their secrets opened, the VNFCs, and the VNFC the
 * script runs on (null for a playbook).
 */
export function hookDocument(context: HookContext, inputs: OpenedInputs, target: VnfcTarget | undefined): Record<string, unknown> {
  return {
    version: 1,
    hook: context.hook,
    operation: context.operation,
    vnfInstanceId: context.vnfInstanceId,
    vnfLcmOpOccId: context.vnfLcmOpOccId,
    vnfdId: context.vnfdId,
    artifact: {
      name: context.artifact.name,
      type: context.artifact.type ?? null,
      path: context.artifact.path,
      dependencies: context.artifact.dependencies,
    },
    hookParameters: context.artifact.additionalParameters ?? {},
    operationParams: inputs.operationParams,
    instantiation: context.instantiation
      ? {
          flavourId: context.instantiation.flavourId,
          instantiationLevelId: context.instantiation.instantiationLevelId ?? null,
          additionalParams: inputs.instantiationParams,
        }
      : null,
    earlierOutputs: inputs.earlierOutputs,
    vnfcs: {
      added: context.vnfcs.added.map(vnfcOf),
      removing: context.vnfcs.removing.map(vnfcOf),
      current: context.vnfcs.current.map(vnfcOf),
    },
    target: target ? { ...vnfcOf(target.vnfc), address: target.address } : null,
  };
}
