import {
  BOOKING_ACTION_MESSAGES,
  BOOKING_ACTION_RULES,
  BOOKING_RULES,
  joiningReleasesAt,
  PASSPORT_LIMITS,
  type BookingAttendance,
  type BookingOutcomeV1,
  type BookingStatus,
} from '@hunted/contracts';

/**
 * The booking's rules, pure: what may happen to a booking at a moment (`now`, ms), and why not. Written once here and
 * read three ways: the pages' flags (`canCancel`, `canPropose`… in views/), the refusals' messages before a write
 * (`refusalTo…`, the session actions), and the SQL guards of the transitions (store/booking-guards.ts), which
 * test/booking-guards.test.ts checks against these functions row by row. The guarded UPDATE still decides.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** What of a booking's row the rules read (a BookingRow has all of it). */
export interface RuleRow {
  status: BookingStatus;
  startsAt: Date | string;
  endsAt: Date | string;
  pricePence: number;
  proposedAt: Date | string | null;
  attendance: BookingAttendance | null;
  attendanceMarkedAt: Date | string | null;
  disputeStatus: 'open' | 'refunded' | 'dismissed' | null;
}

const ms = (value: Date | string) => new Date(value).getTime();

/** The session has begun (its start is not ahead). */
export function hasStarted(row: Pick<RuleRow, 'startsAt'>, now: number): boolean {
  return ms(row.startsAt) <= now;
}

/** The session has ended. */
export function hasEnded(row: Pick<RuleRow, 'endsAt'>, now: number): boolean {
  return ms(row.endsAt) <= now;
}

/** Confirmed and not started: either side may cancel it (the hunter also suggest another time). */
export function canCancel(row: Pick<RuleRow, 'status' | 'startsAt'>, now: number): boolean {
  return row.status === 'confirmed' && !hasStarted(row, now);
}

/**
 * Confirmed and at least BOOKING_RULES.changeWindowHours ahead: the client may move it, or cancel it with the whole
 * price back.
 */
export function isBeforeChangeWindow(row: Pick<RuleRow, 'status' | 'startsAt'>, now: number): boolean {
  return row.status === 'confirmed' && ms(row.startsAt) - now >= BOOKING_RULES.changeWindowHours * HOUR_MS;
}

/** What a cancellation now gives back: the whole price when the hunter cancels or before the change window. */
export function refundOnCancel(
  row: Pick<RuleRow, 'status' | 'startsAt' | 'pricePence'>,
  by: 'client' | 'hunter',
  now: number,
): number {
  return by === 'hunter' || isBeforeChangeWindow(row, now) ? row.pricePence : 0;
}

/** Cancellable, and no suggestion of another time open: the hunter may suggest one. */
export function canPropose(row: Pick<RuleRow, 'status' | 'startsAt' | 'proposedAt'>, now: number): boolean {
  return canCancel(row, now) && row.proposedAt === null;
}

/** Started, confirmed or completed, not marked yet: the hunter may mark it held or a no-show, once. */
export function canMarkAttendance(row: Pick<RuleRow, 'status' | 'startsAt' | 'attendance'>, now: number): boolean {
  return hasStarted(row, now) && (row.status === 'confirmed' || row.status === 'completed') && row.attendance === null;
}

/** When the client's window to dispute a no-show mark closes (ms), or null with no mark. */
export function disputeClosesAt(row: Pick<RuleRow, 'attendanceMarkedAt'>): number | null {
  if (row.attendanceMarkedAt === null) return null;
  return ms(row.attendanceMarkedAt) + BOOKING_ACTION_RULES.disputeWindowHours * HOUR_MS;
}

/** A no-show mark not disputed yet, within BOOKING_ACTION_RULES.disputeWindowHours of being made. */
export function canDispute(
  row: Pick<RuleRow, 'attendance' | 'attendanceMarkedAt' | 'disputeStatus'>,
  now: number,
): boolean {
  const closesAt = disputeClosesAt(row);
  return row.attendance === 'no_show' && row.disputeStatus === null && closesAt !== null && now < closesAt;
}

