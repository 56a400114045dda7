export * from './vnf-lcm-op-occ.state';
export * from './vnf-lcm-op-occ.events';
export type { CancelMode, VnfLcmOpOccCommand } from './vnf-lcm-op-occ.commands';
export { decideVnfLcmOpOcc } from './vnf-lcm-op-occ.decider';
export { evolveVnfLcmOpOcc } from './vnf-lcm-op-occ.evolve';
