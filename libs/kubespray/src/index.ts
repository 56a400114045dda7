export * from './kubespray.errors';
export { readClusterParams, clusterSecrets, type ClusterParams } from './cluster-params';
export { nodeName, clusterNodes, externalLbNode, type ClusterNode, type LbNode } from './cluster-nodes';
export { renderInventory, inventoryVars } from './inventory';
export { planHook } from './hook-plan';
export { inventoryFile, playbookArgv } from './ansible-paths';
