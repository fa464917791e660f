import { randomUUID } from 'node:crypto';
import { DEFAULT_SESSION_TYPES, type HunterRatingChangedV1, type HunterReviewPage, type IntegrationEvent } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { removeTestData, startServiceApp, TEST_DATABASE_URL, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DemoDataSeeder } from '../src/demo/demo-data.seeder.js';
import { DEMO_REVIEWS } from '../src/demo/demo-hunter-reviews.js';

const SCHEMA = 'reviews_hunter_demo_it';

describe('reviews: demo reviews of hunters', () => {
  const config = loadConfig(testServiceEnv(SCHEMA, { DEMO_DATA: 'on' }));
  let replicas: RunningServiceApp<NestFastifyApplication>[] = [];
  let db: pg.Client;

  async function count(from: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${from}`);
    return rows[0]!.n;
  }

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    await removeTestData(config);
    // Two replicas starting together: the demo data is loaded once.
    replicas = await Promise.all([0, 1].map(() => startServiceApp(createReviewsApp, config, { fresh: false })));
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    if (db) {
      await removeTestData(config);
      await db.end();
    }
  });

  it('loads held sessions, reviews and replies once, and announces each reviewed hunter once', async () => {
    const hunters = new Set(DEMO_REVIEWS.map((review) => review.hunterId));
    expect(await count('booking_copies')).toBe(DEMO_REVIEWS.length);
    expect(
      await count(`booking_copies where status = 'completed' and attendance = 'held' and held_from = ends_at and ends_at < now()
                     and reviewable_until = ends_at + interval '30 days' and editable_from is not null`),
    ).toBe(DEMO_REVIEWS.length);
    expect(await count('hunter_reviews')).toBe(DEMO_REVIEWS.length);
    expect(await count('hunter_reviews where reply_text is not null')).toBe(DEMO_REVIEWS.filter((r) => r.reply).length);
    expect(await count(`outbox where type = 'reviews.hunter-rating.changed'`)).toBe(hunters.size);
    const { rows } = await db.query<{ data: HunterRatingChangedV1 }>(
      `select data from outbox where type = 'reviews.hunter-rating.changed' and (data->>'hunterId')::int = 1`,
    );
    const sofia = DEMO_REVIEWS.filter((r) => r.hunterId === 1);
    const sum = sofia.reduce((n, r) => n + r.rating, 0);
    expect(rows[0]!.data).toEqual({
      hunterId: 1,
      rating: Math.round((sum * 100) / sofia.length) / 100,
      reviewCount: sofia.length,
      ratingSum: sum,
    });
    // A restart, or a second seeding, changes nothing.
    for (const replica of replicas) expect(await replica.app.get(DemoDataSeeder).seedIfEmpty()).toBe(0);
    expect(await count('hunter_reviews')).toBe(DEMO_REVIEWS.length);
    expect(await count(`outbox where type = 'reviews.hunter-rating.changed'`)).toBe(hunters.size);
  });

  it("shows on the hunter's public page, newest first, from demo clients with replies", async () => {
    // The hunters service announces its demo hunters approved; only then are their reviews public (decision 0096).
    const created: IntegrationEvent<'hunters.hunter.created'> = {
      id: randomUUID(),
      type: 'hunters.hunter.created',
      version: 1,
      occurredAt: new Date().toISOString(),
      data: {
        hunterId: 1,
        userId: null,
        name: 'Sofia Marchetti',
        profileImageUrl: null,
        location: 'Italy',
        availabilityStatus: 'Available',
        sessionTypes: DEFAULT_SESSION_TYPES,
        pricePerSession: 50,
        status: 'approved',
      },
    };
    expect(await replicas[0]!.app.get(EventConsumer).apply(created)).toBe(true);
    const response = await fetch(`${replicas[0]!.base}/api/hunters/1/reviews`);
    const page = (await response.json()) as HunterReviewPage;
    expect(page.total).toBe(DEMO_REVIEWS.filter((r) => r.hunterId === 1).length);
    expect(page.reviews.map((r) => r.reviewerName)).toEqual(['Hannah O.', 'Priya R.', 'Tom G.']);
    expect(page.reviews[0]!.reply?.text).toContain('Thank you Hannah');
    const times = page.reviews.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const review of page.reviews) expect(review.sessionMonth).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  });
});
