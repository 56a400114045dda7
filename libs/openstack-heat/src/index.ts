export * from './heat.errors';
export { nfvParamPaths, capacityPaths, type HotTemplate } from './hot-template';
export { extCpBindings } from './ext-virtual-links';
export { requestedUserData } from './user-data';
export { imageUploads, instanceImageTag, type ImageUpload, type GlanceImageRequest } from './software-images';
export { changeExtConnNfv, withDesiredCapacities } from './nfv-parameters';
export {
  instantiateDefinition,
  baseHotFilePaths,
  stackNameOf,
  nfvToUpdate,
  externalCpIds,
  type HeatStackDefinition,
} from './stack-definition';
export { ResourceTree, type HeatResource, type StackRef } from './heat-resources';
export { serversOf, vnfcOf, type ServerResource, type NovaServer } from './vnfc-resources';
export { networkResourcesOf } from './network-resources';
export { planScale, planHeal, type MarkTarget } from './lcm-plans';
export { stackPhase, pollDelayMs } from './stack-status';
export { openStackErrorMessage } from './openstack-answers';
export {
  keystoneAccessOf,
  passwordAuthRequest,
  serviceEndpoints,
  missingEndpoint,
  tokenExpiry,
  type KeystoneAccess,
  type ServiceEndpoints,
} from './keystone-access';
export * from './heat-stack.events';
export { decideHeatStack, evolveHeatStack, initialHeatStackState } from './heat-stack.decider';
