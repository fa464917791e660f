import type { BookingAttendance, Currency, SessionTypeKey } from '@hunted/contracts';

/*
 * The booking emails' rows as the ledger keeps them: their kinds (the table's check constraint names each) and the
 * facts a row holds about its booking (the review request sweep builds them in SQL). Here, on the ground floor,
 * because the ledger writes them; booking-emails/ plans, composes and words them.
 */

export const BOOKING_EMAIL_KINDS = [
  'confirmation',
  'rescheduled',
  'reminder_24h',
  'reminder_1h',
  'cancellation',
  'refund',
  'time_proposed',
  'proposal_declined',
  'session_held',
  'no_show',
  'disputed',
  'dispute_resolved',
  'review_request',
] as const;
export type BookingEmailKind = (typeof BOOKING_EMAIL_KINDS)[number];

/** What an email says about its booking: the booking as the event that asked for the email left it. */
export interface BookingFacts {
  bookingId: string;
  hunterId: number;
  sessionType: SessionTypeKey;
  startsAt: string;
  endsAt: string;
  /** Minor units of `currency`. */
  pricePence: number;
  /** The booking's currency (absent from emails of bookings from before currencies: pounds). */
  currency?: Currency;
  /** The platform fee the price includes (the event's; absent from older events and emails). */
  platformFeePence?: number;
  sequence: number;
  previousStartsAt?: string;
  previousEndsAt?: string;
  cancelledBy?: 'client' | 'hunter' | 'system';
  refundPence?: number;
  refundReason?: 'cancelled' | 'late_payment';
  /** Why the system cancelled: the hunter was suspended (only the client is emailed, with a full refund). */
  cause?: 'hunter_suspended';
  /** The hunter's reason for cancelling, quoted to the client. */
  reason?: string | null;
  /** The hunter's suggested time, and their message with it. */
  proposedStartsAt?: string;
  proposedEndsAt?: string;
  message?: string | null;
  attendance?: BookingAttendance;
  /** The client's reason for disputing a no-show. */
  disputeReason?: string;
  resolution?: 'refund' | 'dismiss';
  /** The admin's note on a resolved dispute. */
  resolutionNote?: string;
}
