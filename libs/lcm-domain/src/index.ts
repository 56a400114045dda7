export * from './sol003.types';
export * from './lcm-requests.types';
export * from './lcm.errors';
export * from './vnf-instance.state';
export * from './vnf-instance.events';
export * from './vnf-instance.commands';
export { decideVnfInstance, checkCanStart } from './vnf-instance.decider';
export { evolveVnfInstance, replayVnfInstance } from './vnf-instance.evolve';
export * from './vnf-lcm-op-occ.state';
export * from './vnf-lcm-op-occ.events';
export type { CancelMode, VnfLcmOpOccCommand } from './vnf-lcm-op-occ.commands';
export { decideVnfLcmOpOcc } from './vnf-lcm-op-occ.decider';
export { evolveVnfLcmOpOcc, replayVnfLcmOpOcc } from './vnf-lcm-op-occ.evolve';
export * from './lcm-steps';
export { INFRA_DRIVERS, HOOK_RUNNER, INFRA_STEP_TIMEOUT_MS, HOOK_STEP_TIMEOUT_MS, RESUMABLE, infraDriverFor } from './step-targets';
export { operationFlavourId, operationVnfdId, planOperation } from './lcm-plan';
export { hookArtifactsOf, refuseUnrunnableHooks } from './hook-runner';
export { refuseUnbuiltKubernetesSteps } from './kubernetes-support';
export { hookContextOf, hookVnfdIdOf, type HookContextInput } from './hook-context';
export { HOOK_OUTPUTS_KEY, hookOutputChanges, hookOutputRefusal } from './hook-outputs';
export { rollbackBlocker, compensationSteps } from './compensations';
export { instanceChangesOf } from './step-effects';
export * from './lcm-workflow.types';
export { react, rebuildLcmWorkflow } from './lcm-workflow';
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
export { instanceAt, auditEntries, type RecordedVnfInstanceEvent, type PointInTime, type AuditEntry } from './audit.fold';
export * from './vnf-instance.view';
export * from './lcm-coordinator.messages';
export * from './vnf-lcm-op-occ.view';
export * from './infra-step.messages';
export { withAbsoluteLinks } from './absolute-links';
export {
  STEP_SECRETS_ROOT,
  refuseSealedMarkers,
  sealedMarkerInRequest,
  instantiationParamsOf,
  hookAdditionalParams,
  type InstantiationParams,
} from './request-secrets';
export * from './lccn-subscription.types';
export * from './lccn-subscription.decider';
export * from './lccn-subscription.view';
export * from './lccn-subscription.messages';
export * from './notifications';
