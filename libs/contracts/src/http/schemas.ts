/**
 * Every service's request schemas, as one entry point (`@hunted/contracts/schemas`) that a web page can import
 * lazily: a form on a page that must load fast (a brand's page) checks its fields with `await import(...)` when it
 * is sent, so zod is fetched then and not with the page. Services import the same schemas from the package root.
 */
export * from './identity.schemas.js';
export * from './brands.schemas.js';
export * from './reviews.schemas.js';
export * from './hunters.schemas.js';
export * from './bookings.schemas.js';
export * from './messaging.schemas.js';
export * from './hunter-edits.schemas.js';
