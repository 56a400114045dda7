export * from './kubespray.errors';
export { readClusterParams, clusterSecrets, type ClusterParams } from './cluster-params';
export { nodeName, clusterNodes, externalLbNode, type ClusterNode, type LbNode } from './cluster-nodes';
export { renderInventory, inventoryVars } from './inventory';
export { planHook } from './hook-plan';
export { inventoryFile, playbookArgv } from './ansible-paths';
export {
  INSTALLED_SECTIONS,
  NODEPORT_BACKEND,
  nodeportServers,
  routeNodeportServers,
  nodeportFrontendName,
  frontendPorts,
  frontendsInFileOrder,
} from './haproxy-config';
export { externalLbFailed, installLbArgv, configureLbArgv } from './external-lb';
export {
  NODEPORT_LB_PARAM,
  invalidNodePortParams,
  readNodePortLbParams,
  nodePortServices,
  configureLbInput,
  planNodePortHook,
  type NodePortService,
} from './cnf-nodeport';
