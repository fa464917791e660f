import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '../tracing/tracing.js';

export type { ReadableSpan };

export interface InMemoryTracing {
  tracing: Tracing;
  /** Every span ended so far, each as soon as it ends. */
  exporter: InMemorySpanExporter;
}

/**
 * Tracing on for this test process, into the SDK's in-memory exporter rather than OTLP. Start it before the apps
 * (their request hooks are added only when tracing is on) and shut it down after them.
 */
export function startInMemoryTracing(serviceName = 'test'): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing({ serviceName, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { tracing, exporter };
}
