import { randomUUID } from 'node:crypto';
import { EVENT_VERSIONS } from '@hunted/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BOOKING_PHOTO_PATH, bookingEventOf, type BookingEventRow } from '../../store/booking-rows.js';

/** How many bookings one statement reads and restates, so a large table never sits in memory at once. */
const BATCH = 500;

/**
 * Decision 0090: the outcome now says whether a review of the session counts (`reviewQualifies`: paid and held, or
 * free and marked held), and only bookings knows a session's price. Every confirmed or completed booking has its
 * outcome said again, once, as `bookings.booking.outcome-restated` through the outbox, in booking order: the copies
 * learn it for finished sessions (no other event will come for them) and for those still ahead (whose confirmation
 * said nothing of it), and reviews decides its older reviews by it. The revision is unchanged (a copy takes the
 * outcome at an equal revision); nothing is sent to anyone for it. Nothing to undo: the events are sent.
 *
 * The columns are named here, not BOOKING_COLUMNS: this runs before later migrations add theirs.
 */
export class RestateBookingOutcomes1797500050000 implements MigrationInterface {
  name = 'RestateBookingOutcomes1797500050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: BookingEventRow[] = await queryRunner.query(
        `select b.id, b.status, b.hunter_id as "hunterId", b.hunter_user_id as "hunterUserId",
                b.client_user_id as "clientUserId", b.session_type as "sessionType", b.starts_at as "startsAt",
                b.ends_at as "endsAt", b.price_pence as "pricePence", b.sequence, b.notes, b.passport, b.attendance,
                b.attendance_marked_at as "attendanceMarkedAt", b.dispute_status as "disputeStatus",
                array(select '${BOOKING_PHOTO_PATH}/' || p.id from booking_photos p where p.booking_id = b.id
                      order by p.created_at, p.id) as "photoUrls"
           from hunter_bookings b
          where b.status in ('confirmed', 'completed') and b.id > $1::uuid
          order by b.id
          limit ${BATCH}`,
        [after],
      );
      if (rows.length === 0) return;
      const occurredAt = new Date().toISOString();
      for (const row of rows) {
        await queryRunner.query(`insert into outbox (id, type, version, occurred_at, data) values ($1, $2, $3, $4, $5)`, [
          randomUUID(),
          'bookings.booking.outcome-restated',
          EVENT_VERSIONS['bookings.booking.outcome-restated'],
          occurredAt,
          JSON.stringify(bookingEventOf(row)),
        ]);
      }
      after = rows.at(-1)!.id;
    }
  }

  async down(): Promise<void> {
    // Events once sent cannot be taken back; the copies keep what they learnt.
  }
}
