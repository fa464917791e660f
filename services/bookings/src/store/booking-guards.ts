import { BOOKING_RULES } from '@hunted/contracts';

/**
 * The rules of store/booking-rules.ts as the transitions' WHERE clauses write them, on the row `b` at `now` (a
 * placeholder, `$3`: the session rules' clock, never the database's). Each is the SQL twin of one rule, and
 * test/booking-guards.test.ts runs both over the same rows to keep them agreeing:
 *
 *   cancellable          canCancel             confirmed, not started
 *   startsBeforeWindow   isBeforeChangeWindow  (with confirmed) at least the change window ahead
 *   proposable           canPropose            cancellable, no open proposal
 *   markable             canMarkAttendance     started, confirmed or completed, not marked
 *   disputable           canDispute            a no-show mark, not disputed, within `windowHours` of it
 */
export const BOOKING_GUARDS = {
  cancellable: (now: string) => `b.status = 'confirmed' and b.starts_at > ${now}`,
  startsBeforeWindow: (now: string) =>
    `b.starts_at >= ${now}::timestamptz + make_interval(hours => ${BOOKING_RULES.changeWindowHours})`,
  proposable: (now: string) => `${BOOKING_GUARDS.cancellable(now)} and b.proposed_at is null`,
  markable: (now: string) =>
    `b.status in ('confirmed', 'completed') and b.attendance is null and b.starts_at <= ${now}`,
  disputable: (now: string, windowHours: string) =>
    `b.attendance = 'no_show' and b.dispute_status is null
     and b.attendance_marked_at > ${now}::timestamptz - make_interval(hours => ${windowHours}::int)`,
} as const;