/** What of a booking's row its outcome is computed from. */
export type OutcomeRow = Pick<
  RuleRow,
  'status' | 'startsAt' | 'endsAt' | 'pricePence' | 'attendance' | 'attendanceMarkedAt' | 'disputeStatus'
> & { sequence: number };

const iso = (value: number) => new Date(value).toISOString();

/**
 * A no-show mark that stands: a no-show whose dispute an admin refunded counts as held, as reviews judges it (the
 * mark was overturned); a dismissed or open dispute leaves the mark standing.
 */
function noShowStands(row: Pick<RuleRow, 'attendance' | 'disputeStatus'>): boolean {
  return row.attendance === 'no_show' && row.disputeStatus !== 'refunded';
}

/**
 * How far along its life the booking is: every step (the sequence rising on a move or cancellation, the completion,
 * the mark, the dispute opened, then resolved) only ever adds, so copies elsewhere can keep the highest revision.
 * A step past the sequence only happens once the session has started, when the sequence no longer moves.
 */
export function outcomeRevision(row: Pick<OutcomeRow, 'sequence' | 'status' | 'attendance' | 'disputeStatus'>): number {
  const stage =
    (row.status === 'completed' ? 1 : 0) +
    (row.attendance !== null ? 1 : 0) +
    (row.disputeStatus === null ? 0 : row.disputeStatus === 'open' ? 1 : 2);
  return row.sequence * 8 + stage;
}

/**
 * What the session comes to, published in every booking event (decision 0085) so no other service works it out.
 * Fixed by the row alone, never by the clock: a confirmed or completed session not a standing no-show is held from
 * its end; it may be reviewed until BOOKING_ACTION_RULES.reviewWindowDays after that; the hunter may send an edit
 * once they marked it held (or a refunded dispute overturned their no-show) or bookings completed it; the hunter
 * reads the passport until PASSPORT_LIMITS.daysAfterSession after the end, unless cancelled. A review of it counts
 * (decision 0090) when it is held and paid, or free and marked held by the hunter: a free session costs nothing to
 * make up, so only the hunter's word that it took place lets its review into the rating.
 */
export function outcomeOf(row: OutcomeRow): BookingOutcomeV1 {
  const endsAt = ms(row.endsAt);
  const lives = row.status === 'confirmed' || row.status === 'completed';
  const held = lives && !noShowStands(row);
  const markedHeld = row.attendance === 'held' || (row.attendance === 'no_show' && row.disputeStatus === 'refunded');
  let editableFrom: string | null = null;
  if (held && markedHeld) editableFrom = iso(ms(row.attendanceMarkedAt ?? row.startsAt));
  else if (held && row.status === 'completed') editableFrom = iso(endsAt);
  return {
    revision: outcomeRevision(row),
    status: row.status,
    heldFrom: held ? iso(endsAt) : null,
    noShow: lives && noShowStands(row),
    reviewableUntil: held ? iso(endsAt + BOOKING_ACTION_RULES.reviewWindowDays * DAY_MS) : null,
    editableFrom,
    // A cancelled booking keeps its window's end (its client's page shows it); its hunter reads nothing, by `status`.
    passportUntil: lives || row.status === 'cancelled' ? iso(endsAt + PASSPORT_LIMITS.daysAfterSession * DAY_MS) : null,
    reviewQualifies: held && (row.pricePence > 0 || row.attendance === 'held'),
  };
}

/** A held session: ended (completed, or confirmed past its end), not cancelled, and not a standing no-show. */
export function isHeld(row: Pick<RuleRow, 'status' | 'endsAt' | 'attendance' | 'disputeStatus'>, now: number): boolean {
  const lives = row.status === 'confirmed' || row.status === 'completed';
  return lives && !noShowStands(row) && (row.status === 'completed' || hasEnded(row, now));
}

