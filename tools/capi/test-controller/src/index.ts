export { startCapiTestController, type CapiTestController, type CapiTestControllerOptions } from './controller';
export { CLUSTER_FINALIZER, MACHINE_FINALIZER, CLUSTER_SECRET_TYPE } from './capi-contract';
export { deleteNamespaceThenStop } from './test-support';
