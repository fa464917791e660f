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

/** A stream of its own for an event type whose payload only some services may read. */
export interface PrivateEventStream {
  /** `events:<publisher>:<what>`, beside the publisher's own stream. */
  stream: string;
  /** The only services that may handle the type (and whose Redis users may read the stream). */
  readers: readonly string[];
}

/**
 * Event types that carry what only some services may read (a hunter's WhatsApp number, meeting address): each
 * travels on a stream of its own instead of its publisher's, which every consumer of that publisher reads. A
 * service not named in `readers` is refused at start if it handles the type, and in production its Redis user
 * cannot read the stream (infra/redis/service-users.mjs keeps the same list; its test checks it against this).
 * Decision 0097.
 */
export const PRIVATE_EVENT_STREAMS: { readonly [T in EventType]?: PrivateEventStream } = {
  'hunters.joining-details.changed': { stream: 'events:hunters:joining-details', readers: ['bookings', 'messaging'] },
};

/** The stream an event type travels on: its publisher's stream, or its own if it is private. */
export function streamOfEventType(type: EventType): string {
  return PRIVATE_EVENT_STREAMS[type]?.stream ?? streamOf(publisherOf(type));
}

/** Every stream a service publishes to: its own and the private streams of its types (the relay trims each). */
export function streamsPublishedBy(service: string): string[] {
  const privateStreams = Object.entries(PRIVATE_EVENT_STREAMS)
    .filter(([type]) => publisherOf(type as EventType) === service)
    .map(([, { stream }]) => stream);
  return [streamOf(service), ...new Set(privateStreams)];
}

/** Refuses a service that handles a private type it is not a reader of (a wiring mistake, refused at start). */
export function assertMayHandle(service: string, type: EventType): void {
  const restricted = PRIVATE_EVENT_STREAMS[type];
  if (restricted && !restricted.readers.includes(service)) {
    throw new Error(`${service} may not handle ${type}: only ${restricted.readers.join(' and ')} read ${restricted.stream} (decision 0097)`);
  }
}

/** Where a consuming service parks the events it failed to apply too many times. */
export function deadLetterStreamOf(consumerService: string): string {
  return `events:dead-letter:${consumerService}`;
}
