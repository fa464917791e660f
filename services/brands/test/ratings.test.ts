import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Brand, EventPayload, IntegrationEvent } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import {
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { insertBrand } from './support.js';

const SCHEMA = 'brands_rating_it';
const REVIEWS_SCHEMA = 'brands_rating_it_reviews';
/** The Redis prefix testServiceEnv gives SCHEMA, which the reviews publisher shares. */
const PREFIX = `test:${SCHEMA}:${process.pid}:`;
const REVIEWS_STREAM = `${PREFIX}events:reviews`;

type ReviewEventType = 'reviews.review.created' | 'reviews.review.updated' | 'reviews.review.deleted';

/** One replica of the real brands service on the shared test schema (replicas share it, as in production). */
function startBrandsReplica(): Promise<RunningServiceApp<NestFastifyApplication>> {
  return startServiceApp(createBrandsApp, loadConfig(testServiceEnv(SCHEMA)), { fresh: false });
}

async function dropEverything(db: pg.Client): Promise<void> {
  await db.query(`drop schema if exists ${SCHEMA} cascade`);
  await db.query(`drop schema if exists ${REVIEWS_SCHEMA} cascade`);
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

describe('brands: rating and ratingCount kept from review events', () => {
  let db: pg.Client;
  let redis: Redis;
  let reviews: TestPublisher;
  let brands: Awaited<ReturnType<typeof startBrandsReplica>> | null = null;
  let nextReviewId = 1;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await dropEverything(db);
    redis = new Redis(TEST_REDIS_URL);
    // The reviews service's publishing side as it runs: its own schema, outbox and relay, service name 'reviews'.
    reviews = await startTestPublisher('reviews', { schema: REVIEWS_SCHEMA, redisPrefix: PREFIX });
    brands = await startBrandsReplica();
  });

  afterAll(async () => {
    await brands?.app.close();
    await reviews?.close();
    await redis?.quit();
    if (db) {
      await dropEverything(db);
      await db.end();
    }
  });

  function publish<T extends ReviewEventType>(type: T, data: EventPayload<T>): Promise<IntegrationEvent<T>> {
    return reviews.publish(type, data);
  }

  const reviewCreated = (brandId: number, rating: number, reviewId = nextReviewId++) =>
    publish('reviews.review.created', { reviewId, brandId, userId: `user-${reviewId}`, rating });

  async function appliedCount(events: IntegrationEvent[]): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${SCHEMA}.inbox where event_id = any($1::uuid[])`, [
      events.map((e) => e.id),
    ]);
    return rows[0]!.n;
  }

  async function waitApplied(...events: IntegrationEvent[]): Promise<void> {
    await waitFor(`${events.length} review event(s) applied by brands`, async () => (await appliedCount(events)) === events.length, 20_000);
  }

  async function ratingOf(brandId: number): Promise<{ rating: number; ratingCount: number }> {
    const { rows } = await db.query<{ rating: string; rating_count: number }>(`select rating, rating_count from ${SCHEMA}.brands where id = $1`, [
      brandId,
    ]);
    return { rating: Number(rows[0]!.rating), ratingCount: rows[0]!.rating_count };
  }

  /** What brands.rating (numeric(4, 3)) must hold for these overall ratings. */
  function meanOf(ratings: number[]): number {
    if (ratings.length === 0) return 0;
    const sum = ratings.reduce((a, b) => a + b, 0);
    return Math.round((sum * 1000) / ratings.length) / 1000;
  }

  const newBrand = (name: string) => insertBrand(db, SCHEMA, { name });

  it('(a) converges to the exact mean and count after a burst of 100 concurrent reviews, applied by two replicas', async () => {
    const second = await startBrandsReplica();
    try {
      const brandIds: number[] = [];
      for (const name of ['Burst One', 'Burst Two', 'Burst Three', 'Burst Four']) brandIds.push(await newBrand(name));
      const expected = new Map<number, number[]>(brandIds.map((id) => [id, []]));
      const planned = Array.from({ length: 100 }, (_, i) => {
        const brandId = brandIds[i % brandIds.length]!;
        const rating = ((i * 7 + Math.floor(i / 4)) % 5) + 1;
        expected.get(brandId)!.push(rating);
        return { brandId, rating, reviewId: nextReviewId++ };
      });

      const events = await Promise.all(planned.map((r) => reviewCreated(r.brandId, r.rating, r.reviewId)));
      await waitApplied(...events);

      for (const brandId of brandIds) {
        const ratings = expected.get(brandId)!;
        expect(await ratingOf(brandId)).toEqual({ rating: meanOf(ratings), ratingCount: ratings.length });
      }
      // What the API answers is that same figure.
      const brand = (await (await fetch(`${brands!.base}/api/brands/${brandIds[0]}`)).json()) as Brand;
      expect(brand.rating).toBe(meanOf(expected.get(brandIds[0]!)!));
      expect(brand.ratingCount).toBe(25);
      const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.brand_review_ratings where brand_id = any($1::int[])`, [brandIds]);
      expect(rows[0].n).toBe(100);
    } finally {
      await second.app.close();
    }
  });

  it('(a) stays exact when 100 review events for one brand are applied at the same moment on separate connections', async () => {
    const brandId = await newBrand('All At Once');
    const consumer = brands!.app.get(EventConsumer);
    const ratings = Array.from({ length: 100 }, (_, i) => ((i * 3) % 5) + 1);
    const events: IntegrationEvent<'reviews.review.created'>[] = ratings.map((rating) => {
      const reviewId = nextReviewId++;
      return {
        id: randomUUID(),
        type: 'reviews.review.created',
        version: 1,
        occurredAt: new Date().toISOString(),
        data: { reviewId, brandId, userId: `user-${reviewId}`, rating },
      };
    });
    expect(await Promise.all(events.map((event) => consumer.apply(event)))).toEqual(events.map(() => true));
    expect(await ratingOf(brandId)).toEqual({ rating: meanOf(ratings), ratingCount: 100 });
  });

  it('(b) counts reviews written while brands was stopped once it starts', async () => {
    const brandId = await newBrand('Written While Down');
    await brands!.app.close();
    brands = null;

    const events = [await reviewCreated(brandId, 5), await reviewCreated(brandId, 4), await reviewCreated(brandId, 2)];
    await waitFor('the events relayed to the stream', async () => {
      const { rows } = await db.query(`select count(*)::int as n from ${REVIEWS_SCHEMA}.outbox where published_at is null`);
      return rows[0].n === 0;
    });
    expect(await appliedCount(events)).toBe(0);
    expect(await ratingOf(brandId)).toEqual({ rating: 0, ratingCount: 0 });

    brands = await startBrandsReplica();
    await waitApplied(...events);
    expect(await ratingOf(brandId)).toEqual({ rating: meanOf([5, 4, 2]), ratingCount: 3 });
  });

  it('(c) counts an event delivered twice (the same entry added to the stream again) once', async () => {
    const brandId = await newBrand('Delivered Twice');
    const first = await reviewCreated(brandId, 4);
    await waitApplied(first);
    expect(await ratingOf(brandId)).toEqual({ rating: 4, ratingCount: 1 });

    const entries = await redis.xrange(REVIEWS_STREAM, '-', '+');
    const original = entries.find(([, fields]) => fields[fields.indexOf('id') + 1] === first.id);
    expect(original).toBeDefined();
    const againId = (await redis.xadd(REVIEWS_STREAM, '*', ...original![1]))!;
    await waitFor('the duplicate delivered and acknowledged', async () => {
      const groups = (await redis.call('XINFO', 'GROUPS', REVIEWS_STREAM)) as unknown[][];
      const group = groups.find((g) => g[g.indexOf('name') + 1] === 'brands')!;
      const lastDelivered = group[group.indexOf('last-delivered-id') + 1];
      const pending = Number(group[group.indexOf('pending') + 1]);
      return lastDelivered === againId && pending === 0;
    });
    // A later review still counts, so the duplicate was read and passed over, not stuck.
    const second = await reviewCreated(brandId, 2);
    await waitApplied(second);

    expect(await ratingOf(brandId)).toEqual({ rating: 3, ratingCount: 2 });
    const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.inbox where event_id = $1`, [first.id]);
    expect(rows[0].n).toBe(1);
  });

  it('(d) follows updated and deleted reviews, and a late or reordered event never brings a review back', async () => {
    const brandId = await newBrand('Changing Minds');
    const [r1, r2] = [nextReviewId++, nextReviewId++];
    await waitApplied(await reviewCreated(brandId, 5, r1), await reviewCreated(brandId, 1, r2));
    expect(await ratingOf(brandId)).toEqual({ rating: 3, ratingCount: 2 });

    await waitApplied(await publish('reviews.review.updated', { reviewId: r2, brandId, userId: `user-${r2}`, rating: 3 }));
    expect(await ratingOf(brandId)).toEqual({ rating: 4, ratingCount: 2 });

    await waitApplied(await publish('reviews.review.deleted', { reviewId: r1, brandId }));
    expect(await ratingOf(brandId)).toEqual({ rating: 3, ratingCount: 1 });

    // Out of order: a deletion seen before its review's creation, an update seen before its creation.
    const [gone, early] = [nextReviewId++, nextReviewId++];
    await waitApplied(
      await publish('reviews.review.deleted', { reviewId: gone, brandId }),
      await publish('reviews.review.updated', { reviewId: early, brandId, userId: `user-${early}`, rating: 2 }),
    );
    await waitApplied(await reviewCreated(brandId, 5, gone), await reviewCreated(brandId, 5, early));
    expect(await ratingOf(brandId)).toEqual({ rating: meanOf([3, 2]), ratingCount: 2 });

    // The last reviews deleted: back to no rating.
    await waitApplied(await publish('reviews.review.deleted', { reviewId: r2, brandId }), await publish('reviews.review.deleted', { reviewId: early, brandId }));
    expect(await ratingOf(brandId)).toEqual({ rating: 0, ratingCount: 0 });
    // An update of a deleted review arriving late changes nothing.
    await waitApplied(await publish('reviews.review.updated', { reviewId: r1, brandId, userId: `user-${r1}`, rating: 1 }));
    expect(await ratingOf(brandId)).toEqual({ rating: 0, ratingCount: 0 });
  });

  it('(e) acknowledges and ignores events for a brand that does not exist or was deleted', async () => {
    const unknown = await reviewCreated(2_000_000_000, 5);
    const brandId = await newBrand('Soon Gone');
    const reviewId = nextReviewId++;
    await waitApplied(unknown, await reviewCreated(brandId, 4, reviewId));
    await db.query(`delete from ${SCHEMA}.brands where id = $1`, [brandId]);
    const afterDelete = [
      await publish('reviews.review.updated', { reviewId, brandId, userId: `user-${reviewId}`, rating: 1 }),
      await publish('reviews.review.deleted', { reviewId, brandId }),
    ];
    await waitApplied(...afterDelete);

    const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.brand_review_ratings where brand_id = any($1::int[])`, [
      [2_000_000_000, brandId],
    ]);
    expect(rows[0].n).toBe(0);
    expect(await redis.exists(`${PREFIX}events:dead-letter:brands`)).toBe(0);
  });
});
