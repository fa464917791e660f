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
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SharedBookingCopies1796400000000 } from '../src/database/migrations/1796400000000-shared-booking-copies.js';

const SCHEMA = 'reviews_booking_copies_it';
const REDIS_PREFIX = `test:reviews-booking-copies:${process.pid}:`;
const ENDS = '2026-05-01T11:00:00.000Z';

/**
 * Decision 0085's migration, run on the copy it replaces: every `booking_sessions` row moves to `booking_copies`
 * with all it held and an outcome derived once from it, and the reviews of those sessions keep pointing at them.
 * (The app has run every migration: down() brings the old table back first, with the rows to move.)
 */
describe('reviews: booking_sessions moved into the shared booking copy', () => {
  let reviews: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;

  beforeAll(async () => {
    reviews = await startServiceApp(createReviewsApp, loadConfig(testServiceEnv(SCHEMA, { REDIS_PREFIX })));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await reviews?.close();
    await db?.query(`drop schema if exists ${SCHEMA} cascade`);
    await db?.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('moves every session without loss, derives each outcome as reviews judged it, and keeps the reviews', async () => {
    const runner = reviews.app.get(DataSource).createQueryRunner();
    const migration = new SharedBookingCopies1796400000000();
    try {
      await migration.down(runner);
      await db.query(
        `insert into ${SCHEMA}.booking_sessions (booking_id, hunter_id, hunter_user_id, client_user_id, session_type,
                                                 starts_at, ends_at, status, attendance, dispute_resolution, sequence)
         values ('b-held', 1, 'u-hunter', 'u-client', 'whatsappVideo', $1::timestamptz - interval '1 hour', $1, 'completed', null, null, 0),
                ('b-cancelled', 1, null, 'u-client', 'inPerson', $1::timestamptz - interval '1 hour', $1, 'cancelled', null, null, 2),
                ('b-no-show', 2, null, 'u-other', 'whatsappVoice', $1::timestamptz - interval '1 hour', $1, 'completed', 'no_show', 'dismiss', 0),
                ('b-overturned', 2, null, 'u-other', 'whatsappVoice', $1::timestamptz - interval '1 hour', $1, 'confirmed', 'no_show', 'refund', 1)`,
        [ENDS],
      );
      await db.query(
        `insert into ${SCHEMA}.hunter_reviews (booking_id, hunter_id, client_user_id, rating, text)
         values ('b-held', 1, 'u-client', 5, 'A lovely session, thank you')`,
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    const { rows } = await db.query(
      `select booking_id, hunter_id, hunter_user_id, client_user_id, session_type, status, attendance, dispute_resolution,
              sequence, outcome_revision, held_from, no_show, reviewable_until, editable_from, passport_until
         from ${SCHEMA}.booking_copies order by booking_id`,
    );
    const end = new Date(ENDS);
    const days = (n: number) => new Date(end.getTime() + n * 86_400_000);
    const start = new Date(end.getTime() - 3_600_000);
    expect(rows).toEqual([
      { booking_id: 'b-cancelled', hunter_id: 1, hunter_user_id: null, client_user_id: 'u-client', session_type: 'inPerson', status: 'cancelled', attendance: null, dispute_resolution: null, sequence: 2, outcome_revision: null, held_from: null, no_show: false, reviewable_until: null, editable_from: null, passport_until: days(7) },
      { booking_id: 'b-held', hunter_id: 1, hunter_user_id: 'u-hunter', client_user_id: 'u-client', session_type: 'whatsappVideo', status: 'completed', attendance: null, dispute_resolution: null, sequence: 0, outcome_revision: null, held_from: end, no_show: false, reviewable_until: days(30), editable_from: end, passport_until: days(7) },
      { booking_id: 'b-no-show', hunter_id: 2, hunter_user_id: null, client_user_id: 'u-other', session_type: 'whatsappVoice', status: 'completed', attendance: 'no_show', dispute_resolution: 'dismiss', sequence: 0, outcome_revision: null, held_from: null, no_show: true, reviewable_until: null, editable_from: null, passport_until: days(7) },
      { booking_id: 'b-overturned', hunter_id: 2, hunter_user_id: null, client_user_id: 'u-other', session_type: 'whatsappVoice', status: 'confirmed', attendance: 'no_show', dispute_resolution: 'refund', sequence: 1, outcome_revision: null, held_from: end, no_show: false, reviewable_until: days(30), editable_from: start, passport_until: days(7) },
    ]);
    const { rows: tables } = await db.query(`select to_regclass('${SCHEMA}.booking_sessions') as old`);
    expect(tables).toEqual([{ old: null }]);
    // The review still belongs to its session, and a review of a booking the copy does not hold is refused.
    const { rows: joined } = await db.query(
      `select r.booking_id, c.session_type from ${SCHEMA}.hunter_reviews r join ${SCHEMA}.booking_copies c using (booking_id)`,
    );
    expect(joined).toEqual([{ booking_id: 'b-held', session_type: 'whatsappVideo' }]);
    await expect(
      db.query(`insert into ${SCHEMA}.hunter_reviews (booking_id, hunter_id, client_user_id, rating, text) values ('b-none', 1, 'u', 4, 'Not a session of ours')`),
    ).rejects.toThrow(/hunter_reviews_booking_id_fkey/);
  });
});
