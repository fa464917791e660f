import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PASSPORT_SHARES,
  type Brand,
  type BrandImageResponse,
  type DataExportPart,
  type IntegrationEvent,
  type TodayBrand,
} from '@hunted/contracts';
import { setClockOffset } from '@hunted/platform';
import {
  readJobScheduler,
  startTestPublisher,
  TEST_PNG,
  TEST_REDIS_URL,
  tracesOf,
  waitFor,
  type TestPublisher,
} from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VOTE_ADDRESS_RETENTION_QUEUE,
  VOTE_ADDRESS_RETENTION_SCHEDULER,
  VoteAddressRetention,
} from '../src/your-data/vote-address-retention.job.js';
import { insertBrand, signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_your_data_it';
const IDENTITY_SCHEMA = 'brands_your_data_it_identity';
const BOOKINGS_SCHEMA = 'brands_your_data_it_bookings';
const REVIEWS_SCHEMA = 'brands_your_data_it_reviews';
/** The Redis prefix testServiceEnv gives SCHEMA, which the publishers share. */
const PREFIX = `test:${SCHEMA}:${process.pid}:`;
const DAY_MS = 86_400_000;

/** A member as identity knows them; brands sees the id and email (signed identity) and the IP of each vote. */
interface Member {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  ip: string;
}
const member = (id: string, firstName: string, lastName: string, ip: string): Member => ({
  id,
  email: `${id}@example.test`,
  firstName,
  lastName,
  ip,
});

const brandFields = {
  description: 'Stoneware thrown in Bristol.',
  category: 'Home',
  location: 'UK',
  delivery: 'Europe Wide',
  websiteUrl: 'https://kiln.example',
};

describe('brands: your data (export, erasure, vote address retention)', () => {
  let brands: RunningBrands;
  let dataSource: DataSource;
  let identity: TestPublisher;
  let bookings: TestPublisher;
  let reviews: TestPublisher;
  let redis: Redis;
  let submissions = 0;

  async function dropEverything(): Promise<void> {
    const client = new Redis(TEST_REDIS_URL);
    const keys = await client.keys(`${PREFIX}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
  }

  beforeAll(async () => {
    await dropEverything();
    brands = await startBrands(SCHEMA);
    dataSource = brands.app.get(DataSource);
    for (const schema of [IDENTITY_SCHEMA, BOOKINGS_SCHEMA, REVIEWS_SCHEMA]) {
      await brands.query(`drop schema if exists ${schema} cascade`);
    }
    identity = await startTestPublisher('identity', { schema: IDENTITY_SCHEMA, redisPrefix: PREFIX });
    bookings = await startTestPublisher('bookings', { schema: BOOKINGS_SCHEMA, redisPrefix: PREFIX });
    reviews = await startTestPublisher('reviews', { schema: REVIEWS_SCHEMA, redisPrefix: PREFIX });
    redis = new Redis(TEST_REDIS_URL);
  }, 60_000);

  afterAll(async () => {
    setClockOffset(0);
    await identity?.close();
    await bookings?.close();
    await reviews?.close();
    await redis?.quit();
    if (brands) {
      for (const schema of [IDENTITY_SCHEMA, BOOKINGS_SCHEMA, REVIEWS_SCHEMA]) {
        await brands.query(`drop schema if exists ${schema} cascade`);
      }
      await brands.query(`drop schema if exists $S cascade`);
      await brands.stop();
    }
    await dropEverything();
  });

  async function call(method: string, path: string, who: Member | null, body?: unknown, ip?: string): Promise<Response> {
    return fetch(`${brands.base}${path}`, {
      method,
      headers: {
        ...(who ? await signedIn(who.id) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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

  /**
   * Everything a member can leave in the directory, through its routes and its consumers: a submitted brand with an
   * uploaded image, an uploaded image no brand shows, votes (from `who.ip`), saves, filter habits, a booking's
   * passport grant and a review's rating. Answers the submitted brand and the brand voted for.
   */
  async function leaveTraces(who: Member, votedBrandId: number): Promise<{ submitted: Brand; unusedImageUrl: string }> {
    const upload = async () => {
      const response = await call('POST', '/api/brand-images', who, {
        image: `data:image/png;base64,${TEST_PNG.toString('base64')}`,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as BrandImageResponse).imageUrl;
    };
    const shownImageUrl = await upload();
    const unusedImageUrl = await upload();
    const created = await call('POST', '/api/brands', who, { ...brandFields, name: `Kiln Studio ${++submissions}`, imageUrl: shownImageUrl });
    expect(created.status).toBe(201);
    const submitted = (await created.json()) as Brand;

    expect((await call('POST', `/api/brands/${votedBrandId}/vote`, who, undefined, who.ip)).status).toBe(201);
    expect((await call('POST', `/api/brands/${submitted.id}/vote`, who, undefined, who.ip)).status).toBe(201);
    expect((await call('POST', `/api/brands/${votedBrandId}/save`, who)).status).toBe(200);
    expect((await call('GET', '/api/brands?tag=Handmade&priceCategory=%C2%A3%C2%A3', who)).status).toBe(200);
    await waitFor('filter habits counted', async () => {
      const { rows } = await brands.query(`select count(*)::int as n from $S.member_filter_uses where user_id = $1`, [who.id]);
      return rows[0].n === 2;
    });
    const booking = await bookings.publish('bookings.booking.confirmed', {
      bookingId: randomUUID(),
      hunterId: 7,
      hunterUserId: 'u-your-data-hunter',
      clientUserId: who.id,
      sessionType: 'whatsappVideo',
      startsAt: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() + 2 * DAY_MS + 3_600_000).toISOString(),
      pricePence: 0,
      sequence: 0,
      notes: null,
      photoUrls: [],
      passport: { ...DEFAULT_PASSPORT_SHARES, savedBrands: true, filterHabits: true },
    });
    const review = await reviews.publish('reviews.review.created', {
      reviewId: Math.floor(Math.random() * 1_000_000) + 1,
      brandId: votedBrandId,
      userId: who.id,
      rating: 4,
    });
    await waitApplied(booking, review);
    return { submitted, unusedImageUrl };
  }

  async function exportPart(exportId: string, who: Member): Promise<Response> {
    return call('GET', `/api/account/data-exports/${exportId}/parts/brands`, who);
  }

  it("exports each kind of the member's records, the image bytes and a README; another member's part is 404", async () => {
    const ada = member('u-export-ada', 'Adaline', 'Thornbury', '203.0.113.41');
    const other = member('u-export-other', 'Oswin', 'Pellow', '203.0.113.42');
    const voted = await insertBrand(brands.db, SCHEMA, { name: 'Export Voted', tags: ['Handmade'] });
    const { submitted, unusedImageUrl } = await leaveTraces(ada, voted);

    const exportId = randomUUID();
    await waitApplied(await identity.publish('identity.data-export.requested', { exportId, userId: ada.id }));

    const response = await exportPart(exportId, ada);
    expect(response.status).toBe(200);
    const part = (await response.json()) as DataExportPart;
    expect(part.service).toBe('brands');
    const files = new Map(part.files.map((file) => [file.path, Buffer.from(file.base64, 'base64')]));
    const json = (path: string) => JSON.parse(files.get(path)!.toString('utf8')) as unknown;

    expect(files.get('brands/README.md')!.toString()).toContain('votes.json');
    expect(json('brands/votes.json')).toEqual([
      { brand: { id: submitted.id, name: submitted.name }, votedAt: expect.any(String), ipAddress: ada.ip },
      { brand: { id: voted, name: 'Export Voted' }, votedAt: expect.any(String), ipAddress: ada.ip },
    ]);
    expect(json('brands/saves.json')).toEqual([{ brand: { id: voted, name: 'Export Voted' }, savedAt: expect.any(String) }]);
    expect(json('brands/filter-habits.json')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'valueTag', value: 'Handmade', uses: 1 }),
        expect.objectContaining({ kind: 'priceLevel', value: '££', uses: 1 }),
      ]),
    );
    expect(json('brands/passport-grants.json')).toEqual([
      expect.objectContaining({
        status: 'confirmed',
        sessionType: 'whatsappVideo',
        shared: expect.objectContaining({ savedBrands: true, filterHabits: true, votedBrands: false }),
        hunterMayReadUntil: expect.any(String),
      }),
    ]);
    const submissions = json('brands/submissions.json') as { brand: Brand; imageYouBrought: string[] }[];
    expect(submissions.map((entry) => entry.brand.id)).toEqual([submitted.id]);

    // Both images, with their bytes as the media route serves them; the unused one is shown by no brand.
    const images = json('brands/images.json') as { file: string; shownBy: { id: number }[] }[];
    expect(images).toHaveLength(2);
    for (const imageUrl of [submitted.imageUrl, unusedImageUrl]) {
      const id = imageUrl.split('/').pop()!;
      const entry = images.find((image) => image.file.includes(id))!;
      expect(entry.shownBy.map((brand) => brand.id)).toEqual(imageUrl === unusedImageUrl ? [] : [submitted.id]);
      const served = Buffer.from(await (await fetch(`${brands.base}${imageUrl}`)).arrayBuffer());
      expect(files.get(`brands/${entry.file}`)).toEqual(served);
    }
    expect(submissions[0]!.imageYouBrought).toEqual([images.find((image) => image.shownBy.length === 1)!.file]);

    // The part was announced; another member (and a guest, and an unknown export) gets 404 from the service itself.
    const { rows: ready } = await brands.query(
      `select data from $S.outbox where type = 'brands.data-export.part-ready' and data->>'exportId' = $1`,
      [exportId],
    );
    expect(ready).toEqual([{ data: { exportId, userId: ada.id, files: part.files.length, bytes: expect.any(Number) } }]);
    expect((await exportPart(exportId, other)).status).toBe(404);
    expect((await call('GET', `/api/account/data-exports/${exportId}/parts/brands`, null)).status).toBe(401);
    expect((await exportPart(randomUUID(), ada)).status).toBe(404);

    // Its seven days over, the part goes.
    await waitApplied(await identity.publish('identity.data-export.expired', { exportId, userId: ada.id }));
    expect((await exportPart(exportId, ada)).status).toBe(404);
  });

  it('erases a deleted member: nothing names them, counts and ranks stay, the other member is untouched, twice is once', async () => {
    const gone = member('u-erase-gone', 'Philippa', 'Quennell', '198.51.100.23');
    const stays = member('u-erase-stays', 'Barnaby', 'Ostrander', '198.51.100.24');
    const voted = await insertBrand(brands.db, SCHEMA, { name: 'Erase Voted', tags: ['Handmade'] });
    const goneLeft = await leaveTraces(gone, voted);
    const staysLeft = await leaveTraces(stays, voted);
    // An export part of the member's, stored before the deletion.
    const exportId = randomUUID();
    await waitApplied(await identity.publish('identity.data-export.requested', { exportId, userId: gone.id }));

    const needles = (who: Member) => [who.id, who.email, who.firstName, who.lastName, who.ip];
    const brandFigures = async (id: number) => {
      const brand = (await (await call('GET', `/api/brands/${id}`, null)).json()) as Brand;
      const today = (await (await call('GET', '/api/brands/today', null)).json()) as TodayBrand[];
      return {
        votes: brand.votes,
        rating: brand.rating,
        ratingCount: brand.ratingCount,
        today: today.find((entry) => entry.id === id)?.todayVotes,
        rank: today.findIndex((entry) => entry.id === id),
      };
    };
    const before = { voted: await brandFigures(voted), submitted: await brandFigures(goneLeft.submitted.id) };
    expect(before.voted.votes).toBe(2);
    const staysTraces = await tracesOf(dataSource, SCHEMA, needles(stays));

    const deletionId = randomUUID();
    const deleted = await identity.publish('identity.user.deleted', { deletionId, userId: gone.id });
    await waitApplied(deleted);

    // Nothing of the schema names the member (the docs keep nothing of theirs but anonymous rows).
    expect(await tracesOf(dataSource, SCHEMA, needles(gone))).toEqual([]);
    // Votes stay counted; the brand, its rating and today's ranking do not move.
    expect({ voted: await brandFigures(voted), submitted: await brandFigures(goneLeft.submitted.id) }).toEqual(before);
    const { rows: anonymous } = await brands.query(
      `select count(*)::int as n from $S.votes where user_id is null and ip_address is null and brand_id = any($1::int[])`,
      [[voted, goneLeft.submitted.id]],
    );
    expect(anonymous[0].n).toBe(2);
    // The submitted brand stays, showing its image (which lost its uploader); the unused upload went.
    expect((await call('GET', `/api/brands/${goneLeft.submitted.id}`, null)).status).toBe(200);
    expect((await fetch(`${brands.base}${goneLeft.submitted.imageUrl}`)).status).toBe(200);
    expect((await fetch(`${brands.base}${goneLeft.unusedImageUrl}`)).status).toBe(404);
    expect((await fetch(`${brands.base}${staysLeft.unusedImageUrl}`)).status).toBe(200);
    // The stored part went; the erasure was reported.
    expect((await exportPart(exportId, gone)).status).toBe(404);
    const { rows: erased } = await brands.query(`select data from $S.outbox where type = 'brands.user-data.erased'`);
    expect(erased).toEqual([{ data: { deletionId, userId: gone.id } }]);

    // The other member is untouched, and the once-a-day rule still holds for them and for a newcomer.
    expect(await tracesOf(dataSource, SCHEMA, needles(stays))).toEqual(staysTraces);
    expect(staysTraces.map((trace) => trace.table)).toEqual(
      expect.arrayContaining(['votes', 'saved_brands', 'member_filter_uses', 'booking_copies', 'brand_images']),
    );
    expect((await call('POST', `/api/brands/${voted}/vote`, stays, undefined, stays.ip)).status).toBe(409);
    const newcomer = member('u-erase-newcomer', 'Nell', 'Newcombe', '198.51.100.25');
    expect((await call('POST', `/api/brands/${voted}/vote`, newcomer, undefined, newcomer.ip)).status).toBe(201);
    const after = await brandFigures(voted);
    expect(after.votes).toBe(before.voted.votes + 1);

    // A second delivery of the same entry, and an admin's retry (a new event), change nothing more.
    const snapshot = async () =>
      (
        await brands.query(
          `select (select json_agg(v order by v.id) from $S.votes v) as votes,
                  (select json_agg(i.id order by i.id) from $S.brand_images i) as images,
                  (select count(*)::int from $S.saved_brands) as saves,
                  (select count(*)::int from $S.member_filter_uses) as habits,
                  (select count(*)::int from $S.booking_copies) as bookings,
                  (select json_agg(r order by r.review_id) from $S.brand_review_ratings r) as ratings`,
        )
      ).rows[0] as unknown;
    const settled = await snapshot();
    const stream = `${PREFIX}events:identity`;
    const entries = await redis.xrange(stream, '-', '+');
    const original = entries.find(([, fields]) => fields.join(' ').includes(deleted.id));
    expect(original).toBeDefined();
    await redis.xadd(stream, '*', ...original![1]);
    const retry = await identity.publish('identity.user.deleted', { deletionId, userId: gone.id });
    await waitApplied(retry);
    expect(await snapshot()).toEqual(settled);
    expect(await tracesOf(dataSource, SCHEMA, needles(gone))).toEqual([]);
    const { rows: handled } = await brands.query(`select count(*)::int as n from $S.inbox where event_id = $1`, [deleted.id]);
    expect(handled[0].n).toBe(1);
  });

  it('clears the IP address of votes older than VOTE_IP_RETENTION_DAYS, hourly, keeping the votes', async () => {
    const retention = brands.app.get(VoteAddressRetention);
    const brandId = await insertBrand(brands.db, SCHEMA, { name: 'Retention Brand' });
    // Relative to now: the other tests' votes are seconds old, so the ones below are the only old ones.
    const at = new Date();
    const castAt = (daysBefore: number, ms = 0) => new Date(at.getTime() - daysBefore * DAY_MS + ms);
    const votes = [
      { user: 'u-ret-old', created: castAt(45) },
      { user: 'u-ret-edge-out', created: castAt(30, -1) },
      { user: 'u-ret-edge-in', created: castAt(30) },
      { user: 'u-ret-new', created: castAt(0) },
    ];
    for (const vote of votes) {
      await brands.query(
        `insert into $S.votes (brand_id, user_id, ip_address, created_at, window_end)
         values ($1, $2, '192.0.2.9', $3, $3::timestamptz + interval '24 hours')`,
        [brandId, vote.user, vote.created],
      );
    }
    const addresses = async () =>
      (
        await brands.query(`select user_id, ip_address from $S.votes where brand_id = $1 order by created_at`, [brandId])
      ).rows.map((row: { user_id: string; ip_address: string | null }) => [row.user_id, row.ip_address]);

    expect(await retention.clearAsOf(at)).toBe(2);
    expect(await addresses()).toEqual([
      ['u-ret-old', null],
      ['u-ret-edge-out', null],
      ['u-ret-edge-in', '192.0.2.9'],
      ['u-ret-new', '192.0.2.9'],
    ]);
    // Again at the same time: nothing more. Later on the service clock (the job's own run): the rest, as they age.
    expect(await retention.clearAsOf(at)).toBe(0);
    // 29 days on: the vote of exactly 30 days then is older than 30 days, the one of `at` is not.
    setClockOffset(29 * DAY_MS);
    try {
      await retention.run();
    } finally {
      setClockOffset(0);
    }
    expect(await addresses()).toEqual([
      ['u-ret-old', null],
      ['u-ret-edge-out', null],
      ['u-ret-edge-in', null],
      ['u-ret-new', '192.0.2.9'],
    ]);
    const { rows } = await brands.query(`select votes from $S.brands where id = $1`, [brandId]);
    expect(rows[0].votes).toBe(0); // inserted straight into the table: the counter was never moved, nor is it now
    const { rows: kept } = await brands.query(`select count(*)::int as n from $S.votes where brand_id = $1`, [brandId]);
    expect(kept[0].n).toBe(4);

    const scheduler = await readJobScheduler({
      redisUrl: TEST_REDIS_URL,
      redisPrefix: PREFIX,
      queue: VOTE_ADDRESS_RETENTION_QUEUE,
      id: VOTE_ADDRESS_RETENTION_SCHEDULER,
    });
    expect(Number(scheduler?.every)).toBe(3_600_000);
  });
});
