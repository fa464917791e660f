import { randomUUID } from 'node:crypto';
import {
  MODERATION_MESSAGES,
  type Comment,
  type EventPayload,
  type EventType,
  type IntegrationEvent,
  type ModerationDecidedV1,
  type ModerationItem,
  type ModerationNotice,
  type Review,
  type ReviewPhoto,
  type ReviewVisibilityChangedV1,
} from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import {
  imageDataUrl,
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_PNG,
  testIdentityHeaders,
  testServiceEnv,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/**
 * The moderation kit (libs/platform/src/moderation, decision 0101) through the reviews service: reports, the
 * per-reporter daily cap, the admins' decisions, the author's notice and one appeal, and what a hide does to the
 * brand's lists and the outbox.
 */

const SCHEMA = 'reviews_moderation_it';
const REPORTS_PER_DAY = 3;
const BRAND = 1;
const ratings = { speedRating: 5, easeRating: 4, qualityRating: 4, sustainabilityRating: 4 };

interface Member {
  id: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin?: boolean;
}

const ada: Member = { id: 'user-mod-ada', firstName: 'Ada', lastName: 'Lovelace' };
const grace: Member = { id: 'user-mod-grace', firstName: 'Grace', lastName: 'Hopper' };
const lin: Member = { id: 'user-mod-lin', firstName: 'Lin', lastName: 'Chen' };
const capped: Member = { id: 'user-mod-capped', firstName: 'Cap', lastName: 'Tain' };
const admin: Member = { id: 'user-mod-admin', firstName: 'Ann', lastName: 'Admin', isAdmin: true };

let reviews: RunningServiceApp<NestFastifyApplication>;
let app: NestFastifyApplication;
let base: string;
let db: pg.Client;

async function headersOf(member: Member | null): Promise<Record<string, string>> {
  const identity = member
    ? await testIdentityHeaders({ ...member, email: `${member.id}@hunted.test`, isAdmin: member.isAdmin ?? false }, 'reviews')
    : {};
  return { 'content-type': 'application/json', ...identity };
}

async function post<T = { message?: string; errors?: Record<string, string> }>(
  path: string,
  member: Member | null,
  body: unknown = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: await headersOf(member), body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

async function get<T>(path: string, member: Member | null = null): Promise<{ status: number; body: T; total: number }> {
  const response = await fetch(`${base}${path}`, { headers: await headersOf(member) });
  return { status: response.status, body: (await response.json()) as T, total: Number(response.headers.get('x-total-count')) };
}

async function apply<T extends EventType>(type: T, data: EventPayload<T>): Promise<boolean> {
  const event = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data } as IntegrationEvent<T>;
  return app.get(EventConsumer).apply(event);
}

async function outbox<T>(type: EventType): Promise<T[]> {
  const { rows } = await db.query<{ data: T }>(`select data from ${SCHEMA}.outbox where type = $1 order by seq`, [type]);
  return rows.map((row) => row.data);
}

async function queue(kind: string, state = 'queue'): Promise<ModerationItem[]> {
  const answer = await get<ModerationItem[]>(`/api/admin/moderation/${kind}?state=${state}`, admin);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function comment(author: Member, content: string): Promise<number> {
  const written = await post<Comment>(`/api/brands/${BRAND}/comments`, author, { content });
  expect(written.status).toBe(201);
  return written.body.id;
}

let reviewId: number;
let photoUrl: string;

beforeAll(async () => {
  reviews = await startServiceApp(createReviewsApp, loadConfig(testServiceEnv(SCHEMA, { REPORTS_PER_DAY: String(REPORTS_PER_DAY) })));
  ({ app, base } = reviews);
  db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  await apply('brands.brand.created', { brandId: BRAND, name: 'Knits', imageUrl: '/brand-placeholder.svg', tags: [] });
  for (const member of [ada, grace, lin, capped, admin]) {
    await apply('identity.user.registered', {
      userId: member.id,
      email: `${member.id}@hunted.test`,
      firstName: member.firstName,
      lastName: member.lastName,
      profileImageUrl: null,
    });
  }
  const written = await post<Review>(`/api/brands/${BRAND}/reviews`, ada, {
    ...ratings,
    reviewText: 'Lovely jumpers.',
    photos: [imageDataUrl(TEST_PNG, 'image/png')],
  });
  expect(written.status).toBe(201);
  reviewId = written.body.id;
  photoUrl = written.body.photos[0]!;
  expect((await post(`/api/brands/${BRAND}/reviews`, grace, ratings)).status).toBe(201);
});

afterAll(async () => {
  await db?.end();
  await reviews?.close();
});

describe('reporting', () => {
  it('takes a member’s report once, never its author’s, and answers what is wrong with the rest', async () => {
    const path = `/api/reports/brand-review/${reviewId}`;
    expect((await post(path, null, { reason: 'spam' })).status).toBe(401);
    expect(await post(path, ada, { reason: 'spam' })).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.ownItem } });
    expect(await post(path, grace, { reason: 'rude' })).toMatchObject({ status: 400, body: { errors: { reason: MODERATION_MESSAGES.reason } } });
    expect(await post(path, grace, { reason: 'spam', details: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { errors: { details: MODERATION_MESSAGES.detailsTooLong } },
    });
    expect(await post(path, grace, { reason: 'misleading', details: '  Not their photo  ' })).toMatchObject({
      status: 201,
      body: { kind: 'brand-review', itemId: reviewId, reported: true },
    });
    expect(await post(path, grace, { reason: 'spam' })).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.alreadyReported } });
    expect(await post('/api/reports/brand-review/999999', grace, { reason: 'spam' })).toMatchObject({
      status: 404,
      body: { message: MODERATION_MESSAGES.notFound },
    });
    // Brands are the brands service's kind, and a kind nobody owns is not there either.
    expect((await post(`/api/reports/brand/${BRAND}`, grace, { reason: 'spam' })).status).toBe(404);
    expect((await post('/api/reports/nonsense/1', grace, { reason: 'spam' })).status).toBe(404);

    const [item] = (await queue('brand-review')).filter((entry) => entry.itemId === reviewId);
    expect(item).toMatchObject({
      kind: 'brand-review',
      state: 'open',
      content: { title: `Review of brand ${BRAND}`, text: 'Lovely jumpers.', authorName: 'Ada Lovelace', href: `/brands/${BRAND}` },
      reports: [{ reason: 'misleading', details: 'Not their photo', open: true }],
      waitingSince: expect.any(String),
      appeal: null,
      decisions: [],
    });
  });

  it('caps a member’s reports a day: concurrent reports give exactly the cap', async () => {
    const ids: number[] = [];
    for (let i = 0; i < REPORTS_PER_DAY + 3; i++) ids.push(await comment(ada, `Comment ${i} for the cap`));
    const answers = await Promise.all(ids.map((id) => post(`/api/reports/comment/${id}`, capped, { reason: 'spam' })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(REPORTS_PER_DAY);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.message).toBe(MODERATION_MESSAGES.tooMany(REPORTS_PER_DAY));
    const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.content_reports where reporter_user_id = $1`, [capped.id]);
    expect(rows[0].n).toBe(REPORTS_PER_DAY);
  });

  it('refuses the admins’ routes to members and guests', async () => {
    expect((await get('/api/admin/moderation/brand-review', grace)).status).toBe(403);
    expect((await get('/api/admin/moderation/brand-review', null)).status).toBe(401);
    expect((await post(`/api/admin/moderation/brand-review/${reviewId}/hide`, grace, { reason: 'No' })).status).toBe(403);
    expect((await post(`/api/admin/moderation/brand-review/${reviewId}/dismiss`, ada, {})).status).toBe(403);
    expect((await get('/api/admin/moderation/brand-review?state=odd', admin)).status).toBe(400);
    expect((await get('/api/admin/moderation/brand', admin)).status).toBe(404);
  });
});

describe('a hidden brand review', () => {
  it('leaves the brand’s reviews, counts and photos, and is announced in the decision’s transaction', async () => {
    expect((await get<Review[]>(`/api/brands/${BRAND}/reviews?limit=10`)).total).toBe(2);
    expect((await post(`/api/admin/moderation/brand-review/${reviewId}/hide`, admin, { reason: '  ' })).status).toBe(400);
    const hidden = await post<ModerationItem>(`/api/admin/moderation/brand-review/${reviewId}/hide`, admin, { reason: 'Not their photo' });
    expect(hidden).toMatchObject({
      status: 200,
      body: {
        state: 'hidden',
        hiddenReason: 'Not their photo',
        waitingSince: null,
        reports: [{ reason: 'misleading', open: false }],
        decisions: [{ action: 'hidden', reason: 'Not their photo', decidedBy: 'Ann Admin', decidedAt: expect.any(String) }],
      },
    });

    const listed = await get<Review[]>(`/api/brands/${BRAND}/reviews?limit=10`);
    expect(listed.body.map((review) => review.id)).not.toContain(reviewId);
    expect(listed.total).toBe(1);
    const photos = await get<ReviewPhoto[]>(`/api/brands/${BRAND}/photos?limit=10`);
    expect(photos.body).toEqual([]);
    expect(photos.total).toBe(0);
    expect((await fetch(`${base}${photoUrl}`)).status).toBe(404);
    expect((await queue('brand-review')).map((item) => item.itemId)).not.toContain(reviewId);
    expect((await queue('brand-review', 'hidden')).map((item) => item.itemId)).toContain(reviewId);

    expect((await outbox<ModerationDecidedV1>('reviews.moderation.decided')).at(-1)).toEqual({
      kind: 'brand-review',
      itemId: reviewId,
      action: 'hidden',
      reason: 'Not their photo',
      authorUserId: ada.id,
      reporterUserIds: [grace.id],
      itemTitle: `Review of brand ${BRAND}`,
      noticePath: `/moderation/brand-review/${reviewId}`,
    });
    expect((await outbox<ReviewVisibilityChangedV1>('reviews.review.visibility-changed')).at(-1)).toEqual({
      reviewId,
      brandId: BRAND,
      hidden: true,
    });

    // A hidden item is not there to report, and hiding again is nothing to decide.
    expect(await post(`/api/reports/brand-review/${reviewId}`, lin, { reason: 'spam' })).toMatchObject({
      status: 404,
      body: { message: MODERATION_MESSAGES.notFound },
    });
    expect(await post(`/api/admin/moderation/brand-review/${reviewId}/hide`, admin, { reason: 'Again' })).toMatchObject({
      status: 409,
      body: { message: MODERATION_MESSAGES.nothingToDecide },
    });
  });

  it('shows its notice to its author and admins only', async () => {
    const notice = await get<ModerationNotice>(`/api/moderation/brand-review/${reviewId}`, ada);
    expect(notice).toMatchObject({
      status: 200,
      body: { kind: 'brand-review', itemId: reviewId, state: 'hidden', hiddenReason: 'Not their photo', hiddenAt: expect.any(String), appeal: null, canAppeal: true },
    });
    expect((await get(`/api/moderation/brand-review/${reviewId}`, admin)).status).toBe(200);
    expect(await get(`/api/moderation/brand-review/${reviewId}`, grace)).toMatchObject({ status: 404, body: { message: MODERATION_MESSAGES.notFound } });
    expect((await get(`/api/moderation/brand-review/${reviewId}`, null)).status).toBe(401);
  });

  it('takes its author’s one appeal back into the queue; dismissing it rejects the appeal and keeps it hidden', async () => {
    const path = `/api/moderation/brand-review/${reviewId}/appeal`;
    expect((await post(path, grace, { text: 'Show it' })).status).toBe(404);
    expect(await post(path, ada, { text: '  ' })).toMatchObject({ status: 400, body: { errors: { text: MODERATION_MESSAGES.appealText } } });
    const appealed = await post<ModerationNotice>(path, ada, { text: 'It is my own photo.' });
    expect(appealed).toMatchObject({ status: 200, body: { state: 'appealed', appeal: { text: 'It is my own photo.' }, canAppeal: false } });
    expect(await post(path, ada, { text: 'Again' })).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.alreadyAppealed } });
    const [waiting] = (await queue('brand-review')).filter((item) => item.itemId === reviewId);
    expect(waiting).toMatchObject({ state: 'appealed', waitingSince: expect.any(String), appeal: { text: 'It is my own photo.' } });

    const rejected = await post<ModerationItem>(`/api/admin/moderation/brand-review/${reviewId}/dismiss`, admin, { reason: 'It is not' });
    expect(rejected).toMatchObject({ status: 200, body: { state: 'hidden' } });
    expect(rejected.body.decisions.map((decision) => decision.action)).toEqual(['hidden', 'appeal-rejected']);
    expect((await outbox<ModerationDecidedV1>('reviews.moderation.decided')).at(-1)).toMatchObject({
      action: 'appeal-rejected',
      reporterUserIds: [],
      authorUserId: ada.id,
    });
    expect((await get<Review[]>(`/api/brands/${BRAND}/reviews?limit=10`)).total).toBe(1);
    expect(await post(path, ada, { text: 'Please' })).toMatchObject({ status: 409, body: { message: MODERATION_MESSAGES.alreadyAppealed } });
    expect((await get<ModerationNotice>(`/api/moderation/brand-review/${reviewId}`, ada)).body.canAppeal).toBe(false);
    // The database keeps the one appeal, whatever asks.
    await expect(db.query(`update ${SCHEMA}.moderation_cases set appeal_text = 'Another' where item_id = $1 and kind = 'brand-review'`, [reviewId])).rejects.toThrow(
      /one appeal/,
    );
  });

  it('comes back to every read when restored', async () => {
    const restored = await post<ModerationItem>(`/api/admin/moderation/brand-review/${reviewId}/restore`, admin, {});
    expect(restored).toMatchObject({ status: 200, body: { state: 'closed', hiddenReason: null } });
    const listed = await get<Review[]>(`/api/brands/${BRAND}/reviews?limit=10`);
    expect(listed.total).toBe(2);
    expect(listed.body.map((review) => review.id)).toContain(reviewId);
    expect((await get<ReviewPhoto[]>(`/api/brands/${BRAND}/photos?limit=10`)).total).toBe(1);
    expect((await fetch(`${base}${photoUrl}`)).status).toBe(200);
    expect((await outbox<ReviewVisibilityChangedV1>('reviews.review.visibility-changed')).at(-1)).toEqual({ reviewId, brandId: BRAND, hidden: false });
    expect((await post(`/api/admin/moderation/brand-review/${reviewId}/restore`, admin, {})).status).toBe(409);
    // A new report opens the closed case again.
    expect((await post(`/api/reports/brand-review/${reviewId}`, lin, { reason: 'spam' })).status).toBe(201);
    expect((await queue('brand-review')).find((item) => item.itemId === reviewId)).toMatchObject({ state: 'open' });
  });

  it('lists every case with state=all, closed ones too', async () => {
    const commentId = await comment(grace, 'A comment to dismiss');
    expect((await post(`/api/reports/comment/${commentId}`, lin, { reason: 'other' })).status).toBe(201);
    expect((await post(`/api/admin/moderation/comment/${commentId}/dismiss`, admin, { reason: 'Fine' })).status).toBe(200);
    expect((await queue('comment')).map((item) => item.itemId)).not.toContain(commentId);
    expect((await queue('comment', 'all')).find((item) => item.itemId === commentId)).toMatchObject({ state: 'closed' });
  });
});

describe('comments', () => {
  it('dismissing reports keeps a comment shown; hiding takes it out of the list and its count', async () => {
    const commentId = await comment(grace, 'Do they ship to Spain?');
    expect((await post(`/api/reports/comment/${commentId}`, lin, { reason: 'spam' })).status).toBe(201);
    const dismissed = await post<ModerationItem>(`/api/admin/moderation/comment/${commentId}/dismiss`, admin, {});
    expect(dismissed).toMatchObject({ status: 200, body: { state: 'closed', decisions: [{ action: 'dismissed', reason: null }] } });
    expect((await outbox<ModerationDecidedV1>('reviews.moderation.decided')).at(-1)).toMatchObject({
      kind: 'comment',
      action: 'dismissed',
      reporterUserIds: [lin.id],
      authorUserId: grace.id,
    });
    // Never hidden: no notice, nothing to appeal.
    expect((await get(`/api/moderation/comment/${commentId}`, grace)).status).toBe(404);
    expect(await post(`/api/moderation/comment/${commentId}/appeal`, grace, { text: 'Why?' })).toMatchObject({
      status: 409,
      body: { message: MODERATION_MESSAGES.notHidden },
    });

    const before = await get<Comment[]>(`/api/brands/${BRAND}/comments?limit=50`);
    expect((await post(`/api/reports/comment/${commentId}`, ada, { reason: 'abuse' })).status).toBe(201);
    expect((await post(`/api/admin/moderation/comment/${commentId}/hide`, admin, { reason: 'Off topic' })).status).toBe(200);
    const after = await get<Comment[]>(`/api/brands/${BRAND}/comments?limit=50`);
    expect(after.total).toBe(before.total - 1);
    expect(after.body.map((entry) => entry.id)).not.toContain(commentId);
    expect((await get<ModerationNotice>(`/api/moderation/comment/${commentId}`, grace)).body).toMatchObject({ state: 'hidden', canAppeal: true });
  });
});
