import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import { redact } from '@vnfm/util';
import { healTargets } from './heal-targets';
import type { LcmOperationRequest, SupportedLcmOperation } from './lcm-requests.types';
import type { PlannedStep, StepAction } from './lcm-steps';
import { flavourOf, initialScaleStatus, initialVduCounts, scaleStatusAfterScale, scaleStatusAtLevel, vduDeltaBetween, vnfcsToRemove } from './scale-levels';
import type { VimConnectionRef } from './sol003.types';
import { HOOK_RUNNER, HOOK_STEP_TIMEOUT_MS, INFRA_STEP_TIMEOUT_MS, RESUMABLE, infraDriverFor } from './step-targets';
import type { VnfInstance } from './vnf-instance.state';

interface PlanContext {
  instance: VnfInstance;
  flavour?: VnfdFlavour;
}

type Planner<O extends SupportedLcmOperation> = (params: Extract<LcmOperationRequest, { operation: O }>['params'], context: PlanContext) => StepAction | undefined;

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
  SCALE_TO_LEVEL: { hook: 'scale_to_level', infra: (params, context) => scaleAction(context, (f, current) => scaleStatusAtLevel(f, current, params)) },
  HEAL: { hook: 'heal', infra: (params, { instance }) => ({ action: 'heal', vnfcs: healTargets(vnfcsOf(instance), params), cause: params.cause }) },
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
    infra: (params) => ({ action: 'change_ext_conn', extVirtualLinks: params.extVirtualLinks, vimConnectionInfo: params.vimConnectionInfo }),
  },
  // Modifying VNF information touches no resource: only its hooks run, the change lands at completion.
  MODIFY_INFO: { hook: 'modify_information', infra: () => undefined },
};

/**
 * The steps of one operation: `<op>_start` hook, infra step, `<op>_end` hook,
 * each hook only when the flavour's Vnflcm interface declares it. Throws the
 * typed error of a request that does not fit the VNFD or the instance.
 */
export function planOperation(request: LcmOperationRequest, vnfd: VnfdModel, instance: VnfInstance): PlannedStep[] {
  const flavourId = operationFlavourId(request, instance);
  const flavour = flavourId === undefined ? undefined : flavourOf(vnfd, flavourId);
  const { hook, infra } = PLANS[request.operation] as { hook: string; infra: Planner<SupportedLcmOperation> };
  const action = infra(request.params, { instance, flavour });
  const vims: Record<string, VimConnectionRef> = action?.action === 'instantiate' ? action.vimConnectionInfo : instance.vimConnectionInfo;
  // A hook declared without an implementation (`instantiate_start: []`, as Tacker's samples do) has nothing to run.
  const declared = (name: string) => flavour?.lcmOperations[name]?.implementation !== undefined;
  const hookStep = (name: string): PlannedStep => ({ name, target: HOOK_RUNNER, request: { action: 'hook', hook: name }, resumable: RESUMABLE.hook, timeoutMs: HOOK_STEP_TIMEOUT_MS, vimConnectionInfo: vims });
  const steps: PlannedStep[] = [];
  if (declared(`${hook}_start`)) steps.push(hookStep(`${hook}_start`));
  if (action) {
    steps.push({ name: hook, target: infraDriverFor(vims), request: redact(action), resumable: RESUMABLE[action.action], timeoutMs: infraTimeout(action), vimConnectionInfo: vims });
  }
  if (declared(`${hook}_end`)) steps.push(hookStep(`${hook}_end`));
  return steps;
}

/** The deployment flavour an operation works in: the one asked for by an instantiation, else the instance's. */
export const operationFlavourId = (request: LcmOperationRequest, instance: VnfInstance): string | undefined =>
  request.operation === 'INSTANTIATE' ? request.params.flavourId : instance.instantiatedVnfInfo?.flavourId;

/** A graceful termination may take its grace period on top of the driver's own time. */
function infraTimeout(action: StepAction): number {
  return action.action === 'terminate' && action.terminationType === 'GRACEFUL' ? INFRA_STEP_TIMEOUT_MS + (action.gracefulTerminationTimeout ?? 0) * 1000 : INFRA_STEP_TIMEOUT_MS;
}

function scaleAction({ instance, flavour }: PlanContext, target: (flavour: VnfdFlavour, current: ScaleStatus) => ScaleStatus): StepAction {
  const previousScaleStatus = instance.instantiatedVnfInfo?.scaleStatus ?? [];
  const targetScaleStatus = target(required(flavour), previousScaleStatus);
  const vduDelta = vduDeltaBetween(required(flavour), previousScaleStatus, targetScaleStatus);
  return { action: 'scale', vduDelta, removeVnfcs: vnfcsToRemove(vnfcsOf(instance), vduDelta), previousScaleStatus, targetScaleStatus };
}

type ScaleStatus = NonNullable<VnfInstance['instantiatedVnfInfo']>['scaleStatus'];

const vnfcsOf = (instance: VnfInstance) => instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [];

/** Every operation but INSTANTIATE and MODIFY_INFO runs on an instantiated instance, which has a flavour. */
function required(flavour: VnfdFlavour | undefined): VnfdFlavour {
  if (!flavour) throw new TypeError('An instantiated VNF instance always has a deployment flavour.');
  return flavour;
}
