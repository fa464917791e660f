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
import { RepublishReviewsForAuthors1796300000000 } from '../src/database/migrations/1796300000000-republish-reviews-for-authors.js';

const SCHEMA = 'reviews_republish_it';
const REDIS_PREFIX = `test:reviews-republish:${process.pid}:`;

/**
 * The style passport's migration (issue 25): every existing review is published again as reviews.review.updated,
 * so brands' copy of the ratings learns each review's author. Run here on reviews that exist before it.
 */
describe('reviews: the republication of every review for brands', () => {
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
    // The relay sent the events to this test's own stream: nobody reads it, so it goes.
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('writes one reviews.review.updated per review, in id order, with its brand, author and rating', async () => {
    await db.query(`insert into ${SCHEMA}.brands (brand_id) values (41), (42)`);
    const { rows: written } = await db.query<{ id: number }>(
      `insert into ${SCHEMA}.reviews (brand_id, user_id, rating, speed_rating, ease_rating, quality_rating, sustainability_rating)
       values (41, 'u-first', 4, 4, 4, 4, 4), (42, 'u-second', 2, 2, 2, 2, 2), (41, 'u-third', 5, 5, 5, 5, 5)
       returning id`,
    );
    const runner = reviews.app.get(DataSource).createQueryRunner();
    try {
      await new RepublishReviewsForAuthors1796300000000().up(runner);
    } finally {
      await runner.release();
    }
    const { rows } = await db.query<{ type: string; version: number; data: unknown }>(
      `select type, version, data from ${SCHEMA}.outbox where type = 'reviews.review.updated' order by seq`,
    );
    const [first, second, third] = written.map((row) => row.id);
    expect(rows).toEqual([
      { type: 'reviews.review.updated', version: 1, data: { reviewId: first, brandId: 41, userId: 'u-first', rating: 4 } },
      { type: 'reviews.review.updated', version: 1, data: { reviewId: second, brandId: 42, userId: 'u-second', rating: 2 } },
      { type: 'reviews.review.updated', version: 1, data: { reviewId: third, brandId: 41, userId: 'u-third', rating: 5 } },
    ]);
  });
});
