import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { redact } from '@vnfm/util';
import { currentContext } from './message-context';
import { currentTraceIds } from './tracing';

export type { Logger };

/**
 * Structured JSON logs on stdout. Every record carries the service, the
 * trace and correlation ids in scope, and passes through `redact`, so a
 * secret-named field never reaches a log line.
 */
export function createLogger(service: string, level = process.env.VNFM_LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (fields) => ({ ...redact(fields), ...currentTraceIds(), ...correlation() }),
    },
  });
}

function correlation(): Record<string, string> {
  const ctx = currentContext();
  return ctx ? { correlationId: ctx.correlationId, principal: ctx.principal } : {};
}

/** Adapts the structured logger to NestJS's LoggerService. */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
