import { BOOKING_RULES } from '@hunted/contracts';
import { isReviewable, reviewQualifies, type BookingOutcome } from '@hunted/platform';
import type { MessagingBookingStatus } from '../bookings/messaging-bookings.js';
import type { BookingEmailKind } from '../mail/booking-email-rows.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long before the start each reminder goes. The 24 h one goes as the booking enters the change window, so it
 * is the email that releases the joining details (decision 0088): its lead is that window.
 */
export const REMINDER_LEAD_MS: Record<'reminder_24h' | 'reminder_1h', number> = {
  reminder_24h: BOOKING_RULES.changeWindowHours * HOUR_MS,
  reminder_1h: HOUR_MS,
};

export function isReminder(kind: BookingEmailKind): kind is 'reminder_24h' | 'reminder_1h' {
  return kind === 'reminder_24h' || kind === 'reminder_1h';
}

/**
 * The reminders to plan for a booking starting at `startsAt`, planned `now`: each one whose time is still ahead.
 * A reminder whose time has passed is not planned at all (a booking made 30 minutes before its start gets none),
 * so no reminder ever goes 'at once'.
 */
export function remindersFor(startsAt: Date, now: Date): { kind: 'reminder_24h' | 'reminder_1h'; sendAt: Date }[] {
  return (['reminder_24h', 'reminder_1h'] as const)
    .map((kind) => ({ kind, sendAt: new Date(startsAt.getTime() - REMINDER_LEAD_MS[kind]) }))
    .filter(({ sendAt }) => sendAt.getTime() > now.getTime());
}

/** The review request goes this long after the session ends. */
export const REVIEW_REQUEST_DELAY_MS = 2 * HOUR_MS;

/**
 * A booking as its due emails are checked against: the state and sequence its emails were planned for (messaging's
 * facts), its times and the session's outcome as bookings published it (the shared copy).
 */
export interface BookingToCheck {
  status: MessagingBookingStatus;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  outcome: BookingOutcome;
}

/**
 * Why a review request should not go (checked again when its job runs, on the clock of session rules): it goes iff
 * the session is reviewable by the outcome bookings published (so a no-show overturned by a refunded dispute is
 * asked, as reviews accepts its review) and its review would count, at the sequence it was planned for, two hours
 * after the end.
 */
function reviewRequestSkip(email: EmailToCheck, booking: BookingToCheck | null, sessionNow: Date): string | null {
  if (!booking) return 'booking unknown';
  if (booking.outcome.status === 'cancelled') return 'booking cancelled';
  if (booking.outcome.noShow) return 'marked a no-show';
  if (booking.sequence !== email.sequence) return 'booking rescheduled';
  if (new Date(booking.endsAt).getTime() + REVIEW_REQUEST_DELAY_MS > sessionNow.getTime()) return 'session not over yet';
  if (!isReviewable(booking.outcome, sessionNow)) return 'not reviewable';
  // Reviews would refuse it (decision 0090): a free session its hunter did not mark held.
  if (!reviewQualifies(booking.outcome)) return 'review would not count';
  return null;
}

export interface EmailToCheck {
  kind: BookingEmailKind;
  sequence: number;
  sendAt: Date;
}

/**
 * Why an email due now should not go, or null to send it; checked against the booking copy when the job runs.
 * A reminder goes only for the booking as it was planned for (same sequence, still confirmed) and only while it
 * is useful: before the start and at most half its lead late (a 1 h reminder up to 30 min before, after a Redis
 * outage say). A confirmation or move that a later change overtook before it went is skipped; the later email
 * says what holds. Cancellations and refunds always go.
 */
export function skipReason(
  email: EmailToCheck,
  booking: BookingToCheck | null,
  now: Date,
  sessionNow: Date = now,
): string | null {
  if (email.kind === 'review_request') return reviewRequestSkip(email, booking, sessionNow);
  if (isReminder(email.kind)) {
    if (!booking) return 'booking unknown';
    if (booking.status !== 'confirmed') return `booking ${booking.status}`;
    if (booking.sequence !== email.sequence) return 'booking rescheduled';
    if (now.getTime() >= booking.startsAt.getTime()) return 'session already started';
    if (now.getTime() > email.sendAt.getTime() + REMINDER_LEAD_MS[email.kind] / 2) return 'too late to remind';
    return null;
  }
  if (email.kind === 'confirmation' || email.kind === 'rescheduled') {
    if (booking && booking.sequence > email.sequence) return 'superseded by a later change';
  }
  return null;
}
