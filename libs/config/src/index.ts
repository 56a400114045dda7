export { VnfmConfig, ENVIRONMENT, SECRET_VARIABLES } from './vnfm.config';
export { loadConfig, ConfigError } from './load-config';
