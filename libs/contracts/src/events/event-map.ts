import type {
  BookingAttendanceMarkedV1,
  BookingDisputedV1,
  BookingDisputeResolvedV1,
  BookingProposalDeclinedV1,
  BookingTimeProposedV1,
  BookingCancelledV1,
  BookingCompletedV1,
  BookingOutcomeRestatedV1,
  BookingConfirmedV1,
  BookingRefundedV1,
  BookingRescheduledV1,
  PayoutAccountUpdatedV1,
  UserDeletionClearedV1,
  UserDeletionRefusedV1,
} from './bookings.js';
import type { BrandCreatedV1, BrandDeletedV1, BrandUpdatedV1 } from './brands.js';
import type {
  HunterAvailabilityChangedV1,
  HunterCreatedV1,
  HunterEditPublishRequestedV1,
  HunterEditSentV1,
  HunterJoiningDetailsChangedV1,
  HunterPickChosenV1,
  HunterUpdatedV1,
  HunterVettedV1,
} from './hunters.js';
import type {
  DataExportExpiredV1,
  DataExportReadyV1,
  DataExportRequestedV1,
  UserDeletedV1,
  UserDeletionRequestedV1,
  UserRegisteredV1,
  UserUpdatedV1,
} from './identity.js';
import type { DataExportPartReadyV1, UserDataErasedV1 } from './rights.js';
import type { MessageSentV1 } from './messaging.js';
import type { ModerationDecidedV1, ReviewVisibilityChangedV1 } from './moderation.js';
import type { HunterRatingChangedV1, ReviewCreatedV1, ReviewDeletedV1, ReviewUpdatedV1 } from './reviews.js';

/**
 * Type -> { version, payload }: every event of every publisher. Adding an event means a payload in its publisher's
 * file (events/<service>.ts), a line here and one in EVENT_VERSIONS; a breaking change bumps its version.
 */
