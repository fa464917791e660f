import { randomUUID } from 'node:crypto';
import {
  HUNTER_MESSAGES,
  HUNTER_REVIEW_MESSAGES as MESSAGES,
  MODERATION_MESSAGES,
  sessionMonthLabel,
  type BookingEventV1,
  type BookingOutcomeV1,
  type EventPayload,
  type EventType,
  type HunterRatingChangedV1,
  type HunterReview,
  type HunterReviewPage,
  type HunterStatus,
  type IntegrationEvent,
  type ModerationItem,
  type MyHunterReviews,
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

const SCHEMA = 'reviews_hunter_it';
const BOOKINGS_SCHEMA = 'reviews_hunter_it_bookings';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Member {
  id: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin?: boolean;
}

const ada: Member = { id: 'user-ada', firstName: 'Ada', lastName: 'Lovelace' };
const grace: Member = { id: 'user-grace', firstName: 'Grace', lastName: 'Hopper' };
const hunterMember: Member = { id: 'user-hunter', firstName: 'Sofia', lastName: 'Marchetti' };
const admin: Member = { id: 'user-admin', firstName: 'Ann', lastName: 'Admin', isAdmin: true };

let reviews: RunningServiceApp<NestFastifyApplication>;
let app: NestFastifyApplication;
let base: string;
let db: pg.Client;
let bookings: TestPublisher;

async function headersOf(member: Member | null): Promise<Record<string, string>> {
  const identity = member
    ? await testIdentityHeaders({ ...member, email: `${member.id}@hunted.test`, isAdmin: member.isAdmin ?? false }, 'reviews')
    : {};
  return { 'content-type': 'application/json', ...identity };
}

async function post<T = unknown>(path: string, member: Member | null, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: await headersOf(member), body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

async function get<T>(path: string, member: Member | null = null): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${base}${path}`, { headers: await headersOf(member) });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

async function apply<T extends EventType>(type: T, data: EventPayload<T>): Promise<boolean> {
  const event = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data } as IntegrationEvent<T>;
  return app.get(EventConsumer).apply(event);
}

/** Hunters' news of a hunter with `status` (only an approved hunter's reviews are public, decision 0096). */
async function hunterIs(hunterId: number, status: HunterStatus, userId: string | null = null): Promise<void> {
  await apply('hunters.hunter.updated', {
    hunterId,
    userId,
    name: `Hunter ${hunterId}`,
    profileImageUrl: null,
    location: 'London',
    availabilityStatus: 'Available',
    sessionTypes: {
      whatsappVoice: { enabled: true, price: 50, duration: 30 },
      whatsappVideo: { enabled: true, price: 80, duration: 60 },
      inPerson: { enabled: false, price: 150, duration: 90 },
      askQuestion: { enabled: true, price: 25, duration: 15 },
    },
    pricePerSession: 50,
    status,
  });
}

/** A booking as bookings' events carry it: ended `endedHoursAgo` hours ago (negative: ends in the future). */
function bookingOf(hunterId: number, client: Member, endedHoursAgo: number, sequence = 0): BookingEventV1 {
  const endsAt = new Date(Date.now() - endedHoursAgo * HOUR);
  return {
    bookingId: randomUUID(),
    hunterId,
    hunterUserId: hunterId === 1 ? hunterMember.id : null,
    clientUserId: client.id,
    sessionType: 'whatsappVideo',
    startsAt: new Date(endsAt.getTime() - HOUR).toISOString(),
    endsAt: endsAt.toISOString(),
    pricePence: 8000,
    sequence,
    notes: null,
    photoUrls: [],
  };
}

/** A confirmed booking that ended and was completed: a held session. */
async function heldSession(hunterId: number, client: Member, endedHoursAgo = 2): Promise<BookingEventV1> {
  const booking = bookingOf(hunterId, client, endedHoursAgo);
  await apply('bookings.booking.confirmed', booking);
  await apply('bookings.booking.completed', booking);
  return booking;
}

function review(bookingId: string, rating = 5, text = 'A thoroughly useful session.') {
  return { bookingId, rating, text };
}

/** The hunter's latest `reviews.hunter-rating.changed` in the outbox. */
async function latestRating(hunterId: number): Promise<HunterRatingChangedV1 | null> {
  const { rows } = await db.query<{ data: HunterRatingChangedV1 }>(
    `select data from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed' and (data->>'hunterId')::int = $1
      order by seq desc limit 1`,
    [hunterId],
  );
  return rows[0]?.data ?? null;
}

async function sessionRow(bookingId: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query(
    `select hunter_id, hunter_user_id, client_user_id, session_type, status, attendance, dispute_resolution, sequence,
            starts_at, ends_at
       from ${SCHEMA}.booking_copies where booking_id = $1`,
    [bookingId],
  );
  return rows[0];
}

beforeAll(async () => {
  // Ada writes many reviews here: the daily limit has its own test (hunter-review-limits.test.ts).
  const config = loadConfig(testServiceEnv(SCHEMA, { HUNTER_REVIEWS_PER_DAY: '1000' }));
  reviews = await startServiceApp(createReviewsApp, config);
  ({ app, base } = reviews);
  db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  await db.query(`drop schema if exists ${BOOKINGS_SCHEMA} cascade`);
  bookings = await startTestPublisher('bookings', { schema: BOOKINGS_SCHEMA, redisPrefix: config.REDIS_PREFIX });
  for (const member of [ada, grace, hunterMember]) {
    await apply('identity.user.registered', {
      userId: member.id,
      email: `${member.id}@hunted.test`,
      firstName: member.firstName,
      lastName: member.lastName,
      profileImageUrl: null,
    });
  }
});

afterEach(() => setClockOffset(0));

afterAll(async () => {
  setClockOffset(0);
  await bookings?.close();
  await db?.query(`drop schema if exists ${BOOKINGS_SCHEMA} cascade`);
  await db?.end();
  await reviews?.close();
});

describe("the copy of bookings' sessions", () => {
  it("is built from bookings' events as they arrive on events:bookings", async () => {
    const booking = bookingOf(40, ada, 3);
    await bookings.publish('bookings.booking.confirmed', booking);
    await waitFor('the confirmed copy', async () => (await sessionRow(booking.bookingId)) !== undefined);
    expect(await sessionRow(booking.bookingId)).toMatchObject({
      hunter_id: 40,
      client_user_id: ada.id,
      session_type: 'whatsappVideo',
      status: 'confirmed',
      attendance: null,
      sequence: 0,
    });
    await bookings.publish('bookings.booking.completed', booking);
    await bookings.publish('bookings.booking.attendance-marked', { ...booking, attendance: 'no_show', markedAt: new Date().toISOString() });
    await waitFor('the no-show mark', async () => (await sessionRow(booking.bookingId))?.attendance === 'no_show');
    expect((await sessionRow(booking.bookingId))?.status).toBe('completed');
    await bookings.publish('bookings.booking.dispute-resolved', { ...booking, resolution: 'refund', note: 'Client was there', refundPence: 8000 });
    await waitFor('the dispute', async () => (await sessionRow(booking.bookingId))?.dispute_resolution === 'refund');
  });

  it('takes newer news only: a late older event changes neither the times nor the state', async () => {
    const booking = bookingOf(41, ada, -48);
    await apply('bookings.booking.confirmed', booking);
    const moved = { ...booking, startsAt: new Date(Date.now() + 72 * HOUR).toISOString(), endsAt: new Date(Date.now() + 73 * HOUR).toISOString(), sequence: 1 };
    await apply('bookings.booking.rescheduled', { ...moved, previousStartsAt: booking.startsAt, previousEndsAt: booking.endsAt });
    await apply('bookings.booking.cancelled', { ...moved, sequence: 2, cancelledBy: 'client', refundPence: 8000, cause: null, reason: null });
    // The first confirmation again (a retry): older than the copy, ignored.
    await apply('bookings.booking.confirmed', booking);
    const row = await sessionRow(booking.bookingId);
    expect(row).toMatchObject({ status: 'cancelled', sequence: 2 });
    expect((row!.ends_at as Date).toISOString()).toBe(moved.endsAt);
  });

  it('an attendance mark that overtakes the confirmation is kept when the confirmation arrives', async () => {
    const booking = bookingOf(42, ada, 2);
    await apply('bookings.booking.attendance-marked', { ...booking, attendance: 'held', markedAt: new Date().toISOString() });
    await apply('bookings.booking.confirmed', booking);
    await apply('bookings.booking.completed', booking);
    expect(await sessionRow(booking.bookingId)).toMatchObject({ status: 'completed', attendance: 'held' });
  });

  it("a claimed hunter's member id follows onto their sessions", async () => {
    const booking = await heldSession(43, ada);
    expect((await sessionRow(booking.bookingId))?.hunter_user_id).toBeNull();
    await apply('hunters.hunter.updated', {
      hunterId: 43,
      userId: grace.id,
      name: 'Claimed Hunter',
      profileImageUrl: null,
      location: 'London',
      availabilityStatus: 'Available',
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 50, duration: 30 },
        whatsappVideo: { enabled: true, price: 80, duration: 60 },
        inPerson: { enabled: false, price: 150, duration: 90 },
        askQuestion: { enabled: true, price: 25, duration: 15 },
      },
      pricePerSession: 50,
      status: 'approved',
    });
    expect((await sessionRow(booking.bookingId))?.hunter_user_id).toBe(grace.id);
  });
});

describe('writing a review of a hunter', () => {
  it('refuses a guest', async () => {
    const booking = await heldSession(1, ada);
    expect((await post('/api/hunter-reviews', null, review(booking.bookingId))).status).toBe(401);
  });

  it('refuses bad stars and text with 400, naming the field', async () => {
    const booking = await heldSession(1, ada);
    const cases: [object, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ text: 'too short' }, 'text'],
      [{ text: 'x'.repeat(2001) }, 'text'],
    ];
    for (const [change, field] of cases) {
      const { status, body } = await post<{ errors: Record<string, string> }>('/api/hunter-reviews', ada, {
        ...review(booking.bookingId),
        ...change,
      });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.errors).toEqual({ [field]: field === 'rating' ? MESSAGES.rating : MESSAGES.text });
    }
    const { status, body } = await post<{ errors: Record<string, string> }>('/api/hunter-reviews', ada, { rating: 5, text: 'Lovely session.' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ bookingId: MESSAGES.unknownBooking });
  });

  it('refuses an unknown booking and another client\'s booking alike (404, nothing told of its existence)', async () => {
    const unknown = await post<{ message: string }>('/api/hunter-reviews', ada, review(randomUUID()));
    expect(unknown).toMatchObject({ status: 404, body: { message: MESSAGES.unknownBooking } });
    const booking = await heldSession(1, ada);
    const other = await post<{ message: string }>('/api/hunter-reviews', grace, review(booking.bookingId));
    expect(other).toMatchObject({ status: 404, body: { message: MESSAGES.unknownBooking } });
    // Not the hunter either: only the client who booked.
    const hunter = await post<{ message: string }>('/api/hunter-reviews', hunterMember, review(booking.bookingId));
    expect(hunter).toMatchObject({ status: 404, body: { message: MESSAGES.unknownBooking } });
  });

  it('refuses a session before it ends, and takes it once the clock has passed its end', async () => {
    const booking = bookingOf(2, ada, -3);
    await apply('bookings.booking.confirmed', booking);
    const early = await post<{ message: string }>('/api/hunter-reviews', ada, review(booking.bookingId));
    expect(early).toMatchObject({ status: 409, body: { message: MESSAGES.notEnded } });
    setClockOffset(4 * HOUR);
    const late = await post<HunterReview>('/api/hunter-reviews', ada, review(booking.bookingId, 4));
    expect(late.status).toBe(201);
    expect(late.body).toMatchObject({ hunterId: 2, bookingId: booking.bookingId, rating: 4 });
  });

  it(`refuses a session more than 30 days after its end`, async () => {
    const booking = await heldSession(3, ada, 2);
    // Ended two hours ago: the window closes 30 days after that.
    setClockOffset(30 * DAY - 2 * HOUR + 60_000);
    const closed = await post<{ message: string }>('/api/hunter-reviews', ada, review(booking.bookingId));
    expect(closed).toMatchObject({ status: 409, body: { message: MESSAGES.windowClosed } });
    // Just inside the window it is still open.
    setClockOffset(30 * DAY - 2 * HOUR - 60_000);
    expect((await post('/api/hunter-reviews', ada, review(booking.bookingId))).status).toBe(201);
  });

  it('refuses a cancelled session and a no-show, but takes a no-show whose dispute was refunded', async () => {
    const cancelled = bookingOf(4, ada, 2, 0);
    await apply('bookings.booking.confirmed', cancelled);
    await apply('bookings.booking.cancelled', { ...cancelled, sequence: 1, cancelledBy: 'hunter', refundPence: 8000, cause: null, reason: 'Ill' });
    expect(await post('/api/hunter-reviews', ada, review(cancelled.bookingId))).toMatchObject({
      status: 409,
      body: { message: MESSAGES.notHeld },
    });

    const noShow = await heldSession(4, ada);
    await apply('bookings.booking.attendance-marked', { ...noShow, attendance: 'no_show', markedAt: new Date().toISOString() });
    expect(await post('/api/hunter-reviews', ada, review(noShow.bookingId))).toMatchObject({
      status: 409,
      body: { message: MESSAGES.notHeld },
    });
    await apply('bookings.booking.dispute-resolved', { ...noShow, resolution: 'dismiss', note: 'No', refundPence: 0 });
    expect((await post('/api/hunter-reviews', ada, review(noShow.bookingId))).status).toBe(409);
    await apply('bookings.booking.dispute-resolved', { ...noShow, resolution: 'refund', note: 'Client was there', refundPence: 8000 });
    expect((await post('/api/hunter-reviews', ada, review(noShow.bookingId))).status).toBe(201);
  });

  it('judges by the outcome bookings published, working nothing out itself (decision 0085)', async () => {
    const outcomeOf = (booking: BookingEventV1, change: Partial<BookingOutcomeV1>): BookingOutcomeV1 => ({
      revision: 1,
      status: 'completed',
      heldFrom: booking.endsAt,
      noShow: false,
      reviewableUntil: new Date(Date.parse(booking.endsAt) + 30 * DAY).toISOString(),
      editableFrom: booking.endsAt,
      passportUntil: new Date(Date.parse(booking.endsAt) + 7 * DAY).toISOString(),
      reviewQualifies: true,
      ...change,
    });
    // A standing no-show known only from the outcome (no attendance event reached reviews): not held.
    const noShow = bookingOf(61, ada, 2);
    await apply('bookings.booking.completed', { ...noShow, outcome: outcomeOf(noShow, { revision: 9, heldFrom: null, noShow: true, reviewableUntil: null }) });
    expect(await post('/api/hunter-reviews', ada, review(noShow.bookingId))).toMatchObject({ status: 409, body: { message: MESSAGES.notHeld } });
    // Bookings overturns it (a higher revision): held, and reviewable.
    const resolved = { ...noShow, resolution: 'refund' as const, note: 'She was there', refundPence: 8000 };
    await apply('bookings.booking.dispute-resolved', { ...resolved, outcome: outcomeOf(noShow, { revision: 12 }) });
    // The no-show's event again, late: a lower revision changes nothing.
    await apply('bookings.booking.completed', { ...noShow, outcome: outcomeOf(noShow, { revision: 9, heldFrom: null, noShow: true, reviewableUntil: null }) });
    expect((await post('/api/hunter-reviews', ada, review(noShow.bookingId))).status).toBe(201);
    // The window is the one bookings set, not reviews' arithmetic: closed an hour after the end here.
    const shortWindow = bookingOf(61, grace, 2);
    const closedAt = new Date(Date.parse(shortWindow.endsAt) + HOUR).toISOString();
    await apply('bookings.booking.completed', { ...shortWindow, outcome: outcomeOf(shortWindow, { reviewableUntil: closedAt }) });
    expect(await post('/api/hunter-reviews', grace, review(shortWindow.bookingId))).toMatchObject({
      status: 409,
      body: { message: MESSAGES.windowClosed },
    });
  });

  it('writes the review, names the reviewer by first name and initial, and announces the rating', async () => {
    const booking = await heldSession(5, ada);
    const { status, body } = await post<HunterReview>('/api/hunter-reviews', ada, review(booking.bookingId, 4, '  Honest, quick and kind.  '));
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      hunterId: 5,
      bookingId: booking.bookingId,
      rating: 4,
      text: 'Honest, quick and kind.',
      reviewerName: 'Ada L.',
      sessionType: 'whatsappVideo',
      sessionStartsAt: booking.startsAt,
      createdAt: expect.any(String),
      reply: null,
    });
    expect(await latestRating(5)).toEqual({ hunterId: 5, rating: 4, reviewCount: 1, ratingSum: 4 });
    const second = await heldSession(5, grace);
    expect((await post('/api/hunter-reviews', grace, review(second.bookingId, 5))).status).toBe(201);
    expect(await latestRating(5)).toEqual({ hunterId: 5, rating: 4.5, reviewCount: 2, ratingSum: 9 });
  });

  it('refuses a second review of the same booking, also when both are sent at once', async () => {
    const booking = await heldSession(6, ada);
    expect((await post('/api/hunter-reviews', ada, review(booking.bookingId))).status).toBe(201);
    expect(await post('/api/hunter-reviews', ada, review(booking.bookingId, 1))).toMatchObject({
      status: 409,
      body: { message: MESSAGES.already },
    });

    const raced = await heldSession(6, ada);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/hunter-reviews', ada, review(raced.bookingId))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const { rows } = await db.query(`select 1 from ${SCHEMA}.hunter_reviews where booking_id = $1`, [raced.bookingId]);
    expect(rows).toHaveLength(1);
    expect(await latestRating(6)).toMatchObject({ reviewCount: 2 });
  });

  it('keeps a review visible when its booking is cancelled afterwards', async () => {
    const booking = await heldSession(7, ada);
    expect((await post('/api/hunter-reviews', ada, review(booking.bookingId))).status).toBe(201);
    await hunterIs(7, 'approved');
    await apply('bookings.booking.cancelled', { ...booking, sequence: 1, cancelledBy: 'system', refundPence: 0, cause: 'hunter_suspended', reason: null });
    expect((await sessionRow(booking.bookingId))?.status).toBe('cancelled');
    const page = await get<HunterReviewPage>('/api/hunters/7/reviews');
    expect(page.body).toMatchObject({ total: 1, rating: 5 });
    expect(page.body.reviews).toHaveLength(1);
  });

  it('shows the public neither the booking nor the session\'s time, only its month', async () => {
    const booking = await heldSession(8, ada);
    expect((await post('/api/hunter-reviews', ada, review(booking.bookingId))).status).toBe(201);
    await hunterIs(8, 'approved');
    const page = await get<HunterReviewPage>('/api/hunters/8/reviews');
    const [shown] = page.body.reviews;
    expect(shown).toBeDefined();
    expect(shown).not.toHaveProperty('bookingId');
    expect(shown).not.toHaveProperty('sessionStartsAt');
    expect(shown!.sessionMonth).toBe(sessionMonthLabel(new Date(booking.startsAt)));
    expect(shown!.sessionMonth).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    expect(JSON.stringify(page.body)).not.toContain(booking.bookingId);
    // The client's own list keeps both: they are the client's.
    const mine = await get<MyHunterReviews>('/api/hunter-reviews/mine', ada);
    expect(mine.body.written.find((r) => r.bookingId === booking.bookingId)).toMatchObject({ sessionStartsAt: booking.startsAt });
  });
});

/** The outcome bookings publishes for `booking` (decision 0085), held from its end, with `change` applied. */
function publishedOutcome(booking: BookingEventV1, change: Partial<BookingOutcomeV1> = {}): BookingOutcomeV1 {
  return {
    revision: 1,
    status: 'completed',
    heldFrom: booking.endsAt,
    noShow: false,
    reviewableUntil: new Date(Date.parse(booking.endsAt) + 30 * DAY).toISOString(),
    editableFrom: booking.endsAt,
    passportUntil: new Date(Date.parse(booking.endsAt) + 7 * DAY).toISOString(),
    ...change,
  };
}

/** How many reviews, rating announcements and members reviews holds: what a refusal must leave as it found it. */
async function writtenCounts(): Promise<{ reviews: number; ratings: number; users: number }> {
  const { rows } = await db.query<{ reviews: number; ratings: number; users: number }>(
    `select (select count(*)::int from ${SCHEMA}.hunter_reviews) as reviews,
            (select count(*)::int from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed') as ratings,
            (select count(*)::int from ${SCHEMA}.users) as users`,
  );
  return rows[0]!;
}

/** A review written before decision 0090, as the migration left it: `qualifies` undecided (null). */
async function earlierReview(booking: BookingEventV1, rating: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into ${SCHEMA}.hunter_reviews (booking_id, hunter_id, client_user_id, rating, text, qualifies)
     values ($1, $2, $3, $4, 'Written before reviews cost a real session.', null) returning id`,
    [booking.bookingId, booking.hunterId, booking.clientUserId, rating],
  );
  return rows[0]!.id;
}

async function qualifiesOf(reviewId: number): Promise<boolean | null> {
  const { rows } = await db.query<{ qualifies: boolean | null }>(`select qualifies from ${SCHEMA}.hunter_reviews where id = $1`, [reviewId]);
  return rows[0]!.qualifies;
}

describe('reviews cost a real session (decision 0090)', () => {
  const lin: Member = { id: 'user-lin', firstName: 'Lin', lastName: 'Earlier' };

  it('refuses a free session its hunter did not mark held, with the reason, and writes nothing', async () => {
    const free = { ...bookingOf(70, ada, 2), pricePence: 0 };
    await apply('bookings.booking.confirmed', { ...free, outcome: publishedOutcome(free, { revision: 0, status: 'confirmed', editableFrom: null, reviewQualifies: false }) });
    await apply('bookings.booking.completed', { ...free, outcome: publishedOutcome(free, { reviewQualifies: false }) });
    const before = await writtenCounts();
    const refused = await post<{ message: string }>('/api/hunter-reviews', grace, review(free.bookingId));
    expect(refused).toMatchObject({ status: 404 });
    const answer = await post<{ message: string }>('/api/hunter-reviews', ada, review(free.bookingId));
    expect(answer).toMatchObject({ status: 409, body: { message: 'Only a paid session that took place can be reviewed' } });
    expect(MESSAGES.notHeld).toBe('Only a paid session that took place can be reviewed');
    expect(await writtenCounts()).toEqual(before);
    expect(await latestRating(70)).toBeNull();
  });

  it('takes a free session once its hunter marked it held', async () => {
    const free = { ...bookingOf(71, ada, 2), pricePence: 0 };
    await apply('bookings.booking.completed', { ...free, outcome: publishedOutcome(free, { reviewQualifies: false }) });
    expect((await post('/api/hunter-reviews', ada, review(free.bookingId))).status).toBe(409);
    const markedAt = new Date().toISOString();
    await apply('bookings.booking.attendance-marked', {
      ...free,
      attendance: 'held',
      markedAt,
      outcome: publishedOutcome(free, { revision: 2, editableFrom: markedAt, reviewQualifies: true }),
    });
    expect((await post<HunterReview>('/api/hunter-reviews', ada, review(free.bookingId, 4))).status).toBe(201);
    expect(await latestRating(71)).toEqual({ hunterId: 71, rating: 4, reviewCount: 1, ratingSum: 4 });
  });

  it('takes a paid session held, unmarked; not a paid no-show', async () => {
    const paid = bookingOf(72, ada, 2);
    await apply('bookings.booking.completed', { ...paid, outcome: publishedOutcome(paid, { reviewQualifies: true }) });
    expect((await post('/api/hunter-reviews', ada, review(paid.bookingId, 5))).status).toBe(201);
    const noShow = bookingOf(72, grace, 2);
    await apply('bookings.booking.completed', {
      ...noShow,
      outcome: publishedOutcome(noShow, { revision: 2, heldFrom: null, noShow: true, reviewableUntil: null, editableFrom: null, reviewQualifies: false }),
    });
    expect(await post('/api/hunter-reviews', grace, review(noShow.bookingId))).toMatchObject({ status: 409, body: { message: MESSAGES.notHeld } });
    expect(await latestRating(72)).toEqual({ hunterId: 72, rating: 5, reviewCount: 1, ratingSum: 5 });
  });

  it('counts only reviews that qualify; earlier ones are shown apart, flagged for the admin', async () => {
    const HUNTER = 73;
    await hunterIs(HUNTER, 'approved');
    const paid = await heldSession(HUNTER, ada);
    expect((await post('/api/hunter-reviews', ada, review(paid.bookingId, 5))).status).toBe(201);
    const undecided = await earlierReview(await heldSession(HUNTER, grace), 1);
    const free = { ...bookingOf(HUNTER, lin, 2), pricePence: 0 };
    await apply('bookings.booking.completed', { ...free, outcome: publishedOutcome(free, { reviewQualifies: false }) });
    const notCounted = await earlierReview(free, 1);
    await db.query(`update ${SCHEMA}.hunter_reviews set qualifies = false where id = $1`, [notCounted]);

    const page = await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews`);
    expect(page.body).toMatchObject({ total: 1, rating: 5, earlierTotal: 2 });
    expect(page.body.reviews.map((r) => r.rating)).toEqual([5]);
    expect(page.body.earlier.map((r) => r.id).sort()).toEqual([undecided, notCounted].sort());
    expect(JSON.stringify(page.body.earlier)).not.toContain(free.bookingId);
    // Later pages carry the counted reviews only.
    expect((await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews?offset=1`)).body).toMatchObject({ reviews: [], earlier: [], earlierTotal: 2 });

    const { rows: all } = await db.query<{ id: number; qualifies: boolean | null }>(
      `select id, qualifies from ${SCHEMA}.hunter_reviews where hunter_id = $1`,
      [HUNTER],
    );
    const flags = Object.fromEntries(all.map((r) => [r.id, r.qualifies]));
    expect(Object.values(flags).sort()).toEqual([false, null, true].sort());
    expect(flags[undecided]).toBeNull();
    expect(flags[notCounted]).toBe(false);
  });

  it("decides an earlier review by bookings' restated outcome, once, and announces the rating", async () => {
    const HUNTER = 74;
    await hunterIs(HUNTER, 'approved');
    const counted = await heldSession(HUNTER, ada);
    expect((await post('/api/hunter-reviews', ada, review(counted.bookingId, 5))).status).toBe(201);
    // Two earlier reviews, undecided: a free session never marked (does not count), a paid one (counts).
    const free = { ...bookingOf(HUNTER, grace, 3), pricePence: 0 };
    await apply('bookings.booking.confirmed', free);
    const freeReview = await earlierReview(free, 1);
    const paid = bookingOf(HUNTER, lin, 3);
    await apply('bookings.booking.confirmed', paid);
    const paidReview = await earlierReview(paid, 3);
    expect((await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews`)).body).toMatchObject({ total: 1, earlierTotal: 2 });

    const restate = (booking: BookingEventV1, reviewQualifies: boolean, revision = 1) =>
      apply('bookings.booking.outcome-restated', { ...booking, outcome: publishedOutcome(booking, { revision, status: 'confirmed', editableFrom: null, reviewQualifies }) });
    expect(await restate(free, false)).toBe(true);
    expect(await qualifiesOf(freeReview)).toBe(false);
    expect(await latestRating(HUNTER)).toEqual({ hunterId: HUNTER, rating: 5, reviewCount: 1, ratingSum: 5 });
    expect(await restate(paid, true)).toBe(true);
    expect(await qualifiesOf(paidReview)).toBe(true);
    expect(await latestRating(HUNTER)).toEqual({ hunterId: HUNTER, rating: 4, reviewCount: 2, ratingSum: 8 });
    expect((await sessionRow(paid.bookingId))?.status).toBe('confirmed');

    // A second restatement (another event id, even one saying otherwise) changes no decision and announces nothing.
    const before = await writtenCounts();
    await restate(free, true, 2);
    await restate(paid, false, 2);
    expect(await qualifiesOf(freeReview)).toBe(false);
    expect(await qualifiesOf(paidReview)).toBe(true);
    expect(await writtenCounts()).toEqual(before);
    expect((await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews`)).body).toMatchObject({ total: 2, rating: 4, earlierTotal: 1 });
  });

  it('keeps a null from an older outcome from erasing what a restatement said', async () => {
    const paid = bookingOf(75, ada, 2);
    await apply('bookings.booking.outcome-restated', { ...paid, outcome: publishedOutcome(paid, { reviewQualifies: true }) });
    const { reviewQualifies: _unsaid, ...older } = publishedOutcome(paid);
    await apply('bookings.booking.completed', { ...paid, outcome: older });
    expect((await post('/api/hunter-reviews', ada, review(paid.bookingId))).status).toBe(201);
  });
});

