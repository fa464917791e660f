import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PASSPORT_SHARES,
  FORMER_MEMBER_NAME,
  type ModerationItem,
  type BookingEventV1,
  type BookingOutcomeV1,
  type Comment,
  type DataExportPart,
  type EventPayload,
  type EventType,
  type HunterReview,
  type HunterReviewPage,
  type IntegrationEvent,
  type Review,
  type ReviewPhoto,
} from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import {
  imageDataUrl,
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_PNG,
  testIdentityHeaders,
  testServiceEnv,
  tracesOf,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const SCHEMA = 'reviews_your_data_it';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ratings = { speedRating: 5, easeRating: 4, qualityRating: 4, sustainabilityRating: 3 };

interface Member {
  id: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
}
const emailOf = (member: Member) => `${member.id}@hunted.test`;

let reviews: RunningServiceApp<NestFastifyApplication>;
let app: NestFastifyApplication;
let base: string;
let db: pg.Client;
let dataSource: DataSource;
const admin: Member = { id: 'u-yd-admin', firstName: 'Ann', lastName: 'Admin', isAdmin: true };

async function call<T>(method: string, path: string, member: Member | null, body?: unknown): Promise<{ status: number; body: T }> {
  const identity = member
    ? await testIdentityHeaders({ ...member, email: emailOf(member), isAdmin: member.isAdmin ?? false }, 'reviews')
    : {};
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...identity, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

function eventOf<T extends EventType>(type: T, data: EventPayload<T>): IntegrationEvent<T> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data } as IntegrationEvent<T>;
}

/** Applies the event through the service's real consumer, in its inbox transaction: false when already applied. */
function apply(event: IntegrationEvent): Promise<boolean> {
  return app.get(EventConsumer).apply(event);
}

async function registered(member: Member): Promise<void> {
  await apply(
    eventOf('identity.user.registered', {
      userId: member.id,
      email: emailOf(member),
      firstName: member.firstName,
      lastName: member.lastName,
      profileImageUrl: `https://img.example/${member.firstName}.jpg`,
    }),
  );
}

async function approvedHunter(hunterId: number, userId: string): Promise<void> {
  await apply(
    eventOf('hunters.hunter.updated', {
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
      status: 'approved',
    }),
  );
}

/** A paid session of `hunterId` (its member `hunterUserId`) with `client`, held two hours ago: reviewable. */
async function heldSession(hunterId: number, hunterUserId: string, client: Member): Promise<string> {
  const endsAt = new Date(Date.now() - 2 * HOUR);
  const booking: BookingEventV1 = {
    bookingId: randomUUID(),
    hunterId,
    hunterUserId,
    clientUserId: client.id,
    sessionType: 'whatsappVideo',
    startsAt: new Date(endsAt.getTime() - HOUR).toISOString(),
    endsAt: endsAt.toISOString(),
    pricePence: 8000,
    sequence: 0,
    notes: null,
    photoUrls: [],
    passport: { ...DEFAULT_PASSPORT_SHARES },
  };
  const outcome: BookingOutcomeV1 = {
    revision: 1,
    status: 'completed',
    heldFrom: booking.endsAt,
    noShow: false,
    reviewableUntil: new Date(endsAt.getTime() + 30 * DAY).toISOString(),
    editableFrom: booking.endsAt,
    passportUntil: new Date(endsAt.getTime() + 7 * DAY).toISOString(),
    reviewQualifies: true,
  };
  await apply(eventOf('bookings.booking.completed', { ...booking, outcome }));
  return booking.bookingId;
}

const BRAND = 1;
let reviewsWritten = 0;
const OWN_HUNTER = 5; // the deleted member's own hunter profile
const OTHER_HUNTER = 6;

/** A member's brand review (with a photo), comment, review of OTHER_HUNTER; answers their ids. */
async function writeEverything(member: Member): Promise<{ reviewId: number; commentId: number; hunterReviewId: number }> {
  const review = await call<Review>('POST', `/api/brands/${BRAND}/reviews`, member, {
    ...ratings,
    reviewText: `Lovely jumpers, review ${++reviewsWritten}.`,
    photos: [imageDataUrl(TEST_PNG, 'image/png')],
  });
  expect(review.status).toBe(201);
  const comment = await call<Comment>('POST', `/api/brands/${BRAND}/comments`, member, { content: 'Do they ship to Spain?' });
  expect(comment.status).toBe(201);
  const bookingId = await heldSession(OTHER_HUNTER, 'u-yd-hunter-six', member);
  const hunterReview = await call<HunterReview>('POST', '/api/hunter-reviews', member, {
    bookingId,
    rating: 4,
    text: 'A thoroughly useful session.',
  });
  expect(hunterReview.status).toBe(201);
  return { reviewId: review.body.id, commentId: comment.body.id, hunterReviewId: hunterReview.body.id };
}

