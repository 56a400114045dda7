export { createInfrastructure, instanceName, openEventStore, type Infrastructure } from './infrastructure';
export { LeaderJob, type RunningJob } from './leader-job';
export { ServiceRuntime } from './service-runtime';
export { startBackendProcess, startBackendService, SERVICE_RUNTIME, type RunningService } from './backend-service';
export { probeMessageType, type ProbeResult } from './diagnostic-probe';
export { bootstrap } from './bootstrap';
export { startReadModelProjection } from './read-model-projection';
export { AggregateReadModel, type AggregateEntry } from './aggregate-read-model';
export { handleCommand, loadStream, retryOnConflict, type CommandOutcome, type EventFold, type Loaded } from './command-handler';
