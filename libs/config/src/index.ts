export { VnfmConfig, ENVIRONMENT, SECRET_VARIABLES } from './vnfm.config';
export { loadConfig, ConfigError } from './load-config';
export { eventStreamSettingsOf, describeEventStream, type EventStreamSettings } from './event-stream.settings';
