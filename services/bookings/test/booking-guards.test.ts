import { BOOKING_ACTION_RULES, type BookingAttendance, type BookingStatus } from '@hunted/contracts';
import { TEST_DATABASE_URL } from '@hunted/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_GUARDS } from '../src/store/booking-guards.js';
import {
  canCancel,
  canDispute,
  canMarkAttendance,
  canPropose,
  HOUR_MS,
  isBeforeChangeWindow,
  type RuleRow,
} from '../src/store/booking-rules.js';

/**
 * The transitions' SQL guards (store/booking-guards.ts) say what the pure rules (store/booking-rules.ts) say, for
 * every row of a grid around each rule's edges: PostgreSQL evaluates each guard over the rows (as `b`, at `now`, the
 * same parameters the transitions pass), and each answer is compared with the rule's. No table: the rows are
 * a recordset of JSON.
 */

const NOW = new Date(Date.UTC(2026, 5, 1, 12));
const STATUSES: BookingStatus[] = ['pending_payment', 'confirmed', 'completed', 'cancelled', 'expired'];
/** Around the start, the change window and the dispute window (ms from NOW; 1 ms either side). */
const STARTS = [-3 * 24 * HOUR_MS, -HOUR_MS, -1, 0, 1, HOUR_MS, 24 * HOUR_MS - 1, 24 * HOUR_MS, 24 * HOUR_MS + 1];
const MARKED = [null, -48 * HOUR_MS - 1, -48 * HOUR_MS, -48 * HOUR_MS + 1, -1];
const ATTENDANCE: (BookingAttendance | null)[] = [null, 'held', 'no_show'];
const DISPUTES: RuleRow['disputeStatus'][] = [null, 'open', 'refunded', 'dismissed'];

function grid(): RuleRow[] {
  const rows: RuleRow[] = [];
  for (const status of STATUSES)
    for (const startsIn of STARTS)
      for (const proposed of [false, true])
        for (const attendance of ATTENDANCE)
          for (const marked of MARKED)
            for (const disputeStatus of DISPUTES) {
              // A mark and its moment come together.
              if ((attendance === null) !== (marked === null)) continue;
              rows.push({
                status,
                startsAt: new Date(NOW.getTime() + startsIn),
                endsAt: new Date(NOW.getTime() + startsIn + HOUR_MS),
                pricePence: 4000,
                proposedAt: proposed ? new Date(NOW.getTime() - HOUR_MS) : null,
                attendance,
                attendanceMarkedAt: marked === null ? null : new Date(NOW.getTime() + marked),
                disputeStatus,
              });
            }
  return rows;
}

describe('the SQL guards of the transitions agree with the booking rules', () => {
  let db: pg.Client;
  const rows = grid();
  let answers: Record<string, boolean>[];

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    const guards = {
      cancellable: BOOKING_GUARDS.cancellable('$1'),
      movable: `b.status = 'confirmed' and ${BOOKING_GUARDS.startsBeforeWindow('$1')}`,
      proposable: BOOKING_GUARDS.proposable('$1'),
      markable: BOOKING_GUARDS.markable('$1'),
      disputable: BOOKING_GUARDS.disputable('$1', '$2'),
    };
    const columns = Object.entries(guards)
      .map(([name, sql]) => `coalesce(${sql}, false) as "${name}"`)
      .join(', ');
    const result = await db.query<Record<string, boolean>>(
      `select ${columns}
         from jsonb_to_recordset($3::jsonb) as b(status text, starts_at timestamptz, ends_at timestamptz,
              proposed_at timestamptz, attendance text, attendance_marked_at timestamptz, dispute_status text, i int)
        order by b.i`,
      [
        NOW,
        BOOKING_ACTION_RULES.disputeWindowHours,
        JSON.stringify(
          rows.map((row, i) => ({
            i,
            status: row.status,
            starts_at: row.startsAt,
            ends_at: row.endsAt,
            proposed_at: row.proposedAt,
            attendance: row.attendance,
            attendance_marked_at: row.attendanceMarkedAt,
            dispute_status: row.disputeStatus,
          })),
        ),
      ],
    );
    answers = result.rows;
  });

  afterAll(async () => {
    await db?.end();
  });

  const now = NOW.getTime();
  const rules: Record<string, (row: RuleRow) => boolean> = {
    cancellable: (row) => canCancel(row, now),
    movable: (row) => isBeforeChangeWindow(row, now),
    proposable: (row) => canPropose(row, now),
    markable: (row) => canMarkAttendance(row, now),
    disputable: (row) => canDispute(row, now),
  };

  for (const [guard, rule] of Object.entries(rules)) {
    it(`${guard}: the same answer for every row`, () => {
      expect(answers).toHaveLength(rows.length);
      const disagreements = rows
        .map((row, index) => ({ row, sql: answers[index]![guard], rule: rule(row) }))
        .filter(({ sql, rule }) => sql !== rule);
      expect(disagreements).toEqual([]);
      // The grid reaches both answers.
      expect(new Set(rows.map(rule))).toEqual(new Set([true, false]));
    });
  }
});
