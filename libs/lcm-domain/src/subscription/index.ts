export * from './lccn-subscription.types';
export * from './lccn-subscription.decider';
export * from './lccn-subscription.messages';