/** Until when (ms) a held session may be reviewed, while that is ahead; else null. */
export function reviewableUntil(
  row: Pick<RuleRow, 'status' | 'endsAt' | 'attendance' | 'disputeStatus'>,
  now: number,
): number | null {
  if (!isHeld(row, now)) return null;
  const until = ms(row.endsAt) + BOOKING_ACTION_RULES.reviewWindowDays * DAY_MS;
  return until > now ? until : null;
}

/** A confirmed or completed booking, until BOOKING_ACTION_RULES.joiningReleaseHoursAfterEnd after it ends. */
function joiningLives(row: Pick<RuleRow, 'status' | 'endsAt'>, now: number): boolean {
  if (row.status !== 'confirmed' && row.status !== 'completed') return false;
  return now <= ms(row.endsAt) + BOOKING_ACTION_RULES.joiningReleaseHoursAfterEnd * HOUR_MS;
}

/**
 * The client sees how to join once the booking can no longer be cancelled for a full refund (inside the change
 * window, when the 24 h reminder brings them: decision 0088), until a while after it ends; never when cancelled.
 */
export function joiningReleased(row: Pick<RuleRow, 'status' | 'startsAt' | 'endsAt'>, now: number): boolean {
  // Strictly after: at the very instant the full refund still holds (isBeforeChangeWindow).
  return joiningLives(row, now) && now > joiningReleasesAt(row.startsAt);
}

/** Confirmed, ahead of the change window: the client is told when the details will come, not given them. */
export function joiningHeldBack(row: Pick<RuleRow, 'status' | 'startsAt' | 'endsAt'>, now: number): boolean {
  return joiningLives(row, now) && now <= joiningReleasesAt(row.startsAt);
}

// ---- Why not: the refusals' messages, read from the row before the guarded write ------------------------------

/** Why neither side may cancel it (nor the hunter suggest a time), or null when they may. */
export function refusalToChange(row: Pick<RuleRow, 'status' | 'startsAt'>, now: number): string | null {
  if (row.status !== 'confirmed') return BOOKING_ACTION_MESSAGES.notConfirmed;
  if (hasStarted(row, now)) return BOOKING_ACTION_MESSAGES.alreadyStarted;
  return null;
}

/** Why the hunter may not suggest another time, or null. */
export function refusalToPropose(row: Pick<RuleRow, 'status' | 'startsAt' | 'proposedAt'>, now: number): string | null {
  return refusalToChange(row, now) ?? (row.proposedAt !== null ? BOOKING_ACTION_MESSAGES.proposalOpen : null);
}

/** Why the hunter may not mark attendance, or null. */
export function refusalToMarkAttendance(
  row: Pick<RuleRow, 'status' | 'startsAt' | 'attendance'>,
  now: number,
): string | null {
  if (row.status !== 'confirmed' && row.status !== 'completed') return BOOKING_ACTION_MESSAGES.notConfirmed;
  if (row.attendance !== null) return BOOKING_ACTION_MESSAGES.alreadyMarked;
  if (!hasStarted(row, now)) return BOOKING_ACTION_MESSAGES.notStarted;
  return null;
}

/** Why the client may not dispute the mark, or null. */
export function refusalToDispute(
  row: Pick<RuleRow, 'attendance' | 'attendanceMarkedAt' | 'disputeStatus'>,
  now: number,
): string | null {
  if (row.attendance !== 'no_show') return BOOKING_ACTION_MESSAGES.notNoShow;
  if (row.disputeStatus !== null) return BOOKING_ACTION_MESSAGES.alreadyDisputed;
  // A mark without its moment (none is written so) counts as marked long ago.
  if (now >= (disputeClosesAt(row) ?? 0)) return BOOKING_ACTION_MESSAGES.disputeClosed;
  return null;
}
