export * from './vnf-instance.state';
export * from './vnf-instance.events';
export * from './vnf-instance.commands';
export { decideVnfInstance, checkCanStart } from './vnf-instance.decider';
export { evolveVnfInstance, replayVnfInstance } from './vnf-instance.evolve';
export { instantiationParamsOf, hookAdditionalParams } from './instantiation-params';
