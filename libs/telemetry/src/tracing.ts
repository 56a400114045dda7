import { errorMessage } from '@vnfm/util';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry once per process. Spans are always recorded so trace
 * ids flow into logs, messages and event metadata; they are exported only
 * when the standard OTEL_* variables name an exporter (e.g. OTLP).
 */
export function startTelemetry(serviceName: string): void {
  if (sdk) return;
  const exporterConfigured = Boolean(process.env.OTEL_TRACES_EXPORTER || process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
  sdk = new NodeSDK({
    serviceName,
    instrumentations: [],
    ...(exporterConfigured ? {} : { spanProcessors: [new tracing.NoopSpanProcessor()] }),
  });
  sdk.start();
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}

const tracer = () => trace.getTracer('vnfm');

/** Runs `fn` in a new active span, ending it with the outcome. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  parentHeaders?: Record<string, string>,
): Promise<T> {
  const parent = parentHeaders ? propagation.extract(context.active(), parentHeaders) : context.active();
  return tracer().startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** W3C trace-context headers (traceparent, tracestate) for the active span. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

export function currentTraceIds(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {};
}

export { SpanKind };