export interface EventMap {
  'identity.user.registered': { version: 1; data: UserRegisteredV1 };
  'identity.user.updated': { version: 1; data: UserUpdatedV1 };
  'brands.brand.created': { version: 1; data: BrandCreatedV1 };
  'brands.brand.updated': { version: 1; data: BrandUpdatedV1 };
  'brands.brand.deleted': { version: 1; data: BrandDeletedV1 };
  'reviews.review.created': { version: 1; data: ReviewCreatedV1 };
  'reviews.review.updated': { version: 1; data: ReviewUpdatedV1 };
  'reviews.review.deleted': { version: 1; data: ReviewDeletedV1 };
  'reviews.hunter-rating.changed': { version: 1; data: HunterRatingChangedV1 };
  'hunters.hunter.created': { version: 1; data: HunterCreatedV1 };
  'hunters.hunter.updated': { version: 1; data: HunterUpdatedV1 };
  'hunters.availability.changed': { version: 1; data: HunterAvailabilityChangedV1 };
  'hunters.hunter.vetted': { version: 1; data: HunterVettedV1 };
  'hunters.joining-details.changed': { version: 1; data: HunterJoiningDetailsChangedV1 };
  'hunters.edit.sent': { version: 1; data: HunterEditSentV1 };
  'hunters.edit.publish-requested': { version: 1; data: HunterEditPublishRequestedV1 };
  'hunters.pick.chosen': { version: 1; data: HunterPickChosenV1 };
  'bookings.booking.confirmed': { version: 1; data: BookingConfirmedV1 };
  'bookings.booking.rescheduled': { version: 1; data: BookingRescheduledV1 };
  'bookings.booking.cancelled': { version: 1; data: BookingCancelledV1 };
  'bookings.booking.completed': { version: 1; data: BookingCompletedV1 };
  'bookings.booking.refunded': { version: 1; data: BookingRefundedV1 };
  'bookings.booking.attendance-marked': { version: 1; data: BookingAttendanceMarkedV1 };
  'bookings.booking.disputed': { version: 1; data: BookingDisputedV1 };
  'bookings.booking.dispute-resolved': { version: 1; data: BookingDisputeResolvedV1 };
  'bookings.booking.time-proposed': { version: 1; data: BookingTimeProposedV1 };
  'bookings.booking.proposal-declined': { version: 1; data: BookingProposalDeclinedV1 };
  'bookings.booking.outcome-restated': { version: 1; data: BookingOutcomeRestatedV1 };
  'bookings.payout-account.updated': { version: 1; data: PayoutAccountUpdatedV1 };
  'messaging.message.sent': { version: 1; data: MessageSentV1 };
  'identity.data-export.requested': { version: 1; data: DataExportRequestedV1 };
  'identity.data-export.ready': { version: 1; data: DataExportReadyV1 };
  'identity.data-export.expired': { version: 1; data: DataExportExpiredV1 };
  'identity.user.deletion-requested': { version: 1; data: UserDeletionRequestedV1 };
  'identity.user.deleted': { version: 1; data: UserDeletedV1 };
  'bookings.user-deletion.cleared': { version: 1; data: UserDeletionClearedV1 };
  'bookings.user-deletion.refused': { version: 1; data: UserDeletionRefusedV1 };
  'brands.data-export.part-ready': { version: 1; data: DataExportPartReadyV1 };
  'brands.user-data.erased': { version: 1; data: UserDataErasedV1 };
  'reviews.data-export.part-ready': { version: 1; data: DataExportPartReadyV1 };
  'reviews.user-data.erased': { version: 1; data: UserDataErasedV1 };
  'hunters.data-export.part-ready': { version: 1; data: DataExportPartReadyV1 };
  'hunters.user-data.erased': { version: 1; data: UserDataErasedV1 };
  'bookings.data-export.part-ready': { version: 1; data: DataExportPartReadyV1 };
  'bookings.user-data.erased': { version: 1; data: UserDataErasedV1 };
  'messaging.data-export.part-ready': { version: 1; data: DataExportPartReadyV1 };
  'messaging.user-data.erased': { version: 1; data: UserDataErasedV1 };
  'brands.moderation.decided': { version: 1; data: ModerationDecidedV1 };
  'reviews.moderation.decided': { version: 1; data: ModerationDecidedV1 };
  'reviews.review.visibility-changed': { version: 1; data: ReviewVisibilityChangedV1 };
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
  'reviews.hunter-rating.changed': 1,
  'hunters.hunter.created': 1,
  'hunters.hunter.updated': 1,
  'hunters.availability.changed': 1,
  'hunters.hunter.vetted': 1,
  'hunters.joining-details.changed': 1,
  'hunters.edit.sent': 1,
  'hunters.edit.publish-requested': 1,
  'hunters.pick.chosen': 1,
  'bookings.booking.confirmed': 1,
  'bookings.booking.rescheduled': 1,
  'bookings.booking.cancelled': 1,
  'bookings.booking.completed': 1,
  'bookings.booking.refunded': 1,
  'bookings.booking.attendance-marked': 1,
  'bookings.booking.disputed': 1,
  'bookings.booking.dispute-resolved': 1,
  'bookings.booking.time-proposed': 1,
  'bookings.booking.proposal-declined': 1,
  'bookings.booking.outcome-restated': 1,
  'bookings.payout-account.updated': 1,
  'messaging.message.sent': 1,
  'identity.data-export.requested': 1,
  'identity.data-export.ready': 1,
  'identity.data-export.expired': 1,
  'identity.user.deletion-requested': 1,
  'identity.user.deleted': 1,
  'bookings.user-deletion.cleared': 1,
  'bookings.user-deletion.refused': 1,
  'brands.data-export.part-ready': 1,
  'brands.user-data.erased': 1,
  'reviews.data-export.part-ready': 1,
  'reviews.user-data.erased': 1,
  'hunters.data-export.part-ready': 1,
  'hunters.user-data.erased': 1,
  'bookings.data-export.part-ready': 1,
  'bookings.user-data.erased': 1,
  'messaging.data-export.part-ready': 1,
  'messaging.user-data.erased': 1,
  'brands.moderation.decided': 1,
  'reviews.moderation.decided': 1,
  'reviews.review.visibility-changed': 1,
};

/** Whether a string names an event of the map (a stream may carry types a consumer build does not know yet). */
export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_VERSIONS, value);
}
