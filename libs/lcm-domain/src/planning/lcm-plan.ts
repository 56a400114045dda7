import { type StepAction } from '@vnfm/contracts';
import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import { redact } from '@vnfm/util';
import { healTargets } from './heal-targets';
import { unprocessableLcmRequest } from '../sol003/lcm.errors';
import type { ChangeCurrentVnfPkgRequest, LcmOperationRequest, SupportedLcmOperation } from '../sol003/lcm-requests.types';
import type { PlannedStep } from '../workflow/lcm-steps';
import { hookAdditionalParams } from '../vnf-instance/instantiation-params';
import {
  flavourOf,
  initialScaleStatus,
  initialVduCounts,
  scaleStatusAfterScale,
  scaleStatusAtLevel,
  vduCountsAt,
  vduDeltaBetween,
  vnfcsToRemove,
} from './scale-levels';
import type { VimConnectionRef } from '../sol003/sol003.types';
import { HOOK_RUNNER, HOOK_STEP_TIMEOUT_MS, INFRA_STEP_TIMEOUT_MS, RESUMABLE, infraDriverFor } from './step-targets';
import type { VnfInstance } from '../vnf-instance/vnf-instance.state';

interface PlanContext {
  instance: VnfInstance;
  /** The flavour the operation works in, from the VNFD it is planned with (a change of package: the new one). */
  flavour?: VnfdFlavour;
  /** The instance's flavour in the VNFD it runs now, when that is not the one planned with. */
  currentFlavour?: VnfdFlavour;
}

type Planner<O extends SupportedLcmOperation> = (
  params: Extract<LcmOperationRequest, { operation: O }>['params'],
  context: PlanContext,
) => StepAction | undefined;

/** Per operation: the Vnflcm interface name of its hooks and the infra step it needs (SOL 001 v2.6.1 interface type tosca.interfaces.nfv.Vnflcm). */
const PLANS: { [O in SupportedLcmOperation]: { hook: string; infra: Planner<O> } } = {
  INSTANTIATE: {
    hook: 'instantiate',
    infra: (params, { flavour, instance }) => ({
      action: 'instantiate',
      flavourId: params.flavourId,
      instantiationLevelId: params.instantiationLevelId,
      vduCounts: initialVduCounts(required(flavour), params.instantiationLevelId),
      targetScaleStatus: initialScaleStatus(required(flavour), params.instantiationLevelId),
      vimConnectionInfo: { ...instance.vimConnectionInfo, ...params.vimConnectionInfo },
      extVirtualLinks: params.extVirtualLinks,
      extManagedVirtualLinks: params.extManagedVirtualLinks,
      extensions: params.extensions,
      vnfConfigurableProperties: params.vnfConfigurableProperties,
    }),
  },
  SCALE: { hook: 'scale', infra: (params, context) => scaleAction(context, (f, current) => scaleStatusAfterScale(f, current, params)) },
  SCALE_TO_LEVEL: {
    hook: 'scale_to_level',
    infra: (params, context) => scaleAction(context, (f, current) => scaleStatusAtLevel(f, current, params)),
  },
  HEAL: {
    hook: 'heal',
    infra: (params, { instance }) => ({ action: 'heal', vnfcs: healTargets(vnfcsOf(instance), params), cause: params.cause }),
  },
  TERMINATE: {
    hook: 'terminate',
    infra: (params, { instance }) => ({
      action: 'terminate',
      terminationType: params.terminationType,
      gracefulTerminationTimeout: params.gracefulTerminationTimeout,
      vnfcs: vnfcsOf(instance),
    }),
  },
  CHANGE_EXT_CONN: {
    hook: 'change_external_connectivity',
    infra: (params) => ({
      action: 'change_ext_conn',
      extVirtualLinks: params.extVirtualLinks,
      vimConnectionInfo: params.vimConnectionInfo,
    }),
  },
  // Modifying VNF information touches no resource: only its hooks run, the change lands at completion.
  MODIFY_INFO: { hook: 'modify_information', infra: () => undefined },
  // SOL 001 v3.3.1 §6.7.1 tosca.interfaces.nfv.Vnflcm change_current_package_start / _end, declared by the new package.
  CHANGE_VNFPKG: { hook: 'change_current_package', infra: (params, context) => changeVnfpkgAction(params, context) },
};

/**
 * The steps of one operation: `<op>_start` hook, infra step, `<op>_end` hook,
 * each hook only when the flavour's Vnflcm interface declares it. Throws the
 * typed error of a request that does not fit the VNFD or the instance.
 */
