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
}

export interface UserRegisteredV1 {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export type UserUpdatedV1 = UserRegisteredV1 & { instagramUrl: string | null };

/** A brand entered the directory (submission, admin create or CSV upload). */
export interface BrandCreatedV1 {
  brandId: number;
  name: string;
}

export type BrandUpdatedV1 = BrandCreatedV1;

/** A brand was removed with its votes and saves; its reviews, photos and comments must go too. */
export interface BrandDeletedV1 {
  brandId: number;
}

/** A member reviewed a brand; `rating` is the review's overall rating (1–5). */
export interface ReviewCreatedV1 {
  reviewId: number;
  brandId: number;
  userId: string;
  rating: number;
}

export type ReviewUpdatedV1 = ReviewCreatedV1;

export interface ReviewDeletedV1 {
  reviewId: number;
  brandId: number;
}

/** Type -> { version, payload }. Adding an event means adding a line here; a breaking change bumps its version. */
export interface EventMap {
  'identity.user.registered': { version: 1; data: UserRegisteredV1 };
  'identity.user.updated': { version: 1; data: UserUpdatedV1 };
  'brands.brand.created': { version: 1; data: BrandCreatedV1 };
  'brands.brand.updated': { version: 1; data: BrandUpdatedV1 };
  'brands.brand.deleted': { version: 1; data: BrandDeletedV1 };
  'reviews.review.created': { version: 1; data: ReviewCreatedV1 };
  'reviews.review.updated': { version: 1; data: ReviewUpdatedV1 };
  'reviews.review.deleted': { version: 1; data: ReviewDeletedV1 };
}

export type EventType = keyof EventMap;
export type EventVersion<T extends EventType> = EventMap[T]['version'];
export type EventPayload<T extends EventType> = EventMap[T]['data'];

export const EVENT_VERSIONS: { [T in EventType]: EventVersion<T> } = {
  'identity.user.registered': 1,
  'identity.user.updated': 1,
  'brands.brand.created': 1,
  'brands.brand.updated': 1,
  'brands.brand.deleted': 1,
  'reviews.review.created': 1,
  'reviews.review.updated': 1,
  'reviews.review.deleted': 1,
};

/** The stream a service publishes to. */
export function streamOf(service: string): string {
  return `events:${service}`;
}

/** Whether a string names an event of the map (a stream may carry types a consumer build does not know yet). */
export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_VERSIONS, value);
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
