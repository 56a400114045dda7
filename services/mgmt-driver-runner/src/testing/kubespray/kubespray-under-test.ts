import { KubesprayDriver } from '../../drivers/kubespray/kubespray.driver';
import type { ClusterDriverUnderTest } from '../vm-cluster/cluster-driver-harness';

/** The kubespray MgmtDriver with Tacker's mgmt-kubespray test package. */
export const KUBESPRAY: ClusterDriverUnderTest = {
  name: 'kubespray',
  make: (deps) => new KubesprayDriver(deps),
  fixture: 'mgmt-kubespray',
  artifact: { name: 'mgmt-drivers-kubespray', path: 'Scripts/kubespray_mgmt.py' },
};
