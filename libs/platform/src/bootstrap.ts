import { errorMessage } from '@vnfm/util';
import { ConfigError, loadConfig, secretValuesOf } from '@vnfm/config';
import { createLogger, startTelemetry, stopTelemetry } from '@vnfm/telemetry';
import { createInfrastructure, type Infrastructure } from './infrastructure';
import { guardProcess } from './process-guards';

/**
 * The life of one product process: validate configuration (exit 2 with every
 * problem listed, also for a file a setting names that the start finds
 * unusable), start telemetry, guard the process against errors nobody
 * caught, start the services, stop them cleanly on SIGTERM/SIGINT (a
 * second signal: at once).
 */
export async function bootstrap(processName: string, start: (infra: Infrastructure) => Promise<{ close(): Promise<void> }>): Promise<void> {
  const refuseConfig = (error: ConfigError): never => {
    process.stderr.write(`${processName}: ${error.message}\n`);
    process.exit(2);
  };
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return refuseConfig(error);
  }
  startTelemetry(processName);
  const logger = createLogger(processName, config.logLevel, { secrets: secretValuesOf(config) });
  guardProcess(logger);
  let running: { close(): Promise<void> };
  try {
    running = await start(createInfrastructure(config, logger));
  } catch (error) {
    // A file a setting names that cannot be used (VNFM_POLICY_FILE) is found only at start: a configuration error all the same.
    if (error instanceof ConfigError) return refuseConfig(error);
    logger.fatal({ error }, `${processName} failed to start: ${errorMessage(error)}`);
    process.exit(1);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal does not wait for the steps in flight: they stay accepted, and a peer or the next start resumes them.
      logger.warn({ signal }, `${processName} stopping at once`);
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, `${processName} stopping`);
    await running.close().catch((error) => logger.error({ error }, 'error while stopping'));
    await stopTelemetry();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
