export { operationFlavourId, operationVnfdId, planOperation } from './lcm-plan';
export { refuseUnbuiltKubernetesSteps } from './kubernetes-support';
export {
  flavourOf,
  initialScaleStatus,
  initialVduCounts,
  scaleStatusAfterScale,
  vduCountsAt,
  vduDeltaBetween,
  vnfcsToRemove,
} from './scale-levels';
export { vnfcInfoId } from './heal-targets';
export { diffVnfcs } from './vnfc-diff';
