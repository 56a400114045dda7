export * from './step-context';
export { StepStopped, stopCauseOf, type StepStopCause } from './step-stop';
export { STEP_HANDLERS, STEP_SECRETS } from './step-host.tokens';
export { StepHostModule, type ProviderOf, type StepHostOptions } from './step-host.module';
export {
  STEP_RECORD_STREAM_PREFIX,
  stepRecordStream,
  isStepRecordEvent,
  type StepRecordEvent,
  type StepRecordState,
} from './step-record.events';
export { decideStepRecord, evolveStepRecord, initialStepRecordState } from './step-record.decider';
export { StepRecordRepository } from './step-record.repository';
export { PackageCatalogClient } from './package-catalog.client';
export { VimConnectionsClient, type StepVim } from './vim-connections.client';
