import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SESSION_TYPES,
  HUNTER_MESSAGES,
  HUNTER_REVIEW_MESSAGES as MESSAGES,
  type BookingEventV1,
  type EventPayload,
  type EventType,
  type HunterReview,
  type HunterReviewPage,
  type HunterStatus,
  type IntegrationEvent,
} from '@hunted/contracts';
import { EventConsumer, setClockOffset } from '@hunted/platform';
import {
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  testIdentityHeaders,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const SCHEMA = 'reviews_hunter_limits_it';
const HUNTERS_SCHEMA = 'reviews_hunter_limits_it_hunters';
const PER_DAY = 3;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let reviews: RunningServiceApp<NestFastifyApplication>;
let db: pg.Client;
let hunters: TestPublisher;
let members = 0;

/** A member nobody else's test uses, so each test counts only their own reviews. */
const newMember = () => `user-limits-${++members}`;

async function post<T = { message?: string }>(
  path: string,
  userId: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const identity = await testIdentityHeaders(
    { id: userId, email: `${userId}@hunted.test`, firstName: 'Ada', lastName: 'Lovelace', isAdmin: false },
    'reviews',
  );
  const response = await fetch(`${reviews.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...identity },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function page(hunterId: number): Promise<{ status: number; body: HunterReviewPage & { message?: string } }> {
  const response = await fetch(`${reviews.base}/api/hunters/${hunterId}/reviews`);
  return { status: response.status, body: (await response.json()) as HunterReviewPage & { message?: string } };
}

async function apply<T extends EventType>(type: T, data: EventPayload<T>, occurredAt = new Date()): Promise<boolean> {
  const event = {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: occurredAt.toISOString(),
    data,
  } as IntegrationEvent<T>;
  return reviews.app.get(EventConsumer).apply(event);
}

/** Hunters' news of the hunter with `status` (`apply` dates it: the copy orders by occurredAt). */
function hunterEvent(hunterId: number, status: HunterStatus): EventPayload<'hunters.hunter.updated'> {
  return {
    hunterId,
    userId: null,
    name: `Hunter ${hunterId}`,
    profileImageUrl: null,
    location: 'London',
    availabilityStatus: 'Available',
    sessionTypes: DEFAULT_SESSION_TYPES,
    pricePerSession: 50,
    status,
  };
}

/** A paid session of `clientUserId` with the hunter that ended two hours ago and was completed: a held one. */
async function heldSession(hunterId: number, clientUserId: string): Promise<BookingEventV1> {
  const endsAt = new Date(Date.now() - 2 * HOUR);
  const booking: BookingEventV1 = {
    bookingId: randomUUID(),
    hunterId,
    hunterUserId: null,
    clientUserId,
    sessionType: 'whatsappVideo',
    startsAt: new Date(endsAt.getTime() - HOUR).toISOString(),
    endsAt: endsAt.toISOString(),
    pricePence: 8000,
    sequence: 0,
    notes: null,
    photoUrls: [],
  };
  await apply('bookings.booking.confirmed', booking);
  await apply('bookings.booking.completed', booking);
  return booking;
}

const reviewOf = (bookingId: string) => ({ bookingId, rating: 5, text: 'A thoroughly useful session.' });

async function writtenBy(userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from ${SCHEMA}.hunter_reviews where client_user_id = $1`,
    [userId],
  );
  return rows[0]!.n;
}

async function ratingEvents(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed'`,
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  const config = loadConfig(testServiceEnv(SCHEMA, { HUNTER_REVIEWS_PER_DAY: String(PER_DAY) }));
  reviews = await startServiceApp(createReviewsApp, config);
  db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  await db.query(`drop schema if exists ${HUNTERS_SCHEMA} cascade`);
  hunters = await startTestPublisher('hunters', { schema: HUNTERS_SCHEMA, redisPrefix: config.REDIS_PREFIX });
});

afterEach(() => setClockOffset(0));

