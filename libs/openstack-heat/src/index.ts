export * from './heat.errors';
export { nfvParamPaths, capacityPaths, type HotTemplate, type NfvPath } from './hot-template';
export type { BaseHotPaths } from './heat-files';
export { generatedBaseHot } from './generated-hot';
export { extCpBindings, type ExtCpBinding } from './ext-virtual-links';
export { changeExtConnNfv, withDesiredCapacities } from './nfv-parameters';
export {
  instantiateDefinition,
  baseHotFilePaths,
  stackNameOf,
  nfvOf,
  nfvToUpdate,
  externalCpIds,
  type HeatStackDefinition,
  type InstantiateInput,
} from './stack-definition';
export { ResourceTree, type HeatResource, type StackRef } from './heat-resources';
export { serversOf, vnfcOf, type ServerResource, type NovaServer } from './vnfc-resources';
export { networkResourcesOf, type FlavourNetwork } from './network-resources';
export { cpProtocolInfoOfPort } from './port-addresses';
export { planScale, planHeal, type ScalePlan, type HealPlan, type MarkTarget } from './lcm-plans';
export { stackPhase, pollDelayMs, type StackPhase } from './stack-status';
export { openStackErrorMessage } from './openstack-answers';
export {
  keystoneAccessOf,
  passwordAuthRequest,
  serviceEndpoints,
  tokenExpiry,
  type KeystoneAccess,
  type ServiceEndpoints,
} from './keystone-access';
export * from './heat-stack.events';
export { decideHeatStack, evolveHeatStack, initialHeatStackState } from './heat-stack.decider';
