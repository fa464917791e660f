import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HunterRatingChangedV1 } from '@hunted/contracts';
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
import { ReviewsThatQualify1797500060000 } from '../src/database/migrations/1797500060000-reviews-that-qualify.js';

const SCHEMA = 'reviews_qualify_migration_it';
const REDIS_PREFIX = `test:reviews-qualify-migration:${process.pid}:`;
const ENDS = '2026-05-01T11:00:00.000Z';

/**
 * Decision 0090's migration in reviews, run on reviews written before it: a review of a session its hunter marked
 * held qualifies at once (the demo's are such); the others stay undecided until bookings restates their outcome,
 * and every hunter's rating is announced again over what counts. (The app has run every migration: down() first.)
 */
describe('reviews: earlier reviews as the migration leaves them', () => {
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

  it('decides the reviews of sessions marked held, leaves the rest undecided, and announces ratings over what counts', async () => {
    const runner = reviews.app.get(DataSource).createQueryRunner();
    const migration = new ReviewsThatQualify1797500060000();
    try {
      await migration.down(runner);
      await db.query(
        `insert into ${SCHEMA}.booking_copies (booking_id, hunter_id, client_user_id, session_type, starts_at, ends_at,
                                               sequence, first_heard_at, status, attendance, held_from)
         values ('b-marked', 1, 'u-a', 'whatsappVideo', $1::timestamptz - interval '1 hour', $1, 0, $1, 'completed', 'held', $1),
                ('b-unmarked', 1, 'u-b', 'whatsappVideo', $1::timestamptz - interval '1 hour', $1, 0, $1, 'completed', null, $1),
                ('b-other', 2, 'u-a', 'inPerson', $1::timestamptz - interval '1 hour', $1, 0, $1, 'confirmed', null, $1)`,
        [ENDS],
      );
      await db.query(
        `insert into ${SCHEMA}.hunter_reviews (booking_id, hunter_id, client_user_id, rating, text)
         values ('b-marked', 1, 'u-a', 4, 'Marked held by the hunter'), ('b-unmarked', 1, 'u-b', 1, 'Free, perhaps'),
                ('b-other', 2, 'u-a', 2, 'Paid, perhaps')`,
      );
      await db.query(`delete from ${SCHEMA}.outbox`);
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    const { rows: decided } = await db.query(
      `select r.booking_id, r.qualifies, c.review_qualifies from ${SCHEMA}.hunter_reviews r
         join ${SCHEMA}.booking_copies c using (booking_id) order by r.booking_id`,
    );
    expect(decided).toEqual([
      { booking_id: 'b-marked', qualifies: true, review_qualifies: true },
      { booking_id: 'b-other', qualifies: null, review_qualifies: null },
      { booking_id: 'b-unmarked', qualifies: null, review_qualifies: null },
    ]);
    const { rows: announced } = await db.query<{ data: HunterRatingChangedV1; version: number }>(
      `select data, version from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed' order by seq`,
    );
    expect(announced).toEqual([
      { version: 1, data: { hunterId: 1, rating: 4, reviewCount: 1, ratingSum: 4 } },
      { version: 1, data: { hunterId: 2, rating: null, reviewCount: 0, ratingSum: 0 } },
    ]);
  });
});
