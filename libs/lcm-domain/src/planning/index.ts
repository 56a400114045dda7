export { INFRA_DRIVERS, HOOK_RUNNER, INFRA_STEP_TIMEOUT_MS, HOOK_STEP_TIMEOUT_MS, RESUMABLE, infraDriverFor } from './step-targets';
export { operationFlavourId, operationVnfdId, planOperation } from './lcm-plan';
export { refuseUnbuiltKubernetesSteps } from './kubernetes-support';
export {
  flavourOf,
  aspectOf,
  initialScaleStatus,
  initialVduCounts,
  scaleStatusAfterScale,
  scaleStatusAtLevel,
  vduCountsAt,
  vduDeltaBetween,
  vnfcsToRemove,
  type VduDelta,
} from './scale-levels';
export { healTargets, vnfcInfoId } from './heal-targets';
export { diffVnfcs } from './vnfc-diff';
