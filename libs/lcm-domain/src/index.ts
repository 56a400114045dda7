// The LCM domain, by concept: each folder's index is its public face.
export * from './sol003';
export * from './vnf-instance';
export * from './op-occ';
export * from './planning';
export * from './hooks';
export * from './workflow';
export * from './secrets';
export * from './audit';
export * from './views';
export * from './subscription';
export * from './notifications';
export * from './lcm-coordinator.messages';
