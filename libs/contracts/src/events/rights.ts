/**
 * Payloads of the people's-rights sagas (export and erasure, UK GDPR Art. 15, 17 and 20) that every service
 * publishes under its own name: identity starts each saga, every other service answers with one of these
 * (`<service>.data-export.part-ready`, `<service>.user-data.erased`). Decision 0098.
 */

/** The services that hold something about a member besides identity: each contributes a part and erases its own. */
export const RIGHTS_SERVICES = ['brands', 'reviews', 'hunters', 'bookings', 'messaging'] as const;
export type RightsService = (typeof RIGHTS_SERVICES)[number];

/** A service built and stored its part of an export; the gateway reads it when the member downloads. */
export interface DataExportPartReadyV1 {
  exportId: string;
  userId: string;
  /** Files in the part (its README included). */
  files: number;
  /** Their size in bytes, all together. */
  bytes: number;
}

/** A service erased or anonymised all it holds about a deleted member (what it keeps is in docs/your-data.md). */
export interface UserDataErasedV1 {
  deletionId: string;
  userId: string;
}
