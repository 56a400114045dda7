export * from './services';
export * from './topics';
export * from './app-error';
export * from './health';
export * from './problem-details';
export * from './sol003-resources';
export * from './step-protocol';
export * from './hook-context';
