export { runWithContext, currentContext } from './message-context';
export { startTelemetry, stopTelemetry, inSpan, traceHeaders, currentTraceIds, SpanKind } from './tracing';
export { createLogger, NestLogger, type Logger } from './logger';
export { reportUnexpected, unexpectedErrorCount } from './unexpected-errors';