afterAll(async () => {
  setClockOffset(0);
  await hunters?.close();
  await db?.query(`drop schema if exists ${HUNTERS_SCHEMA} cascade`);
  await db?.end();
  await reviews?.close();
});

describe(`at most HUNTER_REVIEWS_PER_DAY (${PER_DAY} here) reviews of hunters per member in any 24 hours`, () => {
  it("takes the member's reviews up to the limit; one more is 429 naming it, and writes nothing", async () => {
    const member = newMember();
    // Three hunters, one session each, and a fourth session with the first: the limit is the member's, not a hunter's.
    const sessions = [await heldSession(101, member), await heldSession(102, member), await heldSession(103, member)];
    for (const session of sessions) {
      expect((await post<HunterReview>('/api/hunter-reviews', member, reviewOf(session.bookingId))).status).toBe(201);
    }
    const fourth = await heldSession(101, member);
    const eventsBefore = await ratingEvents();
    const refused = await post('/api/hunter-reviews', member, reviewOf(fourth.bookingId));
    expect(refused).toEqual({
      status: 429,
      body: { statusCode: 429, message: 'You can write at most 3 reviews of hunters a day. Try again tomorrow.' },
    });
    expect(refused.body.message).toBe(MESSAGES.perDay(PER_DAY));
    // Nothing written: no review, no rating announced.
    expect(await writtenBy(member)).toBe(PER_DAY);
    const { rows } = await db.query(`select 1 from ${SCHEMA}.hunter_reviews where booking_id = $1`, [fourth.bookingId]);
    expect(rows).toHaveLength(0);
    expect(await ratingEvents()).toBe(eventsBefore);
    // Another member is not held back by this one's reviews.
    const other = newMember();
    const theirs = await heldSession(101, other);
    expect((await post('/api/hunter-reviews', other, reviewOf(theirs.bookingId))).status).toBe(201);
  });

  it('counts a rolling 24 hours of the service clock, not a calendar day', async () => {
    const member = newMember();
    const sessions = await Promise.all([1, 2, 3, 4].map(() => heldSession(104, member)));
    for (const session of sessions.slice(0, PER_DAY)) {
      expect((await post('/api/hunter-reviews', member, reviewOf(session.bookingId))).status).toBe(201);
    }
    const { rows } = await db.query<{ first: Date }>(
      `select min(created_at) as first from ${SCHEMA}.hunter_reviews where client_user_id = $1`,
      [member],
    );
    const first = rows[0]!.first.getTime();
    const last = sessions[PER_DAY]!;
    // A minute before the first review is a day old, all three still count.
    setClockOffset(first + 24 * HOUR - MINUTE - Date.now());
    expect(await post('/api/hunter-reviews', member, reviewOf(last.bookingId))).toMatchObject({
      status: 429,
      body: { message: MESSAGES.perDay(PER_DAY) },
    });
    // Once it is, its place is free again.
    setClockOffset(first + 24 * HOUR + MINUTE - Date.now());
    expect((await post('/api/hunter-reviews', member, reviewOf(last.bookingId))).status).toBe(201);
    expect(await writtenBy(member)).toBe(PER_DAY + 1);
  });

  it('never lets requests sent at once take more than the limit', async () => {
    const member = newMember();
    const sessions = await Promise.all(Array.from({ length: 8 }, (_, i) => heldSession(110 + i, member)));
    const answers = await Promise.all(sessions.map((s) => post('/api/hunter-reviews', member, reviewOf(s.bookingId))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(PER_DAY).fill(201), ...Array<number>(8 - PER_DAY).fill(429)]);
    expect(await writtenBy(member)).toBe(PER_DAY);
  });
});

