/**
 * Everything services, the gateway and the web app share, by owner: `http/<service>.ts` holds the HTTP shapes of
 * the service that answers them, `events/<service>.ts` the payloads that service publishes; `events/envelope.ts`
 * and `events/event-map.ts` are the envelope and the map of every event;
 * `http/pages.ts` holds the web app's pages (its routes, the sitemap's shapes); `time/clock.ts` is the one clock
 * (wall clocks of instants in any IANA zone, instants of a zone's dates and times, weeks, offsets), `time/site-day.ts`
 * the site's London day on it. The root export keeps one import path.
 */
export * from './time/clock.js';
export * from './time/site-day.js';
export * from './time/location-zones.js';
export * from './money/currencies.js';
export * from './events/envelope.js';
export * from './events/event-map.js';
export * from './events/identity.js';
export * from './events/brands.js';
export * from './events/reviews.js';
export * from './events/hunters.js';
export * from './events/bookings.js';
export * from './events/messaging.js';
export * from './events/rights.js';
export * from './events/moderation.js';
export * from './http/errors.js';
export * from './http/text-rules.js';
export * from './http/list-filters.js';
export * from './http/input-rules.js';
export * from './http/identity.js';
export * from './http/identity.schemas.js';
export * from './http/brands.js';
export * from './http/brands.schemas.js';
export * from './http/reviews.js';
export * from './http/reviews.schemas.js';
export * from './http/messaging.js';
export * from './http/messaging.schemas.js';
export * from './http/hunters.js';
export * from './http/hunters.schemas.js';
export * from './http/hunter-edits.js';
export * from './http/hunter-edits.schemas.js';
export * from './http/hunter-picks.js';
export * from './http/style-passport.js';
export * from './http/bookings.js';
export * from './http/bookings.schemas.js';
export * from './http/pages.js';
export * from './http/your-data.js';
export * from './http/legal.js';
export * from './http/legal.schemas.js';
export * from './http/cancellation-policy.js';
export * from './http/moderation.js';
export * from './http/moderation.schemas.js';
