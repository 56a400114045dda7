export { VnfmConfig, ENVIRONMENT, SECRET_VARIABLES, secretValuesOf } from './vnfm.config';
export { loadConfig, ConfigError } from './load-config';
export { eventStreamSettingsOf, describeEventStream, type EventStreamSettings } from './event-stream.settings';
