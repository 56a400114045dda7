import { reportUnexpected, type Logger } from '@vnfm/telemetry';

/**
 * The last line of defence of a product process: a promise rejection or an
 * exception that no request or message handler caught (a timer, a stray
 * callback) is logged, redacted, and counted (`unexpectedErrors` in health),
 * and the process goes on serving. Every request path fails its own request
 * on error, so what reaches here has no caller left to answer; ending the
 * process for it would stop all seven services for one bad request.
 */
export function guardProcess(logger: Logger): void {
  process.on('unhandledRejection', (reason) => reportUnexpected(logger, reason, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => reportUnexpected(logger, error, 'uncaught exception'));
}