const gone: Member = { id: 'u-yd-gone', firstName: 'Philippa', lastName: 'Quennell' };
const stays: Member = { id: 'u-yd-stays', firstName: 'Barnaby', lastName: 'Ostrander' };
const client: Member = { id: 'u-yd-client', firstName: 'Clementine', lastName: 'Achterberg' };
let goneWrote: Awaited<ReturnType<typeof writeEverything>>;
let staysWrote: Awaited<ReturnType<typeof writeEverything>>;
let aboutGoneId: number;

beforeAll(async () => {
  const config = loadConfig(testServiceEnv(SCHEMA));
  reviews = await startServiceApp(createReviewsApp, config);
  ({ app, base } = reviews);
  dataSource = app.get(DataSource);
  db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  for (const member of [gone, stays, client]) await registered(member);
  await apply(eventOf('brands.brand.created', { brandId: BRAND, name: 'Knits', imageUrl: '/brand-placeholder.svg', tags: [] }));
  await approvedHunter(OWN_HUNTER, gone.id);
  await approvedHunter(OTHER_HUNTER, 'u-yd-hunter-six');

  goneWrote = await writeEverything(gone);
  staysWrote = await writeEverything(stays);
  // The deleted member reports the other's review, and (as a hunter) replies to a client's review of their session.
  expect(
    (await call('POST', `/api/reports/hunter-review/${staysWrote.hunterReviewId}`, gone, { reason: 'other', details: 'Not about the session' }))
      .status,
  ).toBe(201);
  // The other member reports the deleted member's comment; an admin hides it; its author appeals, and the admin
  // grants the appeal (decision 0101).
  expect((await call('POST', `/api/reports/comment/${goneWrote.commentId}`, stays, { reason: 'abuse' })).status).toBe(201);
  expect((await call('POST', `/api/admin/moderation/comment/${goneWrote.commentId}/hide`, admin, { reason: 'Rude' })).status).toBe(200);
  expect((await call('POST', `/api/moderation/comment/${goneWrote.commentId}/appeal`, gone, { text: 'It was a joke' })).status).toBe(200);
  expect((await call('POST', `/api/admin/moderation/comment/${goneWrote.commentId}/restore`, admin, {})).status).toBe(200);
  const bookingId = await heldSession(OWN_HUNTER, gone.id, client);
  const aboutGone = await call<HunterReview>('POST', '/api/hunter-reviews', client, {
    bookingId,
    rating: 5,
    text: 'Philippa found me the perfect coat.',
  });
  expect(aboutGone.status).toBe(201);
  aboutGoneId = aboutGone.body.id;
  expect((await call('POST', `/api/hunter-reviews/${aboutGoneId}/reply`, gone, { text: 'Thank you, Clementine!' })).status).toBe(
    201,
  );
}, 60_000);

afterAll(async () => {
  await db?.query(`drop schema if exists ${SCHEMA} cascade`);
  await db?.end();
  await reviews?.close();
});

const partOf = (exportId: string, member: Member | null) =>
  call<DataExportPart>('GET', `/api/account/data-exports/${exportId}/parts/reviews`, member);

