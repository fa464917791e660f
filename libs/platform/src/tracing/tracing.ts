import { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { instrumentClients } from './client-instrumentations.js';

/**
 * OpenTelemetry traces, with manual spans at the few places a request or an event crosses a boundary: the
 * gateway's request, each service's request, an event's publication and its consumption, a job's run. Spans
 * placed by hand need no loader and cannot silently stop working when a library is upgraded. Inside them, the
 * official pg and ioredis instrumentations add a span per query and per Redis command (client-instrumentations.ts:
 * both are CommonJS packages, which they patch without a loader). The HTTP and Fastify/Nest instrumentations are
 * not used: they patch ES-module apps only through loader hooks, and the request spans are the manual ones.
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: then no SDK is started,
 * @opentelemetry/api answers with its no-op tracer, and every hook checks `tracingEnabled()` first.
 */

let provider: NodeTracerProvider | undefined;

/** The tracer of the platform's spans (a no-op one while tracing is off). */
export function tracer(): Tracer {
  return trace.getTracer('@hunted/platform');
}

/** Whether this process started the SDK: the hooks do nothing else while it is false. */
export function tracingEnabled(): boolean {
  return provider !== undefined;
}

export interface TracingOptions {
  /** The app's name (`bookings`, `gateway`): the `service.name` of its spans, unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string;
  env?: NodeJS.ProcessEnv;
  /** Where spans go instead of the OTLP exporter (tests: an InMemorySpanExporter behind a SimpleSpanProcessor). */
  spanProcessors?: SpanProcessor[];
}

export interface Tracing {
  readonly enabled: boolean;
  /** Sends the spans still buffered and stops the SDK. Safe to call when tracing is off, and more than once. */
  shutdown(): Promise<void>;
  /** Shuts tracing down when the app closes (after its consumers and jobs have stopped), so the last spans go out. */
  shutdownWith(app: { getHttpAdapter(): { getInstance(): { addHook(name: 'onClose', hook: () => Promise<void>): unknown } } }): void;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured (or span processors are given): the
 * AsyncLocalStorage context manager and the W3C trace-context propagator are registered globally, and the pg and
 * ioredis instrumentations enabled. Call it first in main.ts, before the app is created: the request hooks are
 * added only when tracing is on.
 */
export function startTracing(options: TracingOptions): Tracing {
  const env = options.env ?? process.env;
  const url = tracesUrl(env);
  if (provider) throw new Error('tracing is already started in this process');
  if (!options.spanProcessors && !url) return { enabled: false, shutdown: async () => undefined, shutdownWith: () => undefined };
  // The exporter reads the headers, timeout and batching from the standard OTEL_* variables itself.
  const spanProcessors = options.spanProcessors ?? [new BatchSpanProcessor(new OTLPTraceExporter({ url }))];
  const started = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || options.serviceName }),
    spanProcessors,
  });
  started.register();
  provider = started;
  const uninstrumentClients = instrumentClients(started);
  let stopped: Promise<void> | undefined;
  const shutdown = () =>
    (stopped ??= started.shutdown().finally(() => {
      uninstrumentClients();
      if (provider === started) provider = undefined;
      trace.disable();
      context.disable();
      propagation.disable();
    }));
  return {
    enabled: true,
    shutdown,
    shutdownWith: (app) => void app.getHttpAdapter().getInstance().addHook('onClose', shutdown),
  };
}

/** Where spans go, as the OTLP exporters read the variables: the traces endpoint as given, else `<endpoint>/v1/traces`. */
function tracesUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
}

/** A W3C `traceparent`: version, trace id, parent span id, flags. */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export function isTraceparent(value: unknown): value is string {
  return typeof value === 'string' && TRACEPARENT.test(value);
}

/** The trace context a `traceparent` names (a remote parent), or the root context when there is none. */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** The `traceparent` of a span, to carry its trace across a process boundary (an event, a job). */
export function traceparentOf(span: Span): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier.traceparent;
}

/** The trace id of the active span, for log lines written outside a request (event handlers, jobs). */
export function activeTraceId(): string | undefined {
  if (!provider) return undefined;
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

/**
 * Runs `work` inside a new span that ends when the work settles: ERROR with the exception when it throws. With
 * tracing off it is `work()` and nothing more.
 */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Attributes; parent?: Context },
  work: () => Promise<T>,
): Promise<T> {
  if (!provider) return work();
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}
