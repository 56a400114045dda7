export * from './kubespray.errors';
export {
  CLUSTER_PARAM,
  readClusterParams,
  clusterSecrets,
  type ClusterParams,
  type AnsibleServerParams,
  type NodeParams,
  type MasterParams,
  type ExternalLbParams,
  type ProxyParams,
} from './cluster-params';
export {
  nodeName,
  cpAddress,
  roleOf,
  clusterNodes,
  externalLbNode,
  SAMPLE_VDUS,
  type ClusterNode,
  type LbNode,
  type NodeRole,
} from './cluster-nodes';
export { renderInventory, inventoryVars, iniLiteral, hostVar, etcdMembers, type Inventory } from './inventory';
export { planHook, type HookPlan, type PlannedHook } from './hook-plan';
export { clusterAuthUrl, defaultVimName, kubernetesVimBody, type ClusterAccess } from './cluster-vim';
export { inventoryFile, playbookArgv } from './ansible-paths';
export {
  readRegistryConnections,
  mergeInsecureRegistries,
  registryCaPath,
  REGISTRY_CONNECTIONS_PARAM,
  type RegistryConnection,
} from './registry-connections';
