import { SpanKind } from '@opentelemetry/api';
import { streamOfEventType, type IntegrationEvent } from '@hunted/contracts';
import { contextOfTraceparent, inSpan, tracer, tracingEnabled, traceparentOf } from '../tracing/tracing.js';

/**
 * An event's publication, as a PRODUCER span in the publishing work's trace (the request or event that caused it),
 * and the `traceparent` that the event carries in its envelope (outbox row, then stream entry). The span ends at
 * once: the outbox write is its work; the relay's later XADD belongs to no request. Undefined when tracing is off.
 */
export function publishSpanTraceparent(event: IntegrationEvent, service: string): string | undefined {
  if (!tracingEnabled()) return undefined;
  const span = tracer().startSpan(`${event.type} publish`, {
    kind: SpanKind.PRODUCER,
    attributes: {
      'messaging.system': 'redis',
      'messaging.operation.type': 'publish',
      'messaging.destination.name': streamOfEventType(event.type),
      'messaging.message.id': event.id,
      'hunted.publisher': service,
    },
  });
  span.end();
  return traceparentOf(span);
}

/**
 * Applies an event inside a CONSUMER span whose parent is the publish span named by the event's `traceparent`: the
 * handler's writes, the events it publishes and the jobs it queues join the publisher's trace. An event without
 * one (an untraced publisher) starts a trace of its own. Just `apply()` when tracing is off.
 */
export function inConsumeSpan<T>(event: IntegrationEvent, consumer: string, apply: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return apply();
  return inSpan(
    `${event.type} process`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextOfTraceparent(event.traceparent),
      attributes: {
        'messaging.system': 'redis',
        'messaging.operation.type': 'process',
        'messaging.destination.name': streamOfEventType(event.type),
        'messaging.consumer.group.name': consumer,
        'messaging.message.id': event.id,
      },
    },
    apply,
  );
}
