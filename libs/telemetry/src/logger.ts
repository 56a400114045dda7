import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { redact, textRedactor } from '@vnfm/util';
import { currentContext } from './message-context';
import { currentTraceIds } from './tracing';

export type { Logger };

export interface LoggerOptions {
  /** Secret values this process knows (its configured keys and tokens): masked wherever they appear. */
  secrets?: readonly string[];
  /** Where the lines go; stdout by default. */
  destination?: DestinationStream;
}

/**
 * Structured JSON logs on stdout. Every record carries the service, the
 * trace and correlation ids in scope, and is redacted whole: fields through
 * `redact` (secret-named values, secrets recognised by value), and every
 * string of it, the message included, through the free-text rules of
 * `textRedactor`, whichever way the message came: a string (after any
 * `%s` interpolation), an Error's message, or the `msg` of the merging object.
 */
export function createLogger(service: string, level = process.env.VNFM_LOG_LEVEL ?? 'info', options: LoggerOptions = {}): Logger {
  const maskText = textRedactor(options.secrets);
  const settings: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // pino's serializer of the message key applies to the message whatever its source (pino's own test: "custom serializer for messageKey").
    serializers: {
      err: pino.stdSerializers.err,
      msg: (message: unknown) => (typeof message === 'string' ? maskText(message) : redact(message, maskText)),
    },
    formatters: {
      level: (label) => ({ level: label }),
      log: (fields) => ({ ...redact(fields, maskText), ...currentTraceIds(), ...correlation() }),
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
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
