import { ClusterCredentialsDriver } from './cluster-credentials/cluster-credentials.driver';
import { CnfNodePortDriver } from './cnf-nodeport/cnf-nodeport.driver';
import { GenericDriver } from './generic/generic-driver';
import type { DriverDeps, HookDriver } from './hook-driver';
import { KubeadmDriver } from './kubeadm/kubeadm.driver';
import { KubesprayDriver } from './kubespray/kubespray.driver';
import { PrivateRegistryDriver } from './private-registry/private-registry.driver';

/**
 * The MgmtDrivers of the product's runner, in the order the registry tries
 * them (the first whose `matches` takes the artifact runs it). The generic
 * driver takes only Bash / Ansible artifacts or those naming it
 * (docs/mgmt-drivers.md), so its place in the list changes nothing.
 */
export const BUILT_IN_DRIVERS: readonly ((deps: DriverDeps) => HookDriver)[] = [
  (deps) => new GenericDriver(deps),
  (deps) => new KubesprayDriver(deps),
  (deps) => new KubeadmDriver(deps),
  (deps) => new PrivateRegistryDriver(deps),
  (deps) => new ClusterCredentialsDriver(deps),
  (deps) => new CnfNodePortDriver(deps),
];
