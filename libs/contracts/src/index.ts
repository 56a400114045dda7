export * from './services';
export * from './topics';
export * from './app-error';
export * from './health';
