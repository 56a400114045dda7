export * from './lcm-steps';
export * from './lcm-workflow.types';
export { react, rebuildLcmWorkflow } from './lcm-workflow';
export { rollbackBlocker, compensationSteps } from './compensations';
export { instanceChangesOf } from './step-effects';
