export { VnfmConfig, ENVIRONMENT } from './vnfm.config';
export { loadConfig, ConfigError } from './load-config';
