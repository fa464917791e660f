import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PASSPORT_SHARES,
  PASSPORT_LIMITS,
  PASSPORT_MESSAGES,
  type BookingEventV1,
  type EventPayload,
  type IntegrationEvent,
  type PassportShares,
  type SharedStylePassport,
  type StylePassport,
} from '@hunted/contracts';
import { startTestPublisher, TEST_REDIS_URL, waitFor, type TestPublisher } from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_passport_it';
const BOOKINGS_SCHEMA = 'brands_passport_it_bookings';
const REVIEWS_SCHEMA = 'brands_passport_it_reviews';
/** The Redis prefix testServiceEnv gives SCHEMA, which the two publishers share. */
const PREFIX = `test:${SCHEMA}:${process.pid}:`;
const DAY_MS = 86_400_000;

const CLIENT = 'u-passport-client';
const HUNTER = 'u-passport-hunter';
const ALL_SHARED: PassportShares = {
  savedBrands: true,
  votedBrands: true,
  reviewedBrands: true,
  filterHabits: true,
  question: true,
};

describe('brands: the style passport', () => {
  let brands: RunningBrands;
  let bookings: TestPublisher;
  let reviews: TestPublisher;
  const brandIds: number[] = [];
  let nextReviewId = 1;

  async function dropEverything(): Promise<void> {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }

  beforeAll(async () => {
    await dropEverything();
    brands = await startBrands(SCHEMA);
    await brands.query(`drop schema if exists ${BOOKINGS_SCHEMA} cascade`);
    await brands.query(`drop schema if exists ${REVIEWS_SCHEMA} cascade`);
    bookings = await startTestPublisher('bookings', { schema: BOOKINGS_SCHEMA, redisPrefix: PREFIX });
    reviews = await startTestPublisher('reviews', { schema: REVIEWS_SCHEMA, redisPrefix: PREFIX });
    for (let i = 0; i < 30; i++) {
      brandIds.push(await insertBrand(brands.db, SCHEMA, { name: `Passport Brand ${i}`, tags: ['Handmade'] }));
    }
  }, 60_000);

  afterAll(async () => {
    await bookings?.close();
    await reviews?.close();
    if (brands) {
      await brands.query(`drop schema if exists ${BOOKINGS_SCHEMA} cascade`);
      await brands.query(`drop schema if exists ${REVIEWS_SCHEMA} cascade`);
      await brands.query(`drop schema if exists $S cascade`);
      await brands.stop();
    }
    await dropEverything();
  });

  async function get<T>(path: string, userId: string | null): Promise<{ status: number; body: T }> {
    const response = await fetch(`${brands.base}${path}`, { headers: userId ? await signedIn(userId) : {} });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function waitApplied(...events: IntegrationEvent[]): Promise<void> {
    await waitFor(
      `${events.length} event(s) applied by brands`,
      async () => {
        const { rows } = await brands.query(`select count(*)::int as n from $S.inbox where event_id = any($1::uuid[])`, [
          events.map((event) => event.id),
        ]);
        return rows[0].n === events.length;
      },
      20_000,
    );
  }

  function review<T extends 'reviews.review.created' | 'reviews.review.updated' | 'reviews.review.deleted'>(
    type: T,
    data: EventPayload<T>,
  ) {
    return reviews.publish(type, data);
  }

  function bookingEvent(overrides: Partial<BookingEventV1> = {}): BookingEventV1 {
    return {
      bookingId: randomUUID(),
      hunterId: 7,
      hunterUserId: HUNTER,
      clientUserId: CLIENT,
      sessionType: 'whatsappVideo',
      startsAt: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() + 2 * DAY_MS + 3_600_000).toISOString(),
      pricePence: 8000,
      sequence: 0,
      notes: null,
      photoUrls: [],
      passport: { ...DEFAULT_PASSPORT_SHARES },
      ...overrides,
    };
  }

  const cancelled = (booking: BookingEventV1) =>
    bookings.publish('bookings.booking.cancelled', {
      ...booking,
      sequence: booking.sequence + 1,
      cancelledBy: 'client',
      refundPence: 8000,
      cause: null,
      reason: null,
    });

  it("answers the member's own passport, every part filled, newest first, each part bounded", async () => {
    const member = 'u-own-passport';
    // 26 saves, one a second apart: the newest 24 come back, newest first.
    for (let i = 0; i < 26; i++) {
      await brands.query(
        `insert into $S.saved_brands (user_id, brand_id, created_at) values ($1, $2, now() - make_interval(secs => $3))`,
        [member, brandIds[i], 100 - i],
      );
    }
    // Votes: brand 0 twice (days apart), brand 1 once, brand 2 most recently; each brand once, by its latest vote.
    const vote = (brandId: number, daysAgo: number) =>
      brands.query(
        `insert into $S.votes (brand_id, user_id, ip_address, created_at, window_end)
         values ($1, $2, '127.0.0.1', now() - make_interval(days => $3), now() - make_interval(days => $3) + interval '24 hours')`,
        [brandId, member, daysAgo],
      );
    await vote(brandIds[0]!, 10);
    await vote(brandIds[1]!, 5);
    await vote(brandIds[0]!, 3);
    await vote(brandIds[2]!, 1);
    // Reviews: three written, one of them then deleted; one written by someone else.
    const first = nextReviewId++;
    const second = nextReviewId++;
    const gone = nextReviewId++;
    const events = [
      await review('reviews.review.created', { reviewId: first, brandId: brandIds[5]!, userId: member, rating: 4 }),
      await review('reviews.review.created', { reviewId: second, brandId: brandIds[6]!, userId: member, rating: 5 }),
      await review('reviews.review.created', { reviewId: gone, brandId: brandIds[7]!, userId: member, rating: 2 }),
      await review('reviews.review.created', { reviewId: nextReviewId++, brandId: brandIds[8]!, userId: 'u-else', rating: 3 }),
    ];
    await waitApplied(...events);
    await waitApplied(await review('reviews.review.deleted', { reviewId: gone, brandId: brandIds[7]! }));

    const own = await get<StylePassport>('/api/style-passport', member);
    expect(own.status).toBe(200);
    expect(own.body.savedBrands).toHaveLength(PASSPORT_LIMITS.brandsPerPart);
    expect(own.body.savedBrands!.map((brand) => brand.id)).toEqual(brandIds.slice(2, 26).reverse());
    expect(own.body.savedBrands![0]).toEqual({ id: brandIds[25], name: 'Passport Brand 25', imageUrl: 'https://img.example/x.jpg' });
    expect(own.body.votedBrands!.map((brand) => brand.id)).toEqual([brandIds[2], brandIds[0], brandIds[1]]);
    expect(own.body.reviewedBrands!.map((brand) => brand.id)).toEqual([brandIds[6], brandIds[5]]);
    expect(own.body.filterHabits).toEqual({ valueTags: [], priceLevels: [] });

    // A member with nothing yet has every part, empty; a guest is asked to sign in.
    expect((await get<StylePassport>('/api/style-passport', 'u-nobody')).body).toEqual({
      savedBrands: [],
      votedBrands: [],
      reviewedBrands: [],
      filterHabits: { valueTags: [], priceLevels: [] },
    });
    expect((await get('/api/style-passport', null)).status).toBe(401);
  });

  it('learns the author of a review it rated before it kept authors, from the republished update', async () => {
    const member = 'u-old-reviewer';
    const reviewId = nextReviewId++;
    // A row as written before the style passport: no author (and, here, a state newer than the event to come).
    await brands.query(
      `insert into $S.brand_review_ratings (review_id, brand_id, rating, occurred_at)
       values ($1, $2, 3, now() + interval '1 hour')`,
      [reviewId, brandIds[9]],
    );
    // An update stamped older than the row still teaches the author, and leaves the newer rating alone.
    const update = await review('reviews.review.updated', { reviewId, brandId: brandIds[9]!, userId: member, rating: 1 });
    await waitApplied(update);
    const { rows } = await brands.query(`select user_id, rating from $S.brand_review_ratings where review_id = $1`, [reviewId]);
    expect(rows[0]).toEqual({ user_id: member, rating: 3 });
    expect((await get<StylePassport>('/api/style-passport', member)).body.reviewedBrands!.map((brand) => brand.id)).toEqual([
      brandIds[9],
    ]);
  });

  it("counts a member's value-tag and price filters once per search (its first page), most used first, top 5", async () => {
    const member = 'u-filters';
    const list = async (query: string, userId: string | null = member) => {
      const response = await fetch(`${brands.base}/api/brands?${query}`, { headers: userId ? await signedIn(userId) : {} });
      expect(response.status).toBe(200);
    };
    const uses = async (): Promise<number> => {
      const { rows } = await brands.query(`select coalesce(sum(uses), 0)::int as n from $S.member_filter_uses where user_id = $1`, [
        member,
      ]);
      return rows[0].n as number;
    };
    // One search, read page by page: only its first page counts (the tag and the price level once each).
    await list(`tag=${encodeURIComponent('Handmade')}&priceCategory=${encodeURIComponent('££')}&limit=10&offset=0`);
    await list(`tag=${encodeURIComponent('Handmade')}&priceCategory=${encodeURIComponent('££')}&limit=10&offset=10`);
    await list(`tag=${encodeURIComponent('Handmade')}&priceCategory=${encodeURIComponent('££')}&limit=10&offset=20`);
    await waitFor('the first page counted', async () => (await uses()) === 2);
    // The whole list (no paging) is a first page too; a guest's search and a search without those filters count nothing.
    await list(`tag=${encodeURIComponent('Handmade')}`);
    await list(`tag=${encodeURIComponent('Handmade')}`, null);
    await list(`category=Clothing&minRating=0`);
    await waitFor('the unpaged list counted', async () => (await uses()) === 3);

    // Each tag used a different number of times: 6 times for the first down to once for the last (Handmade: 2 so far + 4).
    const plan: [string, number][] = [
      ['Handmade', 4],
      ['Sustainable Packaging', 5],
      ['Happy Staff', 4],
      ['LGBTQ+ Friendly', 3],
      ['Locally Made', 2],
      ['Gives Back', 1],
    ];
    for (const [tag, times] of plan) {
      for (let i = 0; i < times; i++) await list(`tag=${encodeURIComponent(tag)}&offset=0&limit=5`);
    }
    await list(`priceCategory=${encodeURIComponent('£££')}`);
    await waitFor('every search counted', async () => (await uses()) === 3 + 19 + 1);

    const habits = (await get<StylePassport>('/api/style-passport', member)).body.filterHabits!;
    expect(habits.valueTags).toEqual([
      { value: 'Handmade', uses: 6 },
      { value: 'Sustainable Packaging', uses: 5 },
      { value: 'Happy Staff', uses: 4 },
      { value: 'LGBTQ+ Friendly', uses: 3 },
      { value: 'Locally Made', uses: 2 },
    ]);
    expect(habits.valueTags).toHaveLength(PASSPORT_LIMITS.topFilters);
    // Equal uses: the most recently used first.
    expect(habits.priceLevels).toEqual([
      { value: '£££', uses: 1 },
      { value: '££', uses: 1 },
    ]);
  });

  it("answers a booking's passport to its hunter only from confirmation until 7 days after the session, with only the parts shared", async () => {
    // The client's taste: a save, a vote, a review, a filter.
    await brands.query(`insert into $S.saved_brands (user_id, brand_id) values ($1, $2)`, [CLIENT, brandIds[10]]);
    await brands.query(`insert into $S.votes (brand_id, user_id, ip_address) values ($1, $2, '127.0.0.1')`, [brandIds[11], CLIENT]);
    await waitApplied(
      await review('reviews.review.created', { reviewId: nextReviewId++, brandId: brandIds[12]!, userId: CLIENT, rating: 5 }),
    );
    await fetch(`${brands.base}/api/brands?tag=Handmade`, { headers: await signedIn(CLIENT) });

    const shares: PassportShares = { ...ALL_SHARED, votedBrands: false, filterHabits: false, question: false };
    const booking = bookingEvent({ passport: shares });
    const path = `/api/style-passports/${booking.bookingId}`;

    // Before the confirmation reaches brands, there is nothing to read, for anyone.
    for (const user of [HUNTER, CLIENT, 'u-stranger']) {
      expect(await get(path, user), user).toEqual({ status: 404, body: expect.objectContaining({ message: PASSPORT_MESSAGES.notFound }) });
    }
    await waitApplied(await bookings.publish('bookings.booking.confirmed', booking));

    const forHunter = await get<SharedStylePassport>(path, HUNTER);
    expect(forHunter.status).toBe(200);
    expect(forHunter.body).toEqual({
      bookingId: booking.bookingId,
      shares,
      passport: {
        savedBrands: [expect.objectContaining({ id: brandIds[10] })],
        votedBrands: null,
        reviewedBrands: [expect.objectContaining({ id: brandIds[12] })],
        filterHabits: null,
      },
      visibleUntil: new Date(new Date(booking.endsAt).getTime() + PASSPORT_LIMITS.daysAfterSession * DAY_MS).toISOString(),
    });
    // The client reads what they share, exactly as the hunter does; any other member, another hunter, a guest: not.
    expect(await get<SharedStylePassport>(path, CLIENT)).toEqual(forHunter);
    expect((await get(path, 'u-stranger')).status).toBe(404);
    expect((await get(path, null)).status).toBe(401);
    expect((await get('/api/style-passports/not-a-booking', HUNTER)).status).toBe(404);
    expect((await get(`/api/style-passports/${randomUUID()}`, CLIENT)).status).toBe(404);

    // Cancelled: the hunter loses it at once; the client still reads theirs.
    await waitApplied(await cancelled(booking));
    expect((await get(path, HUNTER)).status).toBe(404);
    expect((await get(path, CLIENT)).status).toBe(200);
  });

  it('ends the hunter\'s access 7 days after the session; a move moves it; an older event changes nothing', async () => {
    // A session that ended 8 days ago: past its window.
    const ended = bookingEvent({
      passport: ALL_SHARED,
      startsAt: new Date(Date.now() - 8 * DAY_MS - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() - 8 * DAY_MS).toISOString(),
    });
    await waitApplied(await bookings.publish('bookings.booking.confirmed', ended));
    const endedPath = `/api/style-passports/${ended.bookingId}`;
    expect((await get(endedPath, HUNTER)).status).toBe(404);
    expect((await get(endedPath, CLIENT)).status).toBe(200);

    // Moved to a time ahead (sequence 1): the window moves with it.
    const moved = {
      ...ended,
      sequence: 1,
      startsAt: new Date(Date.now() + 3 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() + 3 * DAY_MS + 3_600_000).toISOString(),
    };
    await waitApplied(
      await bookings.publish('bookings.booking.rescheduled', {
        ...moved,
        previousStartsAt: ended.startsAt,
        previousEndsAt: ended.endsAt,
      }),
    );
    const during = await get<SharedStylePassport>(endedPath, HUNTER);
    expect(during.status).toBe(200);
    expect(during.body.visibleUntil).toBe(new Date(new Date(moved.endsAt).getTime() + 7 * DAY_MS).toISOString());

    // The confirmation arriving again, late (sequence 0, the old time): older news, nothing changes.
    await waitApplied(await bookings.publish('bookings.booking.confirmed', ended));
    expect((await get(endedPath, HUNTER)).status).toBe(200);
    const { rows } = await brands.query(`select ends_at, sequence from $S.booking_copies where booking_id = $1`, [ended.bookingId]);
    expect(rows[0]).toEqual({ ends_at: new Date(moved.endsAt), sequence: 1 });

    // A session that ended 6 days ago is still within the window; a booking with no passport shares none of it.
    const recent = bookingEvent({
      startsAt: new Date(Date.now() - 6 * DAY_MS - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() - 6 * DAY_MS).toISOString(),
    });
    await waitApplied(await bookings.publish('bookings.booking.confirmed', recent));
    expect(await get<SharedStylePassport>(`/api/style-passports/${recent.bookingId}`, HUNTER)).toMatchObject({
      status: 200,
      body: {
        shares: DEFAULT_PASSPORT_SHARES,
        passport: { savedBrands: null, votedBrands: null, reviewedBrands: null, filterHabits: null },
      },
    });

    // A cancellation that overtook its confirmation keeps the grant revoked.
    const overtaken = bookingEvent({ passport: ALL_SHARED });
    await waitApplied(await cancelled(overtaken));
    await waitApplied(await bookings.publish('bookings.booking.confirmed', overtaken));
    expect((await get(`/api/style-passports/${overtaken.bookingId}`, HUNTER)).status).toBe(404);

    // A booking of an unclaimed demo hunter (no member) is nobody's to read as its hunter.
    const unclaimed = bookingEvent({ hunterUserId: null, passport: ALL_SHARED });
    await waitApplied(await bookings.publish('bookings.booking.confirmed', unclaimed));
    expect((await get(`/api/style-passports/${unclaimed.bookingId}`, HUNTER)).status).toBe(404);
    expect((await get(`/api/style-passports/${unclaimed.bookingId}`, CLIENT)).status).toBe(200);
  });
});
