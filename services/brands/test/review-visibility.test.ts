import { randomUUID } from 'node:crypto';
import type { EventPayload, EventType, IntegrationEvent } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_visibility_it';

/**
 * reviews.review.visibility-changed through the real consumer (issue 37 item 9): a hidden brand review leaves the
 * brand's rating, in event order whatever order the events come in, and the rating is right after a hide races a
 * new review. Events are made here with their own times, as the reviews service's outbox would stamp them.
 */
describe('brands: hidden brand reviews leave the rating', () => {
  let brands: RunningBrands;
  let consumer: EventConsumer;
  let nextReviewId = 1;
  let clock = Date.parse('2026-11-01T10:00:00Z');

  beforeAll(async () => {
    brands = await startBrands(SCHEMA);
    consumer = brands.app.get(EventConsumer);
  });

  afterAll(async () => {
    await brands?.stop();
  });

  /** An event at the next instant of the test's clock: later calls are newer. */
  function event<T extends EventType>(type: T, data: EventPayload<T>): IntegrationEvent<T> {
    clock += 1000;
    return { id: randomUUID(), type, version: 1, occurredAt: new Date(clock).toISOString(), data } as IntegrationEvent<T>;
  }
  const created = (brandId: number, reviewId: number, rating: number) =>
    event('reviews.review.created', { reviewId, brandId, userId: `user-${reviewId}`, rating });
  const visibility = (brandId: number, reviewId: number, hidden: boolean) =>
    event('reviews.review.visibility-changed', { reviewId, brandId, hidden });

  async function apply(...events: IntegrationEvent[]): Promise<void> {
    for (const e of events) expect(await consumer.apply(e)).toBe(true);
  }

  async function ratingOf(brandId: number): Promise<{ rating: number; ratingCount: number }> {
    const { rows } = await brands.query(`select rating, rating_count from $S.brands where id = $1`, [brandId]);
    return { rating: Number(rows[0].rating), ratingCount: rows[0].rating_count };
  }

  const newBrand = (name: string) => insertBrand(brands.db, SCHEMA, { name });

  it('leaves the rating on a hide and comes back on a restore; the API answers the same', async () => {
    const brandId = await newBrand('Hide And Show');
    const [r1, r2] = [nextReviewId++, nextReviewId++];
    await apply(created(brandId, r1, 5), created(brandId, r2, 1));
    expect(await ratingOf(brandId)).toEqual({ rating: 3, ratingCount: 2 });

    await apply(visibility(brandId, r2, true));
    expect(await ratingOf(brandId)).toEqual({ rating: 5, ratingCount: 1 });
    const brand = (await (await fetch(`${brands.base}/api/brands/${brandId}`)).json()) as { rating: number; ratingCount: number };
    expect([brand.rating, brand.ratingCount]).toEqual([5, 1]);

    await apply(visibility(brandId, r2, false));
    expect(await ratingOf(brandId)).toEqual({ rating: 3, ratingCount: 2 });
    // An update of a hidden review changes its rating, and it stays hidden.
    await apply(visibility(brandId, r1, true), event('reviews.review.updated', { reviewId: r1, brandId, userId: `user-${r1}`, rating: 2 }));
    expect(await ratingOf(brandId)).toEqual({ rating: 1, ratingCount: 1 });
    await apply(visibility(brandId, r1, false));
    expect(await ratingOf(brandId)).toEqual({ rating: 1.5, ratingCount: 2 });
  });

  it('applies visibility in event order: a late hide or restore never undoes a newer one', async () => {
    const brandId = await newBrand('Out Of Order');
    const [r1, r2] = [nextReviewId++, nextReviewId++];
    await apply(created(brandId, r1, 4), created(brandId, r2, 2));

    // Hidden, then restored, delivered restore first: the older hide is ignored.
    const hideOld = visibility(brandId, r1, true);
    const restoreNew = visibility(brandId, r1, false);
    await apply(restoreNew, hideOld);
    expect(await ratingOf(brandId)).toEqual({ rating: 3, ratingCount: 2 });

    // Restored, then hidden again, delivered hide first: stays hidden.
    const restoreOld = visibility(brandId, r2, false);
    const hideNew = visibility(brandId, r2, true);
    await apply(hideNew, restoreOld);
    expect(await ratingOf(brandId)).toEqual({ rating: 4, ratingCount: 1 });

    // A hide seen before the review's creation: the review arrives hidden, and counts once restored.
    const early = nextReviewId++;
    const create = created(brandId, early, 1);
    await apply(visibility(brandId, early, true), create);
    expect(await ratingOf(brandId)).toEqual({ rating: 4, ratingCount: 1 });
    await apply(visibility(brandId, early, false));
    expect(await ratingOf(brandId)).toEqual({ rating: 2.5, ratingCount: 2 });

    // A restore of a review never created yet counts nothing until its rating is known.
    const unseen = nextReviewId++;
    await apply(visibility(brandId, unseen, false));
    expect(await ratingOf(brandId)).toEqual({ rating: 2.5, ratingCount: 2 });
  });

  it('keeps a deleted review’s tombstone final: a later restore brings nothing back', async () => {
    const brandId = await newBrand('Gone For Good');
    const [r1, r2] = [nextReviewId++, nextReviewId++];
    await apply(created(brandId, r1, 5), created(brandId, r2, 3), visibility(brandId, r1, true));
    await apply(event('reviews.review.deleted', { reviewId: r1, brandId }), visibility(brandId, r1, false));
    expect(await ratingOf(brandId)).toEqual({ rating: 3, ratingCount: 1 });
    const { rows } = await brands.query(`select deleted, rating from $S.brand_review_ratings where review_id = $1`, [r1]);
    expect(rows[0]).toEqual({ deleted: true, rating: null });
  });

  it('is right afterwards when hides race new reviews on separate connections', async () => {
    const brandId = await newBrand('Racing');
    const existing = Array.from({ length: 10 }, () => nextReviewId++);
    await apply(...existing.map((id, i) => created(brandId, id, (i % 5) + 1)));
    const fresh = Array.from({ length: 10 }, () => nextReviewId++);
    // Each hide of an old review at the same moment as a new review's creation, all twenty at once.
    const racing = [
      ...existing.map((id) => visibility(brandId, id, true)),
      ...fresh.map((id, i) => created(brandId, id, ((i + 2) % 5) + 1)),
    ];
    expect(await Promise.all(racing.map((e) => consumer.apply(e)))).toEqual(racing.map(() => true));
    const ratings = fresh.map((_, i) => ((i + 2) % 5) + 1);
    const mean = Math.round((ratings.reduce((a, b) => a + b, 0) * 1000) / ratings.length) / 1000;
    expect(await ratingOf(brandId)).toEqual({ rating: mean, ratingCount: fresh.length });
  });

  it('counts a visibility event delivered twice once, and ignores one for an unknown brand', async () => {
    const brandId = await newBrand('Twice');
    const r1 = nextReviewId++;
    const r2 = nextReviewId++;
    await apply(created(brandId, r1, 5), created(brandId, r2, 1));
    const hideIt = visibility(brandId, r1, true);
    expect(await consumer.apply(hideIt)).toBe(true);
    await consumer.apply(hideIt);
    expect(await ratingOf(brandId)).toEqual({ rating: 1, ratingCount: 1 });
    await apply(visibility(2_000_000_000, r1, true));
    const { rows } = await brands.query(`select count(*)::int as n from $S.brand_review_ratings where brand_id = 2000000000`);
    expect(rows[0].n).toBe(0);
  });
});
