export { startCapiTestController, type CapiTestController } from './controller';
export { deleteNamespaceThenStop } from './test-support';
