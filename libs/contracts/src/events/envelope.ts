import type { EventPayload, EventType, EventVersion } from './event-map.js';

/**
 * Integration events: the only thing services share about each other. Each event is an immutable, past-tense
 * fact with an id, a type, a contract version and the time it happened.
 */
export interface IntegrationEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  version: EventVersion<T>;
  occurredAt: string;
  data: EventPayload<T>;
  /**
   * The W3C trace context of the work that published the event (its publish span), when the publisher traces:
   * the consumer's work joins the same trace. Absent from events of untraced publishers and older entries.
   */
  traceparent?: string;
}

/** The stream a service publishes to. */
export function streamOf(service: string): string {
  return `events:${service}`;
}

/** The service that publishes an event type: its first segment (`identity.user.updated` -> `identity`). */
export function publisherOf(type: EventType): string {
  return type.slice(0, type.indexOf('.'));
}

/** The stream an event type travels on: its publisher's stream. */
export function streamOfEventType(type: EventType): string {
  return streamOf(publisherOf(type));
}

/** Where a consuming service parks the events it failed to apply too many times. */
export function deadLetterStreamOf(consumerService: string): string {
  return `events:dead-letter:${consumerService}`;
}
