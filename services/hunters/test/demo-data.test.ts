import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  dateOfDayNumber,
  dayNumberOf,
  DEFAULT_SESSION_TYPES,
  HUNTER_AVAILABILITY_STATUSES,
  HUNTER_LANGUAGES,
  HUNTER_LOCATIONS,
  HUNTER_SERVICES,
  HUNTER_SPECIALTIES,
  londonDateOf,
  PRICE_BAND_RANGES,
  PRICE_BANDS,
  type AvailabilityDay,
  type EventPayload,
  type Hunter,
  type IntegrationEvent,
} from '@hunted/contracts';
import { DEFAULT_REFERENCE_RATES } from '../src/config.js';
import {
  removeTestData,
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  testIdentityHeaders,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DemoDataSeeder } from '../src/demo/demo-data.seeder.js';
import { DEMO_HUNTERS, demoEmail, demoJoiningDetails, demoPhotoUrl, demoWeeklyHours } from '../src/demo/demo-hunters.js';

const SCHEMA = 'hunters_demo_it';
const IDENTITY_SCHEMA = 'hunters_demo_it_identity';
const REVIEWS_SCHEMA = 'hunters_demo_it_reviews';
const REPLICAS = 3;

describe('hunters: demo data', () => {
  const config = loadConfig(testServiceEnv(SCHEMA, { DEMO_DATA: 'on' }));
  let replicas: RunningServiceApp<NestFastifyApplication>[] = [];
  let identity: TestPublisher | null = null;
  let reviews: TestPublisher | null = null;
  let db: pg.Client;

  const user = (id: string) => ({ id, email: `${id}@hunted.test`, firstName: null, lastName: null, isAdmin: false });
  async function get<T>(path: string, userId?: string, replica = 0): Promise<{ status: number; body: T }> {
    const headers = userId ? await testIdentityHeaders(user(userId), 'hunters') : {};
    const response = await fetch(`${replicas[replica]!.base}${path}`, { headers });
    return { status: response.status, body: (await response.json()) as T };
  }
  async function count(from: string, params: unknown[] = []): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${from}`, params);
    return rows[0]!.n;
  }

  async function dropEverything(): Promise<void> {
    await db.query(`drop schema if exists ${IDENTITY_SCHEMA} cascade`);
    await db.query(`drop schema if exists ${REVIEWS_SCHEMA} cascade`);
    await removeTestData(config);
  }

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    await dropEverything();
    // Replicas starting together, as a deployment rolls out: each would seed an empty table.
    replicas = await Promise.all(
      Array.from({ length: REPLICAS }, () => startServiceApp(createHuntersApp, config, { fresh: false })),
    );
    // Identity's publishing side as it runs, on the stream the hunters replicas read.
    identity = await startTestPublisher('identity', { schema: IDENTITY_SCHEMA, redisPrefix: config.REDIS_PREFIX });
    reviews = await startTestPublisher('reviews', { schema: REVIEWS_SCHEMA, redisPrefix: config.REDIS_PREFIX });
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await identity?.close();
    await reviews?.close();
    if (db) {
      await dropEverything();
      await db.end();
    }
  });

  it('is loaded once by replicas starting at once, each hunter announced in its transaction', async () => {
    expect(await count('hunters')).toBe(DEMO_HUNTERS.length);
    expect(await count(`outbox where type = 'hunters.hunter.created'`)).toBe(DEMO_HUNTERS.length);
    // Weekly hours once per hunter, and one event per exception.
    const exceptions = DEMO_HUNTERS.reduce((n, h) => n + h.exceptions.length, 0);
    expect(await count(`outbox where type = 'hunters.availability.changed'`)).toBe(DEMO_HUNTERS.length + exceptions);
    expect(await count('hunter_weekly_hours')).toBe(DEMO_HUNTERS.length * 7);
    // Joining details once per hunter, each announced (bookings releases them to booked clients).
    expect(await count('hunter_joining_details')).toBe(DEMO_HUNTERS.length);
    const { rows: announced } = await db.query<{ data: EventPayload<'hunters.joining-details.changed'> }>(
      `select o.data from outbox o join hunters h on h.id = (o.data->>'hunterId')::int
       where o.type = 'hunters.joining-details.changed' order by h.id`,
    );
    expect(announced.map((row) => row.data.joining)).toEqual(DEMO_HUNTERS.map(demoJoiningDetails));
    for (const replica of replicas) expect(await replica.app.get(DemoDataSeeder).seedIfEmpty()).toBe(0);
    expect(await count('hunters')).toBe(DEMO_HUNTERS.length);
  });

  it('covers every location, specialty, service, language, price band and status, with portraits and no emails', async () => {
    const { body: list } = await get<Hunter[]>('/api/hunters');
    expect(list).toHaveLength(DEMO_HUNTERS.length);
    expect(new Set(list.map((h) => h.location))).toEqual(new Set(HUNTER_LOCATIONS));
    expect(new Set(list.flatMap((h) => h.specialties))).toEqual(new Set(HUNTER_SPECIALTIES));
    expect(new Set(list.flatMap((h) => h.adviceTypes))).toEqual(new Set(HUNTER_SERVICES));
    expect(new Set(list.flatMap((h) => h.languages))).toEqual(new Set(HUNTER_LANGUAGES));
    expect(new Set(list.map((h) => h.availabilityStatus))).toEqual(new Set(HUNTER_AVAILABILITY_STATUSES));
    for (const band of PRICE_BANDS) {
      const { body } = await get<Hunter[]>(`/api/hunters?price=${encodeURIComponent(band)}`);
      const { min, max } = PRICE_BAND_RANGES[band];
      expect(body.length, band).toBeGreaterThan(0);
      // The bands are pounds; each hunter is placed at the reference rate of their own currency (decision 0105).
      const pence = (h: Hunter) => Math.round(h.pricePerSession * DEFAULT_REFERENCE_RATES.pencePerUnit[h.currency]);
      expect(
        body.every((h) => pence(h) >= min * 100 && (max === null || pence(h) < max * 100)),
        band,
      ).toBe(true);
    }
    // Outside the UK the demo hunters price in their own currency: euros, kronor in Stockholm, kroner in Copenhagen.
    expect(new Set(list.map((h) => `${h.location} ${h.currency}`))).toEqual(
      new Set(['UK GBP', 'France EUR', 'Italy EUR', 'Spain EUR', 'Greece EUR', 'Sweden SEK', 'Denmark DKK']),
    );
    expect(list.every((h) => !('userId' in h) && h.profileImageUrl === demoPhotoUrl(h))).toBe(true);
    // The demo marketplace is the vetted one: every hunter approved (verified), announced so.
    expect(list.every((h) => h.verified)).toBe(true);
    expect(await count(`hunters where status = 'approved'`)).toBe(DEMO_HUNTERS.length);
    expect(await count(`outbox where type = 'hunters.hunter.created' and data->>'status' = 'approved'`)).toBe(DEMO_HUNTERS.length);
    expect(await count('hunters where user_id is not null')).toBe(0);
    // 'Our top picks' opens with the featured ones; sessions are the demo's. No rating is invented: each comes from
    // the demo reviews' events (reviews.hunter-rating.changed), and until then every hunter is 'New'.
    const featured = list.filter((h) => h.featured).length;
    expect(featured).toBeGreaterThanOrEqual(2);
    expect(list.slice(0, featured).every((h) => h.featured)).toBe(true);
    expect(new Set(list.map((h) => h.totalSessions)).size).toBeGreaterThanOrEqual(10);
    expect(list.map((h) => [h.rating, h.reviewCount])).toEqual(DEMO_HUNTERS.map(() => [null, 0]));
    // The demo emails, numbers and addresses are never answered.
    const json = JSON.stringify(list);
    expect(json).not.toMatch(/hunted\.example|demoEmail|demo_email|\+44\s?7700|7700900|joining|whatsappVoice"?:\s*\{\s*"phone/);
    for (const demo of DEMO_HUNTERS) {
      if (demo.meetingPlace) expect(json).not.toContain(demo.meetingPlace.address);
    }
    expect(await count('hunters where demo_email is not null')).toBe(DEMO_HUNTERS.length);
  });

  it('gives each hunter weekly hours and a few dates of their own, none before today in London', async () => {
    const { rows } = await db.query<{ first: string | null; hunters: number }>(
      `select to_char(min(date), 'YYYY-MM-DD') as first, count(distinct hunter_id)::int as hunters from hunter_availability`,
    );
    expect(rows[0]!.hunters).toBe(DEMO_HUNTERS.length);
    expect(rows[0]!.first! > londonDateOf(Date.now())).toBe(true);
  });

  it("takes each hunter's rating from reviews' events only, and a later seeding never overwrites it", async () => {
    const { rows } = await db.query<{ id: number; name: string }>('select id, name from hunters where not featured order by id');
    const [first, second] = [rows[rows.length - 1]!, rows[rows.length - 2]!];
    const events = [
      await reviews!.publish('reviews.hunter-rating.changed', { hunterId: first.id, rating: 4.67, reviewCount: 3, ratingSum: 14 }),
      await reviews!.publish('reviews.hunter-rating.changed', { hunterId: second.id, rating: 5, reviewCount: 1, ratingSum: 5 }),
    ];
    await waitFor(
      'the ratings applied by hunters',
      async () => (await count('inbox where event_id = any($1::uuid[])', [events.map((e) => e.id)])) === events.length,
      20_000,
    );
    const rated = async () =>
      (await get<Hunter[]>('/api/hunters?limit=100')).body.filter((h) => !h.featured).map((h) => [h.name, h.rating, h.reviewCount]);
    // The reviewed ones now rank first after the featured: (20 + 14) / 8 = 4.25 above (20 + 5) / 6 ≈ 4.17.
    expect((await rated()).slice(0, 3)).toEqual([
      [first.name, 4.67, 3],
      [second.name, 5, 1],
      [expect.any(String), null, 0],
    ]);
    for (const replica of replicas) expect(await replica.app.get(DemoDataSeeder).seedIfEmpty()).toBe(0);
    expect((await rated()).slice(0, 2)).toEqual([
      [first.name, 4.67, 3],
      [second.name, 5, 1],
    ]);
  });

  describe('signing up with a demo email', () => {
    function register(userId: string, email: string): Promise<IntegrationEvent<'identity.user.registered'>> {
      const data: EventPayload<'identity.user.registered'> = {
        userId,
        email,
        firstName: 'Demo',
        lastName: null,
        profileImageUrl: null,
      };
      return identity!.publish('identity.user.registered', data);
    }
    /** Waits until a hunters replica has applied the events (relayed through Redis, read by the consumer group). */
    async function applied(...events: IntegrationEvent[]): Promise<void> {
      await waitFor(
        'the registrations applied by hunters',
        async () =>
          (await count('inbox where event_id = any($1::uuid[])', [events.map((e) => e.id)])) === events.length,
        20_000,
      );
    }

    it('makes the newcomer that hunter, announced in the same transaction, with its hours', async () => {
      const sofia = DEMO_HUNTERS[0]!;
      await applied(await register('u-sofia', demoEmail(sofia)));

      const { status, body: profile } = await get<Hunter>('/api/hunter-profile', 'u-sofia', 1);
      expect(status).toBe(200);
      expect(profile).toMatchObject({
        name: sofia.name,
        userId: 'u-sofia',
        featured: sofia.featured,
      });
      // Their own joining details, as the demo set them.
      expect((await get('/api/hunter-profile/joining-details', 'u-sofia', 2)).body).toEqual(demoJoiningDetails(sofia));
      expect(
        await count(
          `outbox where type = 'hunters.hunter.updated' and data->>'userId' = 'u-sofia' and (data->>'hunterId')::int = $1`,
          [profile.id],
        ),
      ).toBe(1);
      expect(await count(`users where user_id = 'u-sofia' and first_name = 'Demo'`)).toBe(1);

      // Their dashboard reads the demo hours: the week, and the exceptions as dates of their own.
      expect((await get('/api/hunter-availability/weekly', 'u-sofia')).body).toEqual(demoWeeklyHours(sofia));
      const today = dayNumberOf(londonDateOf(Date.now()))!;
      const days = (
        await get<AvailabilityDay[]>(
          `/api/hunter-availability?startDate=${dateOfDayNumber(today)}&endDate=${dateOfDayNumber(today + 30)}`,
          'u-sofia',
        )
      ).body;
      const own = days.filter((day) => day.source === 'date').map((day) => day.date);
      expect(own).toEqual(sofia.exceptions.map((e) => dateOfDayNumber(today + e.inDays)));
      expect(days.find((day) => day.date === own[0])).toMatchObject({ isAvailable: false, timeSlots: [] });
    });

    it('matches the email whatever its case, once: a later claim, a member with a profile or another email changes nothing', async () => {
      const [charlotte, camille] = [DEMO_HUNTERS[1]!, DEMO_HUNTERS[2]!];
      // A member who already made a profile of their own keeps it: one profile per user.
      const headers = { ...(await testIdentityHeaders(user('u-own'), 'hunters')), 'content-type': 'application/json' };
      const created = await fetch(`${replicas[2]!.base}/api/hunters`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Own Profile',
          location: 'UK',
          specialties: ['Footwear'],
          adviceTypes: ['Wardrobe Audit'],
          languages: ['English'],
          yearsExperience: 2,
          sessionTypes: DEFAULT_SESSION_TYPES,
        }),
      });
      expect(created.status).toBe(201);

      // The first claim is applied before the later one is sent: a consumer may handle one batch's events in any
      // order, and "later" must mean later.
      await applied(await register('u-charlotte', demoEmail(charlotte).toUpperCase()));
      const events = [
        await register('u-charlotte-again', demoEmail(charlotte)),
        await register('u-own', demoEmail(camille)),
        await register('u-stranger', 'someone@hunted.example'),
      ];
      await applied(...events);

      expect((await get<Hunter>('/api/hunter-profile', 'u-charlotte')).body.name).toBe(charlotte.name);
      expect((await get('/api/hunter-profile', 'u-charlotte-again')).status).toBe(404);
      expect((await get<Hunter>('/api/hunter-profile', 'u-own')).body.name).toBe('Own Profile');
      expect((await get('/api/hunter-profile', 'u-stranger')).status).toBe(404);
      expect(await count('hunters where name = $1 and user_id is null', [camille.name])).toBe(1);
      expect(await count(`outbox where type = 'hunters.hunter.updated'`)).toBe(2);
    });
  });
});

describe('hunters: demo data off', () => {
  it('is off by default in tests, and never touches a table that has hunters', async () => {
    const hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv('hunters_demo_off_it')));
    try {
      expect(await (await fetch(`${hunters.base}/api/hunters`)).json()).toEqual([]);
      const db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: '-c search_path=hunters_demo_off_it' });
      await db.connect();
      try {
        await db.query(`insert into hunters (name, location, session_types, time_zone) values ('Only One', 'UK', '{}', 'Europe/London')`);
        expect(await hunters.app.get(DemoDataSeeder).seedIfEmpty()).toBe(0);
        expect((await db.query('select name from hunters')).rows).toEqual([{ name: 'Only One' }]);
      } finally {
        await db.end();
      }
    } finally {
      await hunters.close();
    }
  });
});
