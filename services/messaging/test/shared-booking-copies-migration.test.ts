import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  testServiceEnv,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { REVIEW_REQUEST_DELAY_MS } from '../src/booking-emails/email-rules.js';
import { loadConfig } from '../src/config.js';
import { SharedBookingCopies1796400000000 } from '../src/database/migrations/1796400000000-shared-booking-copies.js';
import { BookingCopiesReviewQualifies1797500040000 } from '../src/database/migrations/1797500040000-booking-copies-review-qualifies.js';
import { OutboundEmailsRepository } from '../src/mail/outbound-emails.repository.js';

const SCHEMA = 'messaging_booking_copies_it';
const REDIS_PREFIX = `test:messaging-booking-copies:${process.pid}:`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Decision 0085's migration in messaging, run on the copy it replaces: every `bookings` row moves its who, when,
 * state and attendance mark to `booking_copies` with an outcome derived once from them, and keeps in `bookings` what
 * is messaging's own (price, refund, question, the emails' sequence and state). The review request sweep then
 * reads the moved outcome. (The app has run every migration: down() brings the old columns back first.)
 */
describe('messaging: the bookings copy moved into the shared booking copy', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  const ends = new Date(Date.now() - 3 * HOUR);
  const starts = new Date(ends.getTime() - HOUR);

  beforeAll(async () => {
    service = await startServiceApp(createMessagingApp, loadConfig(testServiceEnv(SCHEMA, { REDIS_PREFIX })));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await db?.query(`drop schema if exists ${SCHEMA} cascade`);
    await db?.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('moves every booking without loss, derives each outcome, keeps the email facts, and the sweep reads it', async () => {
    const dataSource = service.app.get(DataSource);
    const runner = dataSource.createQueryRunner();
    const migration = new SharedBookingCopies1796400000000();
    // The later migration's column goes first and comes back after, as a database migrated from then on has it.
    const reviewQualifies = new BookingCopiesReviewQualifies1797500040000();
    try {
      await reviewQualifies.down(runner);
      await migration.down(runner);
      await db.query(
        `insert into bookings (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
                               price_pence, status, sequence, refund_pence, attendance, notes, photo_urls, copied_at, updated_at)
         values ('b-held', 1, 'u-hunter', 'u-client', 'whatsappVideo', $1, $2, 8000, 'completed', 0, null, 'held', 'What colours suit me?', '{}', $1, $2),
                ('b-cancelled', 1, null, 'u-client', 'inPerson', $1, $2, 12000, 'cancelled', 2, 12000, null, null, '{https://img.test/a.jpg}', $1, $2),
                ('b-no-show', 2, null, 'u-other', 'whatsappVoice', $1, $2, 5000, 'confirmed', 1, null, 'no_show', null, '{}', $1, $2)`,
        [starts, ends],
      );
      await migration.up(runner);
      await reviewQualifies.up(runner);
    } finally {
      await runner.release();
    }

    const { rows: copies } = await db.query(
      `select booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at, sequence,
              first_heard_at, status, attendance, dispute_resolution, outcome_revision, held_from, no_show,
              reviewable_until, passport_until
         from booking_copies order by booking_id`,
    );
    const after = (ms: number) => new Date(ends.getTime() + ms);
    expect(copies).toEqual([
      { booking_id: 'b-cancelled', hunter_id: 1, hunter_user_id: null, client_user_id: 'u-client', session_type: 'inPerson', starts_at: starts, ends_at: ends, sequence: 2, first_heard_at: starts, status: 'cancelled', attendance: null, dispute_resolution: null, outcome_revision: null, held_from: null, no_show: false, reviewable_until: null, passport_until: after(7 * DAY) },
      { booking_id: 'b-held', hunter_id: 1, hunter_user_id: 'u-hunter', client_user_id: 'u-client', session_type: 'whatsappVideo', starts_at: starts, ends_at: ends, sequence: 0, first_heard_at: starts, status: 'completed', attendance: 'held', dispute_resolution: null, outcome_revision: null, held_from: ends, no_show: false, reviewable_until: after(30 * DAY), passport_until: after(7 * DAY) },
      { booking_id: 'b-no-show', hunter_id: 2, hunter_user_id: null, client_user_id: 'u-other', session_type: 'whatsappVoice', starts_at: starts, ends_at: ends, sequence: 1, first_heard_at: starts, status: 'confirmed', attendance: 'no_show', dispute_resolution: null, outcome_revision: null, held_from: null, no_show: true, reviewable_until: null, passport_until: after(7 * DAY) },
    ]);
    // Messaging's own facts stay; what the shared copy holds is gone from them.
    const { rows: facts } = await db.query(
      `select booking_id, price_pence, status, sequence, refund_pence, notes, photo_urls from bookings order by booking_id`,
    );
    expect(facts).toEqual([
      { booking_id: 'b-cancelled', price_pence: 12000, status: 'cancelled', sequence: 2, refund_pence: 12000, notes: null, photo_urls: ['https://img.test/a.jpg'] },
      { booking_id: 'b-held', price_pence: 8000, status: 'completed', sequence: 0, refund_pence: null, notes: 'What colours suit me?', photo_urls: [] },
      { booking_id: 'b-no-show', price_pence: 5000, status: 'confirmed', sequence: 1, refund_pence: null, notes: null, photo_urls: [] },
    ]);
    const { rows: columns } = await db.query(
      `select column_name from information_schema.columns
        where table_schema = $1 and table_name = 'bookings' order by column_name`,
      [SCHEMA],
    );
    expect(columns.map((column: { column_name: string }) => column.column_name)).toEqual([
      'booking_id', 'copied_at', 'notes', 'photo_urls', 'price_pence', 'refund_pence', 'sequence', 'status', 'updated_at',
    ]);

    // The review request sweep reads the moved outcome and, once bookings' restatement said so (decision 0090: a
    // moved copy does not know it before), that a review would count: only the held session's client is asked.
    await db.query(`update booking_copies set review_qualifies = (booking_id = 'b-held')`);
    const sessionNow = new Date();
    const written = await service.app
      .get(OutboundEmailsRepository)
      .insertReviewRequests(dataSource.manager, sessionNow, new Date(sessionNow.getTime() - REVIEW_REQUEST_DELAY_MS), sessionNow, 500);
    expect(written).toHaveLength(1);
    const { rows: requests } = await db.query(
      `select booking_id, sequence, recipient_role, recipient_user_id, facts from outbound_emails where kind = 'review_request'`,
    );
    expect(requests).toEqual([
      {
        booking_id: 'b-held',
        sequence: 0,
        recipient_role: 'client',
        recipient_user_id: 'u-client',
        facts: {
          bookingId: 'b-held',
          hunterId: 1,
          hunterUserId: 'u-hunter',
          clientUserId: 'u-client',
          sessionType: 'whatsappVideo',
          startsAt: starts.toISOString(),
          endsAt: ends.toISOString(),
          pricePence: 8000,
          sequence: 0,
        },
      },
    ]);
  });

  it('undone, puts the facts back in bookings and drops the shared copy', async () => {
    const runner = service.app.get(DataSource).createQueryRunner();
    try {
      await new SharedBookingCopies1796400000000().down(runner);
    } finally {
      await runner.release();
    }
    const { rows } = await db.query(
      `select booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at, price_pence,
              status, sequence, attendance
         from bookings order by booking_id`,
    );
    expect(rows).toEqual([
      { booking_id: 'b-cancelled', hunter_id: 1, hunter_user_id: null, client_user_id: 'u-client', session_type: 'inPerson', starts_at: starts, ends_at: ends, price_pence: 12000, status: 'cancelled', sequence: 2, attendance: null },
      { booking_id: 'b-held', hunter_id: 1, hunter_user_id: 'u-hunter', client_user_id: 'u-client', session_type: 'whatsappVideo', starts_at: starts, ends_at: ends, price_pence: 8000, status: 'completed', sequence: 0, attendance: 'held' },
      { booking_id: 'b-no-show', hunter_id: 2, hunter_user_id: null, client_user_id: 'u-other', session_type: 'whatsappVoice', starts_at: starts, ends_at: ends, price_pence: 5000, status: 'confirmed', sequence: 1, attendance: 'no_show' },
    ]);
    const { rows: tables } = await db.query(`select to_regclass('${SCHEMA}.booking_copies') as shared`);
    expect(tables).toEqual([{ shared: null }]);
  });
});
