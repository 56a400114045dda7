export { VnfmConfig, secretValuesOf } from './vnfm.config';
export { loadConfig, ConfigError } from './load-config';
export { eventStreamSettingsOf, describeEventStream } from './event-stream.settings';
export { publicUrlOf } from './public-url';
