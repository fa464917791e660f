import { dateIn, type HunterBooking } from '@hunted/contracts';

/** At most this many sessions in the dashboard's recent list (spec, section 9). */
export const RECENT_SESSIONS_LIMIT = 5;

export interface HunterBookingsSummary {
  /** Pence: confirmed and completed bookings (a cancelled, expired or unpaid one earned nothing). */
  earningsPence: number;
  /** Confirmed and completed bookings. */
  totalBookings: number;
  /** Confirmed sessions still to start, soonest first. */
  upcoming: HunterBooking[];
  /**
   * Completed sessions and confirmed ones already started, latest first: the five latest, and any older one still
   * waiting for the hunter (attendance to mark) or for Hunted (an open dispute), so none drops out of reach.
   */
  recent: HunterBooking[];
  /** Paid bookings that were cancelled (by either side or by Hunted), latest session first, at most five. */
  cancelled: HunterBooking[];
}

const counts = (booking: HunterBooking) => booking.status === 'confirmed' || booking.status === 'completed';

const needsAnswer = (booking: HunterBooking) => booking.canMarkAttendance || booking.dispute?.status === 'open';

/** The dashboard's figures and lists, from real instants (not the session date's day of month). */
export function summariseHunterBookings(bookings: HunterBooking[], now: number): HunterBookingsSummary {
  const counted = bookings.filter(counts);
  const startOf = (booking: HunterBooking) => Date.parse(booking.startsAt);
  return {
    earningsPence: counted.reduce((sum, booking) => sum + booking.totalAmount, 0),
    totalBookings: counted.length,
    upcoming: counted
      .filter((booking) => booking.status === 'confirmed' && startOf(booking) > now)
      .sort((a, b) => startOf(a) - startOf(b)),
    recent: counted
      .filter((booking) => booking.status === 'completed' || startOf(booking) <= now)
      .sort((a, b) => startOf(b) - startOf(a))
      .filter((booking, index) => index < RECENT_SESSIONS_LIMIT || needsAnswer(booking)),
    cancelled: bookings
      .filter((booking) => booking.status === 'cancelled')
      .sort((a, b) => startOf(b) - startOf(a))
      .slice(0, RECENT_SESSIONS_LIMIT),
  };
}

/**
 * Dates ('YYYY-MM-DD') holding a confirmed or completed session on a zone's calendar (the hunter's browser's), with
 * how many, each date's in order of start.
 */
export function sessionsByDate(bookings: HunterBooking[], zone: string): Map<string, HunterBooking[]> {
  const byDate = new Map<string, HunterBooking[]>();
  for (const booking of bookings.filter(counts)) {
    const date = dateIn(zone, Date.parse(booking.startsAt));
    const list = byDate.get(date) ?? [];
    list.push(booking);
    byDate.set(date, list);
  }
  for (const list of byDate.values()) list.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return byDate;
}
