export * from './api-version';
export * from './vnf-instance.view';
export * from './vnf-lcm-op-occ.view';
export * from './lccn-subscription.view';
export { withAbsoluteLinks } from './absolute-links';
