export * from './manifest.errors';
export { groupOf, describeObject, type KubeObject, type ManifestObject } from './kube-object';
export { manifestPathsOf, namespaceOf, movesEveryObject } from './manifest-files';
export { manifestObjects } from './manifest-objects';
export {
  VNF_INSTANCE_LABEL,
  DEF_FILES_ANNOTATION,
  defFilesOf,
  instanceSelector,
  instanceObject,
  labelledObject,
  requestObject,
  isCustomResource,
} from './instance-objects';
export { applyWaves, deleteWaves } from './apply-order';
export { isWorkload, vduObjects, vduWorkloads } from './vdu-workloads';
export { readinessOf } from './readiness';
export { withVduReplicas } from './vdu-replicas';
export { madeForKept } from './derived-objects';
export { CLUSTER_API_GROUP, clusterKubeconfigSecret } from './cluster-api';
export { SECRETS_PARAM, withRequestSecrets } from './request-secrets';