describe('replies and reports', () => {
  let reviewId: number;

  beforeAll(async () => {
    const booking = await heldSession(1, ada);
    reviewId = (await post<HunterReview>('/api/hunter-reviews', ada, review(booking.bookingId))).body.id;
  });

  it('lets only the reviewed hunter reply, once', async () => {
    expect(await post(`/api/hunter-reviews/${reviewId}/reply`, grace, { text: 'Thanks!' })).toMatchObject({
      status: 403,
      body: { message: MESSAGES.replyNotYours },
    });
    expect(await post(`/api/hunter-reviews/${reviewId}/reply`, ada, { text: 'Thanks!' })).toMatchObject({ status: 403 });
    expect(await post(`/api/hunter-reviews/${reviewId}/reply`, hunterMember, { text: '   ' })).toMatchObject({
      status: 400,
      body: { errors: { text: MESSAGES.reply } },
    });
    const replied = await post<HunterReview>(`/api/hunter-reviews/${reviewId}/reply`, hunterMember, { text: ' Thank you, Ada! ' });
    expect(replied.status).toBe(201);
    expect(replied.body.reply).toEqual({ text: 'Thank you, Ada!', createdAt: expect.any(String) });
    expect(await post(`/api/hunter-reviews/${reviewId}/reply`, hunterMember, { text: 'Again' })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.alreadyReplied },
    });
    expect(await post('/api/hunter-reviews/999999/reply', hunterMember, { text: 'Hi' })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.notFound },
    });
  });

  it('lets any member but the author report, once each, through the moderation kit (decision 0101)', async () => {
    const path = `/api/reports/hunter-review/${reviewId}`;
    expect(await post(path, ada, { reason: 'spam' })).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.ownItem } });
    expect(await post(path, grace, { reason: 'rude' })).toMatchObject({ status: 400, body: { errors: { reason: MODERATION_MESSAGES.reason } } });
    expect(await post(path, null, { reason: 'spam' })).toMatchObject({ status: 401 });
    expect(await post(path, grace, { reason: 'spam' })).toMatchObject({
      status: 201,
      body: { kind: 'hunter-review', itemId: reviewId, reported: true },
    });
    expect(await post(path, grace, { reason: 'abuse' })).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.alreadyReported } });
    expect((await post(path, hunterMember, { reason: 'misleading', details: 'Not true' })).status).toBe(201);
    // The old route is gone.
    expect((await post(`/api/hunter-reviews/${reviewId}/report`, grace, { reason: 'Spam' })).status).toBe(404);
  });

  it("answers the caller's written and received reviews", async () => {
    const asClient = await get<MyHunterReviews>('/api/hunter-reviews/mine', ada);
    expect(asClient.status).toBe(200);
    expect(asClient.body.written.length).toBeGreaterThan(0);
    expect(asClient.body.written.every((r) => r.reviewerName === 'Ada L.')).toBe(true);
    expect(asClient.body.received).toEqual([]);
    const asHunter = await get<MyHunterReviews>('/api/hunter-reviews/mine', hunterMember);
    expect(asHunter.body.written).toEqual([]);
    expect(asHunter.body.received.map((r) => r.id)).toContain(reviewId);
    expect(asHunter.body.received.every((r) => r.hunterId === 1)).toBe(true);
    expect((await get('/api/hunter-reviews/mine', null)).status).toBe(401);
  });
});

