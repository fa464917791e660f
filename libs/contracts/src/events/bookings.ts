/** Events the bookings service publishes (on `events:bookings`). */
import type { SessionTypeKey } from '../http/hunters.js';

/**
 * What every booking event carries: enough for messaging's emails and conversations and for hunters' counts
 * without a call back. `sequence` starts at 0 and rises with every change of the booking (the `.ics` SEQUENCE).
 */
export interface BookingEventV1 {
  bookingId: string;
  hunterId: number;
  /** The hunter's member id, or null for a hunter no member has claimed. */
  hunterUserId: string | null;
  clientUserId: string;
  sessionType: SessionTypeKey;
  startsAt: string;
  endsAt: string;
  pricePence: number;
  sequence: number;
}

export type BookingConfirmedV1 = BookingEventV1;
/** `previousStartsAt`/`previousEndsAt`: the times the booking had before. */
export type BookingRescheduledV1 = BookingEventV1 & { previousStartsAt: string; previousEndsAt: string };
/**
 * `cancelledBy` says who; `refundPence` what goes back to the client (0 for a late client cancellation); `cause`
 * why the system cancelled (`hunter_suspended`: the hunter was suspended), null otherwise and in older events.
 */
export type BookingCancelledV1 = BookingEventV1 & {
  cancelledBy: 'client' | 'hunter' | 'system';
  refundPence: number;
  cause: 'hunter_suspended' | null;
};
export type BookingCompletedV1 = BookingEventV1;
/** A refund settled (Stripe's `charge.refunded`, or at once in simulated mode); also for a late payment refunded. */
export type BookingRefundedV1 = BookingEventV1 & { refundPence: number; reason: 'cancelled' | 'late_payment' };

/**
 * A hunter's payout account (Stripe Connect Express, or the simulated one) changed: hunters copies
 * `payoutsEnabled` into the profile's `takesPaidBookings`.
 */
export interface PayoutAccountUpdatedV1 {
  hunterId: number;
  /** Null for an unclaimed demo hunter (simulated mode gives each an enabled simulated account). */
  hunterUserId: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}
