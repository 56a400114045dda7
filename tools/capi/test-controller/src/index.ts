export { startCapiTestController, type CapiTestController } from './controller';
export { deleteNamespaceThenStop, releaseStaleCapiObjects } from './test-support';
