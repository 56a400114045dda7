export * from './manifest.errors';
export { groupOf, describeObject, isRecord, type KubeObject, type ManifestObject } from './kube-object';
export { DEF_FILES_PARAM, manifestPathsOf, namespaceOf } from './manifest-files';
export { manifestObjects } from './manifest-objects';
export {
  VNF_INSTANCE_LABEL,
  DEF_FILES_ANNOTATION,
  defFilesOf,
  instanceSelector,
  instanceObject,
  requestObject,
  isBuiltInGroup,
  isCustomResource,
} from './instance-objects';
export { applyRank, applyWaves, deleteWaves, isCrd } from './apply-order';
export { isWorkload, vduObjects, vduWorkloads, type VduRef } from './vdu-workloads';
export { readinessOf, type Readiness } from './readiness';
export { withVduReplicas } from './vdu-replicas';
export { madeForKept } from './derived-objects';
export { CLUSTER_API_GROUP, clusterKubeconfigSecret } from './cluster-api';
export { SECRETS_PARAM, withRequestSecrets } from './request-secrets';