export function planOperation(
  request: LcmOperationRequest,
  vnfd: VnfdModel,
  instance: VnfInstance,
  currentVnfd?: VnfdModel,
): PlannedStep[] {
  const flavourId = operationFlavourId(request, instance);
  const flavour = flavourId === undefined ? undefined : flavourOf(vnfd, flavourId);
  const currentFlavour = flavourId === undefined || currentVnfd === undefined ? undefined : flavourOf(currentVnfd, flavourId);
  const { hook, infra } = PLANS[request.operation] as { hook: string; infra: Planner<SupportedLcmOperation> };
  const action = infra(request.params, { instance, flavour, currentFlavour });
  const vims: Record<string, VimConnectionRef> = action?.action === 'instantiate' ? action.vimConnectionInfo : instance.vimConnectionInfo;
  // A hook declared without an implementation (`instantiate_start: []`, as Tacker's samples do) has nothing to run.
  const declared = (name: string) => flavour?.lcmOperations[name]?.implementation !== undefined;
  const hookStep = (name: string): PlannedStep => ({
    name,
    target: HOOK_RUNNER,
    request: { action: 'hook', hook: name },
    resumable: RESUMABLE.hook,
    timeoutMs: HOOK_STEP_TIMEOUT_MS,
    vimConnectionInfo: vims,
  });
  const steps: PlannedStep[] = [];
  if (declared(`${hook}_start`)) steps.push(hookStep(`${hook}_start`));
  if (action) {
    steps.push({
      name: hook,
      target: infraDriverFor(vims),
      request: redact(action),
      resumable: RESUMABLE[action.action],
      timeoutMs: infraTimeout(action),
      vimConnectionInfo: vims,
    });
  }
  if (declared(`${hook}_end`)) steps.push(hookStep(`${hook}_end`));
  return steps;
}

/** The VNFD an operation is planned with and its hooks are declared in: a change of package's new one, else the instance's. */
export const operationVnfdId = (request: LcmOperationRequest, instance: VnfInstance): string =>
  request.operation === 'CHANGE_VNFPKG' ? request.params.vnfdId : instance.vnfdId;

/** The deployment flavour an operation works in: the one asked for by an instantiation, else the instance's. */
export const operationFlavourId = (request: LcmOperationRequest, instance: VnfInstance): string | undefined =>
  request.operation === 'INSTANTIATE' ? request.params.flavourId : instance.instantiatedVnfInfo?.flavourId;

/** A graceful termination may take its grace period on top of the driver's own time. */
function infraTimeout(action: StepAction): number {
  return action.action === 'terminate' && action.terminationType === 'GRACEFUL'
    ? INFRA_STEP_TIMEOUT_MS + (action.gracefulTerminationTimeout ?? 0) * 1000
    : INFRA_STEP_TIMEOUT_MS;
}

function scaleAction({ instance, flavour }: PlanContext, target: (flavour: VnfdFlavour, current: ScaleStatus) => ScaleStatus): StepAction {
  const previousScaleStatus = instance.instantiatedVnfInfo?.scaleStatus ?? [];
  const targetScaleStatus = target(required(flavour), previousScaleStatus);
  const vduDelta = vduDeltaBetween(required(flavour), previousScaleStatus, targetScaleStatus);
  return { action: 'scale', vduDelta, removeVnfcs: vnfcsToRemove(vnfcsOf(instance), vduDelta), previousScaleStatus, targetScaleStatus };
}

/**
 * SOL 003 v3.3.1 §5.4.11a: the instance moves to the new package in its
 * flavour and at its scale levels (both must exist in the new VNFD), keeping
 * its external connectivity; `previous` is how it runs now, for a rollback.
 * The same package again re-deploys it with the request's additionalParams
 * (e.g. another list of Kubernetes manifests).
 */
function changeVnfpkgAction(params: ChangeCurrentVnfPkgRequest, { instance, flavour, currentFlavour }: PlanContext): StepAction {
  if (params.extVirtualLinks !== undefined || params.extManagedVirtualLinks !== undefined) {
    throw unprocessableLcmRequest(
      'EXT_CONNECTIVITY_NOT_CHANGED_WITH_PACKAGE',
      'A change of VNF package keeps the external connectivity: change it with change_ext_conn before or after, and leave extVirtualLinks and extManagedVirtualLinks out of this request.',
    );
  }
  const info = instance.instantiatedVnfInfo;
  const at = (f: VnfdFlavour) => vduCountsAt(f, instance.instantiationLevelId, info?.scaleStatus ?? []);
  const previousParams = instance.instantiationParams?.additionalParams;
  return {
    action: 'change_vnfpkg',
    flavourId: required(flavour).flavourId,
    target: {
      vnfdId: params.vnfdId,
      vduCounts: at(required(flavour)),
      additionalParams: hookAdditionalParams(instance, params.additionalParams),
    },
    previous: {
      vnfdId: instance.vnfdId,
      vduCounts: at(required(currentFlavour ?? flavour)),
      ...(previousParams && { additionalParams: previousParams }),
    },
    ...(info?.extVirtualLinks && { extVirtualLinks: info.extVirtualLinks }),
    ...(info?.extManagedVirtualLinks && { extManagedVirtualLinks: info.extManagedVirtualLinks }),
  };
}

type ScaleStatus = NonNullable<VnfInstance['instantiatedVnfInfo']>['scaleStatus'];

const vnfcsOf = (instance: VnfInstance) => instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [];

/** Every operation but INSTANTIATE and MODIFY_INFO runs on an instantiated instance, which has a flavour. */
function required(flavour: VnfdFlavour | undefined): VnfdFlavour {
  if (!flavour) throw new TypeError('An instantiated VNF instance always has a deployment flavour.');
  return flavour;
}
