export * from './lcm-steps';
export * from './lcm-workflow.types';
export { react } from './lcm-workflow';