describe("the public page and the admin's moderation", () => {
  const HUNTER = 20;
  const ids: number[] = [];

  beforeAll(async () => {
    await hunterIs(HUNTER, 'approved');
    // Twelve reviews, oldest first: ratings 1..5 repeating.
    for (let i = 0; i < 12; i++) {
      const client: Member = { id: `user-client-${i}`, firstName: `Client${i}`, lastName: 'Example' };
      const booking = await heldSession(HUNTER, client, 2 + 12 - i);
      const answer = await post<HunterReview>('/api/hunter-reviews', client, review(booking.bookingId, (i % 5) + 1));
      expect(answer.status).toBe(201);
      ids.push(answer.body.id);
    }
  });

  it('pages newest first, 10 by default, with the total and the rating', async () => {
    const first = await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(12);
    // 1+2+3+4+5 + 1+2+3+4+5 + 1+2 = 33 over 12.
    expect(first.body.rating).toBe(2.75);
    expect(first.body.reviews.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews?limit=5&offset=10`);
    expect(second.body.reviews.map((r) => r.id)).toEqual([ids[1], ids[0]]);
    expect((await get(`/api/hunters/${HUNTER}/reviews?limit=51`)).status).toBe(400);
    expect((await get(`/api/hunters/${HUNTER}/reviews?limit=0`)).status).toBe(400);
    expect((await get('/api/hunters/abc/reviews')).status).toBe(404);
    // A hunter this service never heard of is not there, as on their profile (decision 0096).
    expect(await get('/api/hunters/999/reviews')).toMatchObject({ status: 404, body: { message: HUNTER_MESSAGES.notFound } });
  });

  it('lets only admins moderate', async () => {
    expect((await get('/api/admin/moderation/hunter-review', ada)).status).toBe(403);
    expect((await get('/api/admin/moderation/hunter-review', null)).status).toBe(401);
    expect((await post(`/api/admin/moderation/hunter-review/${ids[0]}/hide`, ada, { reason: 'No' })).status).toBe(403);
    expect((await get('/api/admin/hunter-reviews', admin)).status).toBe(404);
  });

  it('hiding takes a review off the page and out of the rating; restoring it puts it back', async () => {
    const newest = ids[11]!; // 2 stars
    expect((await post(`/api/reports/hunter-review/${newest}`, ada, { reason: 'abuse' })).status).toBe(201);
    const queue = await get<ModerationItem[]>('/api/admin/moderation/hunter-review', admin);
    expect(queue.body.find((item) => item.itemId === newest)).toMatchObject({ state: 'open', reports: [{ reason: 'abuse', open: true }] });
    expect((await post(`/api/admin/moderation/hunter-review/${newest}/hide`, admin, { reason: ' ' })).status).toBe(400);
    const hidden = await post<ModerationItem>(`/api/admin/moderation/hunter-review/${newest}/hide`, admin, { reason: 'Abusive' });
    expect(hidden).toMatchObject({ status: 200, body: { state: 'hidden', hiddenReason: 'Abusive', decisions: [{ action: 'hidden', decidedBy: 'Ann Admin' }] } });
    expect(await latestRating(HUNTER)).toEqual({ hunterId: HUNTER, rating: 2.82, reviewCount: 11, ratingSum: 31 });

    const page = await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews?limit=50`);
    expect(page.body.total).toBe(11);
    expect(page.body.rating).toBe(2.82);
    expect(page.body.reviews.map((r) => r.id)).not.toContain(newest);
    expect(page.body.reviews).toHaveLength(11);

    // Hiding twice is nothing to decide, and announces nothing more.
    const { rows: before } = await db.query(`select count(*)::int as n from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed'`);
    expect(await post(`/api/admin/moderation/hunter-review/${newest}/hide`, admin, { reason: 'Again' })).toMatchObject({
      status: 409,
      body: { message: MODERATION_MESSAGES.nothingToDecide },
    });
    const { rows: after } = await db.query(`select count(*)::int as n from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed'`);
    expect(after[0].n).toBe(before[0].n);

    const shown = await post<ModerationItem>(`/api/admin/moderation/hunter-review/${newest}/restore`, admin, {});
    expect(shown).toMatchObject({ status: 200, body: { state: 'closed', hiddenReason: null } });
    expect(await latestRating(HUNTER)).toEqual({ hunterId: HUNTER, rating: 2.75, reviewCount: 12, ratingSum: 33 });
    expect((await get<HunterReviewPage>(`/api/hunters/${HUNTER}/reviews`)).body.reviews[0]!.id).toBe(newest);
    expect((await post('/api/admin/moderation/hunter-review/999999/hide', admin, { reason: 'x' })).status).toBe(404);
  });
});
