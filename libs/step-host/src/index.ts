export * from './step-context';
export { StepStopped, stopCauseOf, type StepStopCause } from './step-stop';
export { StepHostModule, type ProviderOf } from './step-host.module';
export { PackageCatalogClient } from './package-catalog.client';
export { VimConnectionsClient } from './vim-connections.client';
export type { Resumption } from './step-host.tokens';
