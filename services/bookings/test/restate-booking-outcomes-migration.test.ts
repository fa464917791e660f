import { DEFAULT_SESSION_TYPES, type BookingEventV1 } from '@hunted/contracts';
import { startServiceApp, TEST_DATABASE_URL, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { RestateBookingOutcomes1797500050000 } from '../src/database/migrations/1797500050000-restate-booking-outcomes.js';

const SCHEMA = 'bookings_restate_it';
const HUNTER_ID = 9101;
const ENDS = '2026-05-01T11:00:00.000Z';

/**
 * Decision 0090's migration in bookings: every confirmed or completed booking's outcome said again, with whether a
 * review of it counts, as `bookings.booking.outcome-restated` through the outbox; nothing for the others.
 */
describe('bookings: outcomes restated once for the copies', () => {
  let bookings: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;

  beforeAll(async () => {
    bookings = await startServiceApp(createBookingsApp, loadConfig(testServiceEnv(SCHEMA)));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    await db.query(`insert into hunters (id, user_id, name, profile_image_url, location, availability_status, session_types, price_per_session, updated_at, time_zone)
       values ($1, 'u-hunter', 'Sofia', null, 'United Kingdom', 'Available', $2::jsonb, 0, now(), 'Europe/London')`, [
      HUNTER_ID,
      JSON.stringify(DEFAULT_SESSION_TYPES),
    ]);
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await bookings?.close();
  });

  it('restates paid and free sessions with reviewQualifies, and nothing for cancelled or unpaid ones', async () => {
    const booking = (id: string, price: number, status: string, attendance: string | null) =>
      db.query(
        `insert into hunter_bookings (id, hunter_id, hunter_user_id, client_user_id, session_type, session_date, session_time,
           duration, starts_at, ends_at, price_pence, status, attendance, attendance_marked_at)
         values ($1, $2, 'u-hunter', 'u-client', 'whatsappVideo', '2026-05-01', '11:00', 60,
                 $3::timestamptz - interval '1 hour', $3, $4, $5, $6, case when $6::text is null then null else $3::timestamptz end)`,
        [id, HUNTER_ID, ENDS, price, status, attendance],
      );
    const PAID = '00000000-0000-4000-8000-000000000001';
    const FREE = '00000000-0000-4000-8000-000000000002';
    const FREE_MARKED = '00000000-0000-4000-8000-000000000003';
    const PAID_NO_SHOW = '00000000-0000-4000-8000-000000000004';
    await booking(PAID, 8000, 'completed', null);
    await booking(FREE, 0, 'completed', null);
    await booking(FREE_MARKED, 0, 'confirmed', 'held');
    await booking(PAID_NO_SHOW, 8000, 'completed', 'no_show');
    await booking('00000000-0000-4000-8000-000000000005', 0, 'cancelled', null);
    await booking('00000000-0000-4000-8000-000000000006', 8000, 'expired', null);

    const runner = bookings.app.get(DataSource).createQueryRunner();
    try {
      await new RestateBookingOutcomes1797500050000().up(runner);
    } finally {
      await runner.release();
    }

    const { rows } = await db.query<{ version: number; data: BookingEventV1 }>(
      `select version, data from outbox where type = 'bookings.booking.outcome-restated' order by seq`,
    );
    expect(rows.map((row) => [row.data.bookingId, row.data.outcome?.reviewQualifies])).toEqual([
      [PAID, true],
      [FREE, false],
      [FREE_MARKED, true],
      [PAID_NO_SHOW, false],
    ]);
    expect(rows.every((row) => row.version === 1)).toBe(true);
    expect(rows[0]!.data).toMatchObject({
      hunterId: HUNTER_ID,
      clientUserId: 'u-client',
      pricePence: 8000,
      endsAt: ENDS,
      outcome: { status: 'completed', heldFrom: ENDS, revision: 1 },
    });
  });
});
