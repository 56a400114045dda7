import { isRecord } from '@vnfm/util';
import { type StepAction } from '@vnfm/contracts';
import type { HookArtifact, HookContext, VnfcResourceInfo } from '@vnfm/contracts';
import type { LcmOperation } from '@vnfm/vnfd';
import { HOOK_OUTPUTS_KEY } from './hook-outputs';
import { instantiationParamsOf } from '../vnf-instance/instantiation-params';
import type { VnfInstance } from '../vnf-instance/vnf-instance.state';
import { latestAttempts, type VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';

/** What the coordinator holds when it sends a hook step. */
export interface HookContextInput {
  opOcc: VnfLcmOpOcc;
  /** `scale_start`, `instantiate_end`, ... */
  hook: string;
  /** The instance as its stream stands when the hook is sent (after the steps before it were applied). */
  instance: VnfInstance;
  /** The hook as the VNFD of the instance's flavour declares it. */
  declared: LcmOperation | undefined;
}

/** The VNFD a hook of this occurrence is declared in: a change of package's new one (its hooks run from it), else the instance's. */
export const hookVnfdIdOf = (opOcc: VnfLcmOpOcc, instance: VnfInstance): string =>
  opOcc.operation === 'CHANGE_VNFPKG' && isRecord(opOcc.operationParams) && typeof opOcc.operationParams.vnfdId === 'string'
    ? opOcc.operationParams.vnfdId
    : instance.vnfdId;

/**
 * The context of one hook (see HookContext), built when the hook step is
 * sent: at `<op>_start` the VNFCs the operation's infra step is about to
 * remove; at `<op>_end` those its result added, each as the instance now
 * holds it (with the addresses the driver read); always the instance's VNFCs,
 * its instantiation parameters and the artifact the VNFD names.
 */
export function hookContextOf({ opOcc, hook, instance, declared }: HookContextInput): HookContext {
  const current = instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [];
  const infraIndex = opOcc.plan.findIndex((step) => step.request.action !== 'hook');
  const infra = infraIndex === -1 ? undefined : opOcc.plan[infraIndex].request;
  const ending = hook.endsWith('_end');
  const succeeded = latestAttempts(opOcc, 'forward').get(infraIndex)?.outcome;
  const added = ending && succeeded?.status === 'SUCCEEDED' ? (succeeded.result.vnfcsAdded ?? []) : [];
  const instantiation = instantiationParamsOf(instance);
  return {
    hook,
    operation: opOcc.operation,
    vnfLcmOpOccId: opOcc.id,
    vnfInstanceId: instance.id,
    vnfdId: instance.vnfdId,
    operationParams: isRecord(opOcc.operationParams) ? opOcc.operationParams : {},
    ...(instantiation && { instantiation }),
    vnfcs: {
      removing: ending || !infra ? [] : asHeld(removedBy(infra), current),
      added: asHeld(added, current),
      current,
    },
    earlierOutputs: isRecord(instance.metadata[HOOK_OUTPUTS_KEY]) ? instance.metadata[HOOK_OUTPUTS_KEY] : {},
    artifact: artifactOf(hook, declared, hookVnfdIdOf(opOcc, instance)),
    vimConnectionInfo: opOcc.plan.find((step) => step.name === hook)?.vimConnectionInfo ?? instance.vimConnectionInfo,
  };
}

/** The VNFCs an infra action removes, as it was planned. */
function removedBy(action: StepAction): VnfcResourceInfo[] {
  switch (action.action) {
    case 'scale':
      return action.removeVnfcs;
    case 'heal':
    case 'terminate':
      return action.vnfcs;
    default:
      return [];
  }
}

/** Each VNFC as the instance holds it now (its CPs and their addresses), else as it was reported. */
function asHeld(vnfcs: readonly VnfcResourceInfo[], current: readonly VnfcResourceInfo[]): VnfcResourceInfo[] {
  const held = new Map(current.map((vnfc) => [vnfc.id, vnfc]));
  return vnfcs.map((vnfc) => held.get(vnfc.id) ?? vnfc);
}

function artifactOf(hook: string, declared: LcmOperation | undefined, vnfdId: string): HookArtifact {
  const [path, ...dependencies] = declared?.artifactPaths ?? [];
  if (!declared?.implementation || path === undefined)
    throw new TypeError(`Hook ${hook} is planned only when the VNFD names its implementation.`);
  return {
    name: declared.implementation,
    ...(declared.artifactType !== undefined && { type: declared.artifactType }),
    path,
    dependencies,
    additionalParameters: declared.additionalParameters ?? {},
    vnfdId,
  };
}