describe('reviews: your data', () => {
  it("exports each kind of the member's records with the photos' bytes; another member's part is 404", async () => {
    const exportId = randomUUID();
    expect(await apply(eventOf('identity.data-export.requested', { exportId, userId: gone.id }))).toBe(true);
    const part = await partOf(exportId, gone);
    expect(part.status).toBe(200);
    const files = new Map(part.body.files.map((file) => [file.path, Buffer.from(file.base64, 'base64')]));
    const json = <T>(path: string) => JSON.parse(files.get(path)!.toString('utf8')) as T;

    expect(files.get('reviews/README.md')!.toString()).toContain('brand-reviews.json');
    const brandReviews = json<(Review & { photoFiles: string[] })[]>('reviews/brand-reviews.json');
    expect(brandReviews).toEqual([
      expect.objectContaining({ id: goneWrote.reviewId, userId: gone.id, rating: 4, reviewText: 'Lovely jumpers, review 1.' }),
    ]);
    expect(brandReviews[0]!.photoFiles).toHaveLength(1);
    const { body: listed } = await call<Review[]>('GET', `/api/brands/${BRAND}/reviews`, null);
    const photoUrl = listed.find((review) => review.id === goneWrote.reviewId)!.photos[0]!;
    const served = Buffer.from(await (await fetch(`${base}${photoUrl}`)).arrayBuffer());
    expect(files.get(`reviews/${brandReviews[0]!.photoFiles[0]}`)).toEqual(served);

    expect(json<Comment[]>('reviews/comments.json')).toEqual([
      expect.objectContaining({ id: goneWrote.commentId, content: 'Do they ship to Spain?' }),
    ]);
    expect(json<HunterReview[]>('reviews/hunter-reviews-written.json')).toEqual([
      expect.objectContaining({ id: goneWrote.hunterReviewId, hunterId: OTHER_HUNTER, reply: null }),
    ]);
    expect(json<HunterReview[]>('reviews/hunter-reviews-received.json')).toEqual([
      expect.objectContaining({ id: aboutGoneId, hunterId: OWN_HUNTER, reply: expect.objectContaining({ text: 'Thank you, Clementine!' }) }),
    ]);
    expect(json('reviews/reports.json')).toEqual([
      {
        kind: 'hunter-review',
        itemId: staysWrote.hunterReviewId,
        reason: 'other',
        details: 'Not about the session',
        reportedAt: expect.any(String),
        answered: false,
      },
    ]);
    expect(json('reviews/appeals.json')).toEqual([
      {
        kind: 'comment',
        itemId: goneWrote.commentId,
        state: 'closed',
        hiddenReason: null,
        appeal: 'It was a joke',
        appealedAt: expect.any(String),
      },
    ]);

    expect((await partOf(exportId, stays)).status).toBe(404);
    expect((await partOf(exportId, null)).status).toBe(401);
  });

  it("erases a deleted member: 'Former member' on every read, nothing else names them, ratings stay, twice is once", async () => {
    const needles = (member: Member) => [member.id, emailOf(member), member.firstName, member.lastName];
    const hunterPage = async (hunterId: number) => (await call<HunterReviewPage>('GET', `/api/hunters/${hunterId}/reviews`, null)).body;
    const reviewEvents = async () =>
      (await db.query(`select count(*)::int as n from ${SCHEMA}.outbox where type like 'reviews.review.%'`)).rows[0].n as number;
    const ratingEvents = async (hunterId: number) =>
      (
        await db.query(
          `select data from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed' and (data->>'hunterId')::int = $1
            order by seq`,
          [hunterId],
        )
      ).rows.map((row: { data: unknown }) => row.data);
    const brandReviewsBefore = (await call<Review[]>('GET', `/api/brands/${BRAND}/reviews`, null)).body;
    const otherHunterBefore = await hunterPage(OTHER_HUNTER);
    expect(otherHunterBefore.total).toBe(2);
    const reviewEventsBefore = await reviewEvents();
    const otherRatingsBefore = await ratingEvents(OTHER_HUNTER);
    const staysTraces = await tracesOf(dataSource, SCHEMA, needles(stays));
    expect(staysTraces.map((trace) => trace.table)).toEqual(expect.arrayContaining(['reviews', 'comments', 'hunter_reviews', 'users']));

    const deletion = eventOf('identity.user.deleted', { deletionId: randomUUID(), userId: gone.id });
    expect(await apply(deletion)).toBe(true);

    // Nothing of the schema names them: the reviews and comments kept carry no id, no name.
    expect(await tracesOf(dataSource, SCHEMA, needles(gone))).toEqual([]);

    // The brand page: their review keeps its text and rating as 'Former member', without its photo; the comment too.
    const brandReviews = (await call<Review[]>('GET', `/api/brands/${BRAND}/reviews`, null)).body;
    expect(brandReviews.map((review) => review.rating)).toEqual(brandReviewsBefore.map((review) => review.rating));
    const kept = brandReviews.find((review) => review.id === goneWrote.reviewId)!;
    expect(kept).toMatchObject({ userId: null, userName: FORMER_MEMBER_NAME, reviewText: 'Lovely jumpers, review 1.', photos: [] });
    const goneUrl = brandReviewsBefore.find((review) => review.id === goneWrote.reviewId)!.photos[0]!;
    expect((await fetch(`${base}${goneUrl}`)).status).toBe(404);
    const photos = (await call<ReviewPhoto[]>('GET', `/api/brands/${BRAND}/photos`, null)).body;
    expect(photos.map((photo) => photo.reviewId)).toEqual([staysWrote.reviewId]);
    const comments = (await call<Comment[]>('GET', `/api/brands/${BRAND}/comments`, null)).body;
    expect(comments.find((comment) => comment.id === goneWrote.commentId)).toMatchObject({
      userId: null,
      userName: FORMER_MEMBER_NAME,
      userProfileImage: null,
      content: 'Do they ship to Spain?',
    });
    expect(comments.find((comment) => comment.id === staysWrote.commentId)).toMatchObject({
      userName: 'Barnaby Ostrander',
      userProfileImage: 'https://img.example/Barnaby.jpg',
    });
    // No review event: brands' copy of the ratings (rating, ratingCount) has nothing to change.
    expect(await reviewEvents()).toBe(reviewEventsBefore);

    // The other hunter's page: the review stays, counted, as 'Former member'; their rating is not re-announced.
    const otherHunter = await hunterPage(OTHER_HUNTER);
    expect({ total: otherHunter.total, rating: otherHunter.rating }).toEqual({ total: 2, rating: otherHunterBefore.rating });
    expect(otherHunter.reviews.find((review) => review.id === goneWrote.hunterReviewId)?.reviewerName).toBe(FORMER_MEMBER_NAME);
    expect(await ratingEvents(OTHER_HUNTER)).toEqual(otherRatingsBefore);
    // Their own hunter profile's reviews went with the reply; its rating is announced as none.
    expect((await hunterPage(OWN_HUNTER)).total).toBe(0);
    expect((await ratingEvents(OWN_HUNTER)).at(-1)).toEqual({ hunterId: OWN_HUNTER, rating: null, reviewCount: 0, ratingSum: 0 });
    // The admins' queue: the report they made stays, without them; their appealed comment stays, authored by nobody.
    const moderated = (await call<ModerationItem[]>('GET', '/api/admin/moderation/hunter-review?state=all', admin)).body;
    expect(moderated.find((item) => item.itemId === staysWrote.hunterReviewId)?.reports).toEqual([
      { reason: 'other', details: 'Not about the session', reportedAt: expect.any(String), open: true },
    ]);
    const commentCases = (await call<ModerationItem[]>('GET', '/api/admin/moderation/comment?state=all', admin)).body;
    expect(commentCases.find((item) => item.itemId === goneWrote.commentId)).toMatchObject({
      state: 'closed',
      content: { authorName: null },
      appeal: { text: 'It was a joke' },
    });
    const { rows: cases } = await db.query(`select author_user_id from ${SCHEMA}.moderation_cases where item_id = $1 and kind = 'comment'`, [
      goneWrote.commentId,
    ]);
    expect(cases).toEqual([{ author_user_id: null }]);

    // The other member is untouched; the erasure was reported.
    expect(await tracesOf(dataSource, SCHEMA, needles(stays))).toEqual(staysTraces);
    const { rows: erased } = await db.query(`select data from ${SCHEMA}.outbox where type = 'reviews.user-data.erased'`);
    expect(erased).toEqual([{ data: deletion.data }]);

    // The same event again is skipped; an admin's retry (a new event) finds nothing to change.
    const snapshot = async () =>
      (
        await db.query(
          `select (select json_agg(r order by r.id) from ${SCHEMA}.reviews r) as reviews,
                  (select json_agg(c order by c.id) from ${SCHEMA}.comments c) as comments,
                  (select json_agg(h order by h.id) from ${SCHEMA}.hunter_reviews h) as hunter_reviews,
                  (select count(*)::int from ${SCHEMA}.review_photos) as photos,
                  (select count(*)::int from ${SCHEMA}.booking_copies) as bookings,
                  (select count(*)::int from ${SCHEMA}.outbox where type = 'reviews.hunter-rating.changed') as ratings`,
        )
      ).rows[0] as unknown;
    const settled = await snapshot();
    expect(await apply(deletion)).toBe(false);
    expect(await apply(eventOf('identity.user.deleted', { deletionId: deletion.data.deletionId, userId: gone.id }))).toBe(true);
    expect(await snapshot()).toEqual(settled);
    expect(await tracesOf(dataSource, SCHEMA, needles(gone))).toEqual([]);
  });
});
