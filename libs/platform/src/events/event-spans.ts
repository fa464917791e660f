import { SpanKind } from '@opentelemetry/api';
import { streamOfEventType, type IntegrationEvent } from '@hunted/contracts';
import { contextOfTraceparent, inSpan, tracer, tracingEnabled, traceparentOf } from '../tracing/tracing.js';

/**
 * An event's publication, as a PRODUCER span in the publishing work's trace (the request or event that caused it),
 * and the `traceparent` that the event carries in its envelope (outbox row, then stream entry). The span ends at
 * once: the outbox write is its work; the relay's later XADD gets a span of its own under it (inRelaySpan).
 * Undefined when tracing is off.
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
 * The relay's hand-over of an event to its stream, inside a PRODUCER span whose parent is the publish span named by
 * the event's `traceparent` (the outbox column): the XADD's Redis command span joins the request's trace, however
 * long after the request the relay ran. The event keeps the publish span's `traceparent`, so consumers stay its
 * children. An event without one (written while tracing was off) is sent outside any span: a trace per relayed row
 * would be noise, and the relay's polls are untraced for the same reason. Just `send()` when tracing is off.
 */
export function inRelaySpan<T>(event: IntegrationEvent, service: string, send: () => Promise<T>): Promise<T> {
  if (!tracingEnabled() || !event.traceparent) return send();
  return inSpan(
    `relay ${event.type}`,
    {
      kind: SpanKind.PRODUCER,
      parent: contextOfTraceparent(event.traceparent),
      attributes: {
        'messaging.system': 'redis',
        'messaging.operation.type': 'send',
        'messaging.destination.name': streamOfEventType(event.type),
        'messaging.message.id': event.id,
        'hunted.publisher': service,
      },
    },
    send,
  );
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
