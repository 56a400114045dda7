import { errorMessage } from '@vnfm/util';
import type { Logger } from 'pino';

let count = 0;

/**
 * An error no handler expected (a bug, a resource limit, a rejected timer):
 * it fails the one request or message it belongs to, is logged (through the
 * redacting logger) and counted, and never ends the process. The count is
 * process-wide and shown by every service's health (`unexpectedErrors`).
 */
export function reportUnexpected(logger: Logger, error: unknown, where: string, fields: Record<string, unknown> = {}): void {
  count += 1;
  const message = errorMessage(error);
  const stack = error instanceof Error ? error.stack : undefined;
  try {
    logger.error({ ...fields, where, error: message, stack, unexpectedErrors: count }, `unexpected error in ${where}: ${message}`);
  } catch {
    // Logging itself failed (e.g. a field the serializer cannot walk): the count still records it.
  }
}

/** How many unexpected errors this process has survived since it started. */
export const unexpectedErrorCount = (): number => count;
