export * from './sol003.types';
export * from './lcm-requests.types';
export * from './lcm.errors';