describe("the reviews of a hunter who is not approved answer 404, as the hunter's profile does", () => {
  const notFound = { status: 404, body: { message: HUNTER_MESSAGES.notFound } };

  it('answers a pending, a rejected, a suspended and an unknown hunter 404, an approved one its list', async () => {
    const statuses: [number, HunterStatus][] = [
      [201, 'pending'],
      [202, 'rejected'],
      [203, 'suspended'],
      [204, 'approved'],
    ];
    for (const [hunterId, status] of statuses) {
      await apply('hunters.hunter.created', hunterEvent(hunterId, status));
      const session = await heldSession(hunterId, newMember());
      // Writing is the client's: a session that took place can be reviewed whatever the hunter's status now.
      expect((await post('/api/hunter-reviews', session.clientUserId, reviewOf(session.bookingId))).status).toBe(201);
    }
    for (const hunterId of [201, 202, 203]) expect(await page(hunterId), `hunter ${hunterId}`).toMatchObject(notFound);
    expect(await page(204)).toMatchObject({ status: 200, body: { total: 1, rating: 5 } });
    // A hunter this service never heard of.
    expect(await page(2999)).toMatchObject(notFound);
  });

  it("learns the status from hunters' events on events:hunters", async () => {
    const hunterId = 230;
    expect(await page(hunterId)).toMatchObject(notFound);
    await hunters.publish('hunters.hunter.created', hunterEvent(hunterId, 'approved'));
    await waitFor('the approved copy', async () => (await page(hunterId)).status === 200);
    await hunters.publish('hunters.hunter.updated', hunterEvent(hunterId, 'suspended'));
    await waitFor('the suspended copy', async () => (await page(hunterId)).status === 404);
    expect(await page(hunterId)).toMatchObject(notFound);
  });

  it('follows the hunter: suspended hides their reviews, approved again shows them again', async () => {
    const hunterId = 210;
    const at = Date.now();
    await apply('hunters.hunter.created', hunterEvent(hunterId, 'pending'), new Date(at));
    const session = await heldSession(hunterId, newMember());
    expect((await post('/api/hunter-reviews', session.clientUserId, reviewOf(session.bookingId))).status).toBe(201);
    expect(await page(hunterId)).toMatchObject(notFound);
    await apply('hunters.hunter.updated', hunterEvent(hunterId, 'approved'), new Date(at + 1_000));
    expect(await page(hunterId)).toMatchObject({ status: 200, body: { total: 1 } });
    await apply('hunters.hunter.updated', hunterEvent(hunterId, 'suspended'), new Date(at + 2_000));
    expect(await page(hunterId)).toMatchObject(notFound);
    // A session held before the suspension is still the client's to review; it shows only once the hunter does.
    const later = await heldSession(hunterId, newMember());
    expect((await post('/api/hunter-reviews', later.clientUserId, reviewOf(later.bookingId))).status).toBe(201);
    expect(await page(hunterId)).toMatchObject(notFound);
    await apply('hunters.hunter.updated', hunterEvent(hunterId, 'approved'), new Date(at + 3_000));
    const shown = await page(hunterId);
    expect(shown).toMatchObject({ status: 200, body: { total: 2 } });
    expect(shown.body.reviews).toHaveLength(2);
  });

  it('keeps the newest status whatever order the events arrive in, and takes a repeat as nothing new', async () => {
    const hunterId = 220;
    const at = Date.now();
    await apply('hunters.hunter.updated', hunterEvent(hunterId, 'approved'), new Date(at + 5_000));
    // The suspension before it, arriving late: older, so the copy stays approved.
    await apply('hunters.hunter.updated', hunterEvent(hunterId, 'suspended'), new Date(at + 4_000));
    await apply('hunters.hunter.created', hunterEvent(hunterId, 'pending'), new Date(at));
    expect(await page(hunterId)).toMatchObject({ status: 200, body: { total: 0, reviews: [] } });
    // hunters' migration 1797600010000 publishes every hunter again, as they are now (a newer occurredAt).
    expect(await apply('hunters.hunter.updated', hunterEvent(hunterId, 'approved'))).toBe(true);
    expect(await page(hunterId)).toMatchObject({ status: 200 });
    const { rows } = await db.query(`select status from ${SCHEMA}.hunter_statuses where hunter_id = $1`, [hunterId]);
    expect(rows).toEqual([{ status: 'approved' }]);
  });
});
