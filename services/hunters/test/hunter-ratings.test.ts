import { randomUUID } from 'node:crypto';
import { HUNTER_RANKING_PRIOR, type EventPayload, type Hunter, type IntegrationEvent } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { testIdentityHeaders } from '@hunted/platform/testing';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { RatingsFromReviews1795824060000 } from '../src/database/migrations/1795824060000-ratings-from-reviews.js';
import { useHuntersHarness } from './hunters-harness.js';
import { member } from './member-requests.js';

const SCHEMA = 'hunters_ratings_it';

type Rating = EventPayload<'reviews.hunter-rating.changed'>;

/**
 * Ratings come from reviews (issue 22): reviews.hunter-rating.changed, sent by reviews' publishing side as it runs
 * (outbox, relay, Redis stream), sets the hunter's rating and review count and so their place in 'Our top picks';
 * once per event, and never back to an older state.
 */
describe('hunters: ratings from reviews', () => {
  const harness = useHuntersHarness(SCHEMA, { publishers: ['reviews'] });

  const createHunter = (userId: string, name: string) => harness.createHunter(userId, { name });
  const hunter = async (id: number) => (await harness.send<Hunter>('GET', `/api/hunters/${id}`, null)).body;
  const topPicks = async () => (await harness.send<Hunter[]>('GET', '/api/hunters?sort=rating', null)).body.map((h) => h.name);

  /** Sends the ratings through reviews' stream and waits until hunters has applied them. */
  async function rate(...ratings: Rating[]): Promise<IntegrationEvent[]> {
    const events: IntegrationEvent[] = [];
    for (const rating of ratings) events.push(await harness.publisher('reviews').publish('reviews.hunter-rating.changed', rating));
    await harness.applied(events);
    return events;
  }

  /** Applies one event as the consumer would, with the time it happened. */
  const applyAt = (data: Rating, occurredAt: Date, id: string = randomUUID()) =>
    harness.app.get(EventConsumer).apply({
      id,
      type: 'reviews.hunter-rating.changed',
      version: 1,
      occurredAt: occurredAt.toISOString(),
      data,
    } as IntegrationEvent<'reviews.hunter-rating.changed'>);

  it("sets rating and reviewCount from reviews' events, and ranks 'Our top picks' on them", async () => {
    const ada = await createHunter('rate-ada', 'Ada Unrated');
    const bea = await createHunter('rate-bea', 'Bea Reviewed');
    const cy = await createHunter('rate-cy', 'Cy Reviewed Often');
    // No reviews yet: no rating ('New'), and nobody ahead of anyone but by id.
    expect([await hunter(ada.id), await hunter(bea.id)].map((h) => [h.rating, h.reviewCount])).toEqual([
      [null, 0],
      [null, 0],
    ]);
    expect(await topPicks()).toEqual(['Ada Unrated', 'Bea Reviewed', 'Cy Reviewed Often']);
    const updatesBefore = (await harness.db.query(`select 1 from outbox where type = 'hunters.hunter.updated'`)).rowCount;

    await rate(
      { hunterId: bea.id, rating: 5, reviewCount: 2, ratingSum: 10 },
      { hunterId: cy.id, rating: 4.75, reviewCount: 12, ratingSum: 57 },
      // A hunter unknown here is skipped without holding up the stream.
      { hunterId: 999_999, rating: 3, reviewCount: 1, ratingSum: 3 },
    );
    expect(await hunter(bea.id)).toMatchObject({ rating: 5, reviewCount: 2 });
    expect(await hunter(cy.id)).toMatchObject({ rating: 4.75, reviewCount: 12 });
    // The damped averages: Cy (20 + 57) / 17 ≈ 4.53 before Bea (20 + 10) / 7 ≈ 4.29; Ada, without reviews, last.
    expect(await topPicks()).toEqual(['Cy Reviewed Often', 'Bea Reviewed', 'Ada Unrated']);
    const { rows } = await harness.db.query<{ id: number; score: string }>('select id, top_pick_score::text as score from hunters where id = any($1) order by id', [
      [bea.id, cy.id],
    ]);
    const { mean, weight } = HUNTER_RANKING_PRIOR;
    expect(rows.map((row) => Number(row.score))).toEqual([
      Number(((mean * weight + 10) / (weight + 2)).toFixed(6)),
      Number(((mean * weight + 57) / (weight + 12)).toFixed(6)),
    ]);

    // Bea's reviews change (a third one, all fives): she now ranks first.
    await rate({ hunterId: bea.id, rating: 5, reviewCount: 9, ratingSum: 45 });
    expect(await topPicks()).toEqual(['Bea Reviewed', 'Cy Reviewed Often', 'Ada Unrated']);
    // Every review hidden: back to no rating and after every reviewed hunter.
    await rate({ hunterId: bea.id, rating: null, reviewCount: 0, ratingSum: 0 });
    expect(await hunter(bea.id)).toMatchObject({ rating: null, reviewCount: 0 });
    expect(await topPicks()).toEqual(['Cy Reviewed Often', 'Ada Unrated', 'Bea Reviewed']);
    // Nothing other services copy changed, so nothing is announced.
    expect((await harness.db.query(`select 1 from outbox where type = 'hunters.hunter.updated'`)).rowCount).toBe(updatesBefore);
  });

  it('applies an event once, and never an older one that arrives after a newer one', async () => {
    const { id } = await createHunter('rate-dee', 'Dee Ordered');
    const now = Date.now();
    const newer = { hunterId: id, rating: 4.5, reviewCount: 4, ratingSum: 18 };
    const eventId = randomUUID();
    expect(await applyAt(newer, new Date(now), eventId)).toBe(true);
    // The same event again (a redelivery): the inbox skips it.
    expect(await applyAt(newer, new Date(now), eventId)).toBe(false);
    // An older state (three reviews then) delivered late: changes nothing.
    expect(await applyAt({ hunterId: id, rating: 4.33, reviewCount: 3, ratingSum: 13 }, new Date(now - 60_000))).toBe(true);
    expect(await hunter(id)).toMatchObject({ rating: 4.5, reviewCount: 4 });
    // A newer one does.
    expect(await applyAt({ hunterId: id, rating: 4.6, reviewCount: 5, ratingSum: 23 }, new Date(now + 1_000))).toBe(true);
    expect(await hunter(id)).toMatchObject({ rating: 4.6, reviewCount: 5 });
    const owner = await fetch(`${harness.base}/api/hunter-profile`, { headers: await testIdentityHeaders(member('rate-dee'), 'hunters') });
    expect(await owner.json()).toMatchObject({ rating: 4.6, reviewCount: 5 });
  });

  it('a hunter cannot set their own rating or review count through the profile', async () => {
    const { id } = await createHunter('rate-eve', 'Eve Honest');
    const headers = { ...(await testIdentityHeaders(member('rate-eve'), 'hunters')), 'content-type': 'application/json' };
    for (const body of [{ rating: 5 }, { reviewCount: 100 }]) {
      const response = await fetch(`${harness.base}/api/hunters/${id}`, { method: 'PATCH', headers, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
    }
    expect(await hunter(id)).toMatchObject({ rating: null, reviewCount: 0 });
  });

  describe('the migration', () => {
    it('drops the invented ratings: every hunter starts at no rating until reviews says otherwise', async () => {
      const { id } = await createHunter('rate-old', 'Old Invented');
      const runner = harness.app.get(DataSource).createQueryRunner();
      try {
        await new RatingsFromReviews1795824060000().down(runner);
        // As before: a default 5 and a made-up count.
        await harness.db.query('update hunters set rating = 4.9, review_count = 127 where id = $1', [id]);
        await new RatingsFromReviews1795824060000().up(runner);
      } finally {
        await runner.release();
      }
      const { rows } = await harness.db.query('select rating, review_count, rating_sum, top_pick_score from hunters where id = $1', [id]);
      expect(rows).toEqual([{ rating: null, review_count: 0, rating_sum: 0, top_pick_score: null }]);
      expect(await hunter(id)).toMatchObject({ rating: null, reviewCount: 0 });
      // The ranking's index is back.
      const { rows: indexes } = await harness.db.query(`select indexdef from pg_indexes where indexname = 'hunters_top_picks_idx' and schemaname = $1`, [SCHEMA]);
      expect(indexes[0]?.indexdef).toContain('top_pick_score DESC NULLS LAST');
      // And the events still apply.
      await rate({ hunterId: id, rating: 4, reviewCount: 1, ratingSum: 4 });
      expect(await hunter(id)).toMatchObject({ rating: 4, reviewCount: 1 });
    });
  });
});
