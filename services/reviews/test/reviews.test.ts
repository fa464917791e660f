import { randomUUID } from 'node:crypto';
import type { Comment, EventPayload, EventType, IntegrationEvent, Review, ReviewPhoto } from '@hunted/contracts';
import { EventConsumer, IDENTITY_HEADER, toStreamFields } from '@hunted/platform';
import {
  imageDataUrl,
  imageMetadataOf,
  jpegWithGps,
  noisePng,
  startServiceApp,
  TEST_GIF,
  TEST_JPEG,
  TEST_PNG,
  TEST_DATABASE_URL,
  testIdentityHeaders,
  testIdentityToken,
  TEST_REDIS_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const SCHEMA = 'reviews_api_it';
const REDIS_PREFIX = `test:reviews-api:${process.pid}:`;
/** What brand events carry besides the id and name since issue 25; reviews' copy keeps neither. */
const NO_IMAGE_OR_TAGS = { imageUrl: '/brand-placeholder.svg', tags: [] as string[] };
const MB = 1024 * 1024;

// Real images: every photo is decoded in full before it is stored.
const PNG = TEST_PNG;
const JPEG = TEST_JPEG;
const GIF = TEST_GIF;
const dataUrl = (mime: string, bytes: Buffer) => imageDataUrl(bytes, mime);
/** A png of exactly `size` bytes (its signature, then zeros): refused by its size before it is decoded. */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
/** A real png of random pixels (which do not compress) of about 9.5 MB, under the 10 MB limit once re-encoded too. */
const largestPng = () => noisePng(1780, 1780);

/** The daily allowance of review photos this file's service is started with (the default is 30, and 50 MB). */
const PHOTOS_PER_DAY = 6;

const ratings = { speedRating: 5, easeRating: 4, qualityRating: 4, sustainabilityRating: 4 };

interface Member {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

const ada: Member = { id: 'user-ada', firstName: 'Ada', lastName: 'Lovelace' };
const grace: Member = { id: 'user-grace', firstName: 'Grace', lastName: null };
const nameless: Member = { id: 'user-nameless', firstName: null, lastName: null };

let reviews: RunningServiceApp<NestFastifyApplication>;
let app: NestFastifyApplication;
let base: string;
let db: pg.Client;

async function headersOf(member: Member | null): Promise<Record<string, string>> {
  const identity = member ? await testIdentityHeaders({ ...member, email: `${member.id}@hunted.test`, isAdmin: false }, 'reviews') : {};
  return { 'content-type': 'application/json', ...identity };
}

async function post(path: string, member: Member | null, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: await headersOf(member), body: JSON.stringify(body) });
}

function event<T extends EventType>(type: T, data: EventPayload<T>, occurredAt = new Date()): IntegrationEvent<T> {
  return { id: randomUUID(), type, version: 1, occurredAt: occurredAt.toISOString(), data } as IntegrationEvent<T>;
}

async function apply<T extends EventType>(type: T, data: EventPayload<T>, occurredAt?: Date): Promise<boolean> {
  return app.get(EventConsumer).apply(event(type, data, occurredAt));
}

async function register(member: Member, profileImageUrl: string | null = null): Promise<void> {
  await apply('identity.user.registered', {
    userId: member.id,
    email: `${member.id}@hunted.test`,
    firstName: member.firstName,
    lastName: member.lastName,
    profileImageUrl,
  });
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from ${SCHEMA}.${sql}`, params);
  return Number(rows[0]!.n);
}

async function reviewsOf(brandId: number): Promise<Review[]> {
  const response = await fetch(`${base}/api/brands/${brandId}/reviews`);
  expect(response.status).toBe(200);
  return (await response.json()) as Review[];
}

async function commentsOf(brandId: number): Promise<Comment[]> {
  const response = await fetch(`${base}/api/brands/${brandId}/comments`);
  expect(response.status).toBe(200);
  return (await response.json()) as Comment[];
}

beforeAll(async () => {
  reviews = await startServiceApp(
    createReviewsApp,
    loadConfig(testServiceEnv(SCHEMA, { REDIS_PREFIX, REVIEW_PHOTOS_PER_DAY: String(PHOTOS_PER_DAY) })),
  );
  ({ app, base } = reviews);
  db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  for (const brandId of [1, 2, 3, 4]) await apply('brands.brand.created', { brandId, name: `Brand ${brandId}`, ...NO_IMAGE_OR_TAGS });
  await register(ada, '/api/auth/avatars/0b6f1f4e-8a59-4a8e-9d55-3f1d2a1b0c9e');
  await register(grace);
  await register(nameless);
});

afterAll(async () => {
  await db?.end();
  await reviews?.close();
});

describe('reviews', () => {
  let adaReview: Review;

  it('answers 404 for a brand it does not know, or an id that cannot be one', async () => {
    // Brand 1 exists: other spellings of its id ('01', '1e0', '0x1') name no brand, as on the brands service.
    const spellings = ['/api/brands/01/reviews', '/api/brands/1e0/comments', '/api/brands/0x1/reviews'];
    for (const path of ['/api/brands/999/reviews', '/api/brands/abc/reviews', '/api/brands/999/comments', ...spellings]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Brand not found' });
    }
    const response = await post('/api/brands/999/reviews', ada, ratings);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Brand not found' });
  });

  it('refuses a guest with 401', async () => {
    expect((await post('/api/brands/1/reviews', null, ratings)).status).toBe(401);
    expect(await count('reviews')).toBe(0);
  });

  it('refuses a token the gateway signed for brands: it is a guest here', async () => {
    const forBrands = await testIdentityToken({ ...ada, email: 'user-ada@hunted.test', isAdmin: true }, 'brands');
    const response = await fetch(`${base}/api/brands/1/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: forBrands },
      body: JSON.stringify(ratings),
    });
    expect(response.status).toBe(401);
    expect(await count('reviews')).toBe(0);
  });

  it('stores a review: server-computed rating, the caller as author, markup kept as text, photos as URLs', async () => {
    const text = '<script>alert("x")</script> <b>Great</b> & fast';
    const response = await post('/api/brands/1/reviews', ada, {
      ...ratings,
      reviewText: text,
      photos: [dataUrl('image/png', PNG), dataUrl('image/jpeg', JPEG)],
      // What the spec's client also sends; none of it may count.
      brandId: 2,
      userId: 'user-mallory',
      rating: 1,
    });
    expect(response.status).toBe(201);
    adaReview = (await response.json()) as Review;
    expect(adaReview).toMatchObject({
      brandId: 1,
      userId: ada.id,
      userName: 'Ada Lovelace',
      rating: 4, // round((5 + 4 + 4 + 4) / 4) = round(4.25)
      ...ratings,
      reviewText: text,
    });
    expect(adaReview.photos).toHaveLength(2);
    for (const url of adaReview.photos) expect(url).toMatch(/^\/api\/media\/review-photos\/[0-9a-f-]{36}$/);
    expect(await reviewsOf(1)).toEqual([adaReview]);
    expect(await reviewsOf(2)).toEqual([]);
  });

  it('rounds the mean half up', async () => {
    const response = await post('/api/brands/3/reviews', ada, {
      speedRating: 3,
      easeRating: 3,
      qualityRating: 4,
      sustainabilityRating: 4,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ rating: 4, reviewText: null, photos: [] });
  });

  it('publishes reviews.review.created with the write', async () => {
    const { rows } = await db.query(
      `select data from ${SCHEMA}.outbox where type = 'reviews.review.created' order by id`,
    );
    expect(rows.map((row) => row.data)).toContainEqual({
      reviewId: adaReview.id,
      brandId: 1,
      userId: ada.id,
      rating: 4,
    });
  });

  it('answers 409 for a second review of the same brand, and writes nothing', async () => {
    const response = await post('/api/brands/1/reviews', ada, { ...ratings, reviewText: 'again' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: 'You have already reviewed this brand.' });
    expect(await count('reviews where brand_id = 1')).toBe(1);
    expect(await count(`outbox where type = 'reviews.review.created' and (data->>'brandId')::int = 1`)).toBe(1);
  });

  it('lets the database decide a race between two first reviews', async () => {
    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => post('/api/brands/4/reviews', grace, ratings)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await count('reviews where brand_id = 4')).toBe(1);
  });

  describe('validation', () => {
    const cases: [string, object, string, string | RegExp][] = [
      [
        'a missing rating',
        { speedRating: 5, easeRating: 4, qualityRating: 4 },
        'sustainabilityRating',
        'Please rate all categories to submit your review',
      ],
      [
        'a rating of 0',
        { ...ratings, speedRating: 0 },
        'speedRating',
        'Speed rating must be a whole number from 1 to 5',
      ],
      ['a rating of 6', { ...ratings, easeRating: 6 }, 'easeRating', 'Ease rating must be a whole number from 1 to 5'],
      [
        'a fractional rating',
        { ...ratings, qualityRating: 3.5 },
        'qualityRating',
        'Quality rating must be a whole number from 1 to 5',
      ],
      [
        'a rating as text',
        { ...ratings, qualityRating: '4' },
        'qualityRating',
        'Quality rating must be a whole number from 1 to 5',
      ],
      [
        'text over 2000 characters',
        { ...ratings, reviewText: 'x'.repeat(2001) },
        'reviewText',
        'Review text must be at most 2000 characters',
      ],
      [
        'four photos',
        { ...ratings, photos: Array(4).fill(dataUrl('image/png', PNG)) },
        'photos',
        'You can add up to 3 photos',
      ],
      [
        'a photo that is not an image',
        { ...ratings, photos: [dataUrl('image/png', Buffer.from('hello, not a picture'))] },
        'photos',
        'Only image files can be uploaded',
      ],
      [
        'a photo claiming to be png with jpeg bytes',
        { ...ratings, photos: [dataUrl('image/png', JPEG)] },
        'photos',
        'Only image files can be uploaded',
      ],
      [
        'an svg',
        { ...ratings, photos: [dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))] },
        'photos',
        'Only image files can be uploaded',
      ],
      [
        'a photo that is not a data URL',
        { ...ratings, photos: ['https://elsewhere.example/a.png'] },
        'photos',
        'Only image files can be uploaded',
      ],
      [
        'the second photo bad',
        { ...ratings, photos: [dataUrl('image/png', PNG), dataUrl('text/plain', PNG)] },
        'photos',
        'Photo 2: Only image files can be uploaded',
      ],
      ['an unknown field', { ...ratings, isVerified: true }, 'isVerified', /should not exist/],
    ];

    it.each(cases)('refuses %s with 400 and the field named', async (_name, body, field, message) => {
      const response = await post('/api/brands/2/reviews', grace, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { statusCode: number; message: string; errors: Record<string, string> };
      expect(answer.statusCode).toBe(400);
      expect(answer.errors[field]).toMatch(message);
      expect(await count('reviews where brand_id = 2')).toBe(0);
    });

    it('refuses a photo of 10 MB (10,485,760 bytes) and says its size; accepts a real one under it', async () => {
      const tooBig = await post('/api/brands/2/reviews', grace, {
        ...ratings,
        photos: [dataUrl('image/png', pngOfSize(10 * MB))],
      });
      expect(tooBig.status).toBe(400);
      const answer = (await tooBig.json()) as { errors: Record<string, string> };
      expect(answer.errors.photos).toBe('File too large: 10.0 MB; the limit is 10 MB');
      expect(await count('reviews where brand_id = 2')).toBe(0);

      const justUnder = await post('/api/brands/2/reviews', grace, {
        ...ratings,
        photos: [dataUrl('image/png', await largestPng()), dataUrl('image/gif', GIF)],
      });
      expect(justUnder.status).toBe(201);
      const review = (await justUnder.json()) as Review;
      const { rows } = await db.query<{ byte_length: number; content_type: string }>(
        `select byte_length, content_type from ${SCHEMA}.review_photos where review_id = $1 order by position`,
        [review.id],
      );
      expect(rows.map((row) => row.content_type)).toEqual(['image/png', 'image/gif']);
      expect(rows[0]!.byte_length).toBeGreaterThan(9 * MB);
      expect(rows[0]!.byte_length).toBeLessThan(10 * MB);
    });

    it('takes three photos of the largest size in one request (the service body limit fits them)', async () => {
      const photo = dataUrl('image/png', await largestPng());
      const response = await post('/api/brands/3/reviews', nameless, { ...ratings, photos: [photo, photo, photo] });
      expect(response.status).toBe(201);
      expect(((await response.json()) as Review).photos).toHaveLength(3);
    });

    it('keeps a page of reviews small however large its photos are', async () => {
      const response = await fetch(`${base}/api/brands/2/reviews`);
      const body = await response.text();
      expect(body.length).toBeLessThan(2_000);
      const [review] = JSON.parse(body) as Review[];
      expect(review!.photos).toHaveLength(2);
    });
  });

  describe('photos', () => {
    it('serves the stored bytes with their own type and a long-lived cache header', async () => {
      const [pngUrl, jpegUrl] = adaReview.photos;
      const png = await fetch(`${base}${pngUrl}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(png.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await imageMetadataOf(Buffer.from(await png.arrayBuffer()))).format).toBe('png');
      const jpeg = await fetch(`${base}${jpegUrl}`);
      expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
      expect((await imageMetadataOf(Buffer.from(await jpeg.arrayBuffer()))).format).toBe('jpeg');
    });

    it('stores a photo without its EXIF (GPS position and all) or XMP, turned upright', async () => {
      const author: Member = { id: 'user-gps', firstName: 'Gia', lastName: null };
      await apply('brands.brand.created', { brandId: 90, name: 'Brand 90', ...NO_IMAGE_OR_TAGS });
      const response = await post('/api/brands/90/reviews', author, { ...ratings, photos: [dataUrl('image/jpeg', await jpegWithGps())] });
      expect(response.status).toBe(201);
      const [url] = ((await response.json()) as Review).photos;
      const stored = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
      const metadata = await imageMetadataOf(stored);
      expect(metadata).toMatchObject({ format: 'jpeg', width: 2, height: 4 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    });

    it(`takes at most ${PHOTOS_PER_DAY} photos a day from a member (REVIEW_PHOTOS_PER_DAY); beyond, 429 naming the limit and nothing stored`, async () => {
      const author: Member = { id: 'user-many-photos', firstName: 'Max', lastName: null };
      for (const brandId of [91, 92, 93]) await apply('brands.brand.created', { brandId, name: `Brand ${brandId}`, ...NO_IMAGE_OR_TAGS });
      const three = Array.from({ length: 3 }, () => dataUrl('image/png', PNG));
      expect((await post('/api/brands/91/reviews', author, { ...ratings, photos: three })).status).toBe(201);
      expect((await post('/api/brands/92/reviews', author, { ...ratings, photos: three })).status).toBe(201);
      const over = await post('/api/brands/93/reviews', author, { ...ratings, photos: [dataUrl('image/png', PNG)] });
      expect(over.status).toBe(429);
      expect(await over.json()).toMatchObject({ message: `You can upload ${PHOTOS_PER_DAY} review photos a day; try again tomorrow` });
      expect(await count('reviews where user_id = $1', [author.id])).toBe(2);
      expect(await count('review_photos p join reviews_api_it.reviews r on r.id = p.review_id where r.user_id = $1', [author.id])).toBe(6);
      expect(await count(`outbox where type = 'reviews.review.created' and data->>'userId' = $1`, [author.id])).toBe(2);
      // A review without photos spends nothing of it.
      expect((await post('/api/brands/93/reviews', author, ratings)).status).toBe(201);
    });

    it('refuses a photo that is cut short before anything is stored', async () => {
      const author: Member = { id: 'user-cut-photo', firstName: 'Cy', lastName: null };
      const cut = await post('/api/brands/90/reviews', author, { ...ratings, photos: [dataUrl('image/png', PNG.subarray(0, PNG.length - 20))] });
      expect(cut.status).toBe(400);
      expect(((await cut.json()) as { errors: Record<string, string> }).errors.photos).toMatch(/could not be read/);
      expect(await count('reviews where user_id = $1', [author.id])).toBe(0);
    });

    it('answers 404 for an unknown photo or a malformed id', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const response = await fetch(`${base}/api/media/review-photos/${id}`);
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ message: 'Photo not found' });
      }
    });
  });
});

describe('comments', () => {
  it('refuses a guest with 401', async () => {
    expect((await post('/api/brands/1/comments', null, { content: 'hello' })).status).toBe(401);
  });

  it.each([
    [{ content: '' }, 'Comment cannot be empty'],
    [{ content: '   \n ' }, 'Comment cannot be empty'],
    [{}, 'Comment cannot be empty'],
    [{ content: 'x'.repeat(501) }, 'Comment must be at most 500 characters'],
  ])('refuses %j with 400', async (body, message) => {
    const response = await post('/api/brands/1/comments', ada, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message, errors: { content: message } });
    expect(await count('comments')).toBe(0);
  });

  it('answers 404 when posting on an unknown brand', async () => {
    const response = await post('/api/brands/999/comments', ada, { content: 'hello' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Brand not found' });
  });

  it('stores trimmed plain text, markup and all, and lists newest first with names and avatars', async () => {
    const first = await post('/api/brands/1/comments', ada, { content: `  ${'y'.repeat(500)}  ` });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ content: 'y'.repeat(500), userId: ada.id, brandId: 1 });

    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const second = await post('/api/brands/1/comments', nameless, { content: markup, userId: 'user-mallory' });
    expect(second.status).toBe(400); // userId is not a field of a comment

    const third = await post('/api/brands/1/comments', nameless, { content: markup });
    expect(third.status).toBe(201);

    const comments = await commentsOf(1);
    expect(comments.map((c) => [c.userId, c.userName, c.userProfileImage, c.content])).toEqual([
      [nameless.id, 'Anonymous', null, markup],
      [ada.id, 'Ada Lovelace', '/api/auth/avatars/0b6f1f4e-8a59-4a8e-9d55-3f1d2a1b0c9e', 'y'.repeat(500)],
    ]);
  });

  it('names a member whose registration has not arrived yet from their sign-in, until identity says more', async () => {
    const newcomer: Member = { id: 'user-newcomer', firstName: 'Nia', lastName: 'Okafor' };
    const response = await post('/api/brands/2/comments', newcomer, { content: 'first!' });
    expect(await response.json()).toMatchObject({ userName: 'Nia Okafor', userProfileImage: null });
    await register({ ...newcomer, lastName: 'Okafor-Smith' }, '/api/auth/avatars/x');
    expect((await commentsOf(2))[0]).toMatchObject({
      userName: 'Nia Okafor-Smith',
      userProfileImage: '/api/auth/avatars/x',
    });
  });
});

describe('paging', () => {
  it('answers a page of comments newest first with the total, and refuses a bad page', async () => {
    await apply('brands.brand.created', { brandId: 70, name: 'Talked about', ...NO_IMAGE_OR_TAGS });
    await register(ada);
    for (let i = 1; i <= 7; i++) expect((await post('/api/brands/70/comments', ada, { content: `comment ${i}` })).status).toBe(201);

    const whole = (await (await fetch(`${base}/api/brands/70/comments`)).json()) as { content: string }[];
    expect(whole).toHaveLength(7);
    const page = await fetch(`${base}/api/brands/70/comments?limit=3&offset=3`);
    expect(page.headers.get('x-total-count')).toBe('7');
    expect(((await page.json()) as { content: string }[]).map((c) => c.content)).toEqual(
      whole.slice(3, 6).map((c) => c.content),
    );
    expect((await fetch(`${base}/api/brands/70/comments?limit=0`)).status).toBe(400);
    expect((await fetch(`${base}/api/brands/70/comments?limit=101`)).status).toBe(400);
    expect((await fetch(`${base}/api/brands/70/comments?offset=-1`)).status).toBe(400);
  });

  it('caps limit at 100 and offset at 10,000 on every list, naming the parameter', async () => {
    await apply('brands.brand.created', { brandId: 74, name: 'Capped', ...NO_IMAGE_OR_TAGS });
    for (const list of ['comments', 'reviews', 'photos']) {
      const deep = await fetch(`${base}/api/brands/74/${list}?limit=10&offset=10001`);
      expect(deep.status, list).toBe(400);
      expect(((await deep.json()) as { errors: Record<string, string> }).errors, list).toEqual({
        offset: 'offset must be at most 10000',
      });
      const wide = await fetch(`${base}/api/brands/74/${list}?limit=101`);
      expect(((await wide.json()) as { errors: Record<string, string> }).errors, list).toEqual({
        limit: 'limit must be at most 100',
      });
      const edge = await fetch(`${base}/api/brands/74/${list}?limit=100&offset=10000`);
      expect(edge.status, list).toBe(200);
      expect(edge.headers.get('x-total-count'), list).toBe('0');
      const unknown = await fetch(`${base}/api/brands/74/${list}?sort=new`);
      expect(unknown.status, list).toBe(400);
      expect(((await unknown.json()) as { errors: Record<string, string> }).errors, list).toEqual({
        sort: 'property sort should not exist',
      });
      // The path is read first: a brand that cannot exist is 404 whatever the query says.
      expect((await fetch(`${base}/api/brands/abc/${list}?limit=0`)).status, list).toBe(404);
    }
  });

  it('pages reviews the same way', async () => {
    await apply('brands.brand.created', { brandId: 71, name: 'Reviewed a lot', ...NO_IMAGE_OR_TAGS });
    for (const member of [ada, grace, nameless]) {
      await register(member);
      expect((await post('/api/brands/71/reviews', member, ratings)).status).toBe(201);
    }
    const page = await fetch(`${base}/api/brands/71/reviews?limit=2`);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await page.json()) as unknown[]).toHaveLength(2);
  });
  it('pages the photos the same way, each page in the whole list\'s order', async () => {
    await apply('brands.brand.created', { brandId: 72, name: 'Photographed a lot', ...NO_IMAGE_OR_TAGS });
    for (let i = 0; i < 4; i++) {
      const member: Member = { id: `user-photographer-${i}`, firstName: `Photographer ${i}`, lastName: null };
      const photos = Array.from({ length: i % 3 === 0 ? 2 : 1 }, () => dataUrl('image/png', PNG));
      expect((await post('/api/brands/72/reviews', member, { ...ratings, photos })).status).toBe(201);
    }
    const whole = (await (await fetch(`${base}/api/brands/72/photos`)).json()) as ReviewPhoto[];
    expect(whole).toHaveLength(6);
    const pages: ReviewPhoto[] = [];
    for (const offset of [0, 4]) {
      const page = await fetch(`${base}/api/brands/72/photos?limit=4&offset=${offset}`);
      expect(page.headers.get('x-total-count')).toBe('6');
      pages.push(...((await page.json()) as ReviewPhoto[]));
    }
    expect(pages).toEqual(whole);
    const beyond = await fetch(`${base}/api/brands/72/photos?limit=4&offset=8`);
    expect(beyond.headers.get('x-total-count')).toBe('6');
    expect(await beyond.json()).toEqual([]);
    expect((await fetch(`${base}/api/brands/72/photos?limit=500`)).status).toBe(400);
  });

  it('keeps the totals exact under a burst of concurrent reviews and comments on one brand', async () => {
    await apply('brands.brand.created', { brandId: 73, name: 'Busy', ...NO_IMAGE_OR_TAGS });
    const members: Member[] = Array.from({ length: 24 }, (_, i) => ({ id: `user-burst-${i}`, firstName: `Burst ${i}`, lastName: null }));
    const review = (i: number) => ({ ...ratings, photos: Array.from({ length: i % 4 }, () => dataUrl('image/png', PNG)) });
    const writes = await Promise.all([
      ...members.map((member, i) => post('/api/brands/73/reviews', member, review(i))),
      // Six members send the same review twice at once: one of the two is refused, and counted nowhere.
      ...members.slice(0, 6).map((member, i) => post('/api/brands/73/reviews', member, review(i))),
      ...members.map((member, i) => post('/api/brands/73/comments', member, { content: `burst comment ${i}` })),
    ]);
    const statuses = writes.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(48);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);

    const totalOf = async (list: string) =>
      (await fetch(`${base}/api/brands/73/${list}?limit=1`)).headers.get('x-total-count');
    expect(await totalOf('reviews')).toBe(String(await count('reviews where brand_id = 73')));
    expect(await totalOf('reviews')).toBe('24');
    expect(await totalOf('comments')).toBe('24');
    // Each review kept 0, 1, 2 or 3 photos: 6 × (0 + 1 + 2 + 3).
    expect(await totalOf('photos')).toBe('36');
  });
});

describe("the caller's review and the brand's photos", () => {
  const lin: Member = { id: 'user-lin', firstName: 'Lin', lastName: null };

  async function mine(brandId: number, member: Member | null): Promise<Response> {
    return fetch(`${base}/api/brands/${brandId}/reviews/mine`, { headers: await headersOf(member) });
  }

  it("answers the caller's own review, JSON null before they write one, 401 to a guest and 404 for an unknown brand", async () => {
    await apply('brands.brand.created', { brandId: 80, name: 'Mine to review', ...NO_IMAGE_OR_TAGS });
    expect((await mine(80, null)).status).toBe(401);
    const none = await mine(80, grace);
    expect(none.status).toBe(200);
    expect(await none.text()).toBe('null');

    expect((await post('/api/brands/80/reviews', ada, { ...ratings, reviewText: 'Ada here' })).status).toBe(201);
    expect((await post('/api/brands/80/reviews', grace, { ...ratings, reviewText: 'Grace here' })).status).toBe(201);
    const own = await mine(80, grace);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ brandId: 80, userId: grace.id, userName: 'Grace', reviewText: 'Grace here', rating: 4 });
    expect(((await (await mine(80, ada)).json()) as Review).reviewText).toBe('Ada here');

    const unknown = await mine(998, grace);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Brand not found' });
  });

  it('lists every photo of the brand, newest review first in each review\'s order, credited to the name now', async () => {
    await apply('brands.brand.created', { brandId: 81, name: 'Photographed', ...NO_IMAGE_OR_TAGS });
    await apply('brands.brand.created', { brandId: 82, name: 'Elsewhere', ...NO_IMAGE_OR_TAGS });
    await register(lin);
    const empty = await fetch(`${base}/api/brands/81/photos`);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);

    const write = async (brandId: number, member: Member, photos: string[]) => {
      const response = await post(`/api/brands/${brandId}/reviews`, member, { ...ratings, photos });
      expect(response.status).toBe(201);
      return (await response.json()) as Review;
    };
    const older = await write(81, lin, [dataUrl('image/png', PNG), dataUrl('image/jpeg', JPEG)]);
    await write(81, nameless, []);
    const newer = await write(81, grace, [dataUrl('image/gif', GIF)]);
    await write(82, ada, [dataUrl('image/png', PNG)]);
    const renamed = { userId: lin.id, email: `${lin.id}@hunted.test`, firstName: 'Lin', lastName: 'Wei', profileImageUrl: null, instagramUrl: null };
    expect(await apply('identity.user.updated', renamed, new Date(Date.now() + 1000))).toBe(true);

    const response = await fetch(`${base}/api/brands/81/photos`);
    expect(response.status).toBe(200);
    const photos = (await response.json()) as ReviewPhoto[];
    expect(photos).toEqual([
      { url: newer.photos[0], credit: 'Grace', reviewId: newer.id, position: 0 },
      { url: older.photos[0], credit: 'Lin Wei', reviewId: older.id, position: 0 },
      { url: older.photos[1], credit: 'Lin Wei', reviewId: older.id, position: 1 },
    ]);
    expect((await fetch(`${base}${photos[2]!.url}`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 404 for the photos of an unknown brand', async () => {
    for (const path of ['/api/brands/999/photos', '/api/brands/abc/photos', '/api/brands/01/photos']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Brand not found' });
    }
  });
});

describe('events', () => {
  it('shows a renamed member under their new name on reviews and comments; older news is ignored', async () => {
    const renamed = {
      userId: ada.id,
      email: `${ada.id}@hunted.test`,
      firstName: 'Augusta',
      lastName: 'King',
      profileImageUrl: null,
      instagramUrl: null,
    };
    expect(await apply('identity.user.updated', renamed)).toBe(true);
    expect((await reviewsOf(1))[0]).toMatchObject({ userId: ada.id, userName: 'Augusta King' });
    const comment = (await commentsOf(1)).find((c) => c.userId === ada.id);
    expect(comment).toMatchObject({ userName: 'Augusta King', userProfileImage: null });

    const stale = { ...renamed, firstName: 'Old', lastName: 'Name' };
    expect(await apply('identity.user.updated', stale, new Date(Date.now() - 60_000))).toBe(true);
    expect((await reviewsOf(1))[0]!.userName).toBe('Augusta King');
  });

  it('reads brands and identity events from their Redis streams, a repeated entry applied once', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const created = event('brands.brand.created', { brandId: 60, name: 'From the stream', ...NO_IMAGE_OR_TAGS });
      for (let i = 0; i < 2; i++) await redis.xadd(`${REDIS_PREFIX}events:brands`, '*', ...toStreamFields(created));
      await waitFor(
        'brand 60 from the stream',
        async () => (await count('inbox where event_id = $1', [created.id])) === 1,
      );
      expect(await count('brands where brand_id = 60')).toBe(1);
      expect((await fetch(`${base}/api/brands/60/reviews`)).status).toBe(200);
    } finally {
      await redis.quit();
    }
  });

  it('applies a duplicated event once', async () => {
    const created = event('brands.brand.created', { brandId: 50, name: 'Twice', ...NO_IMAGE_OR_TAGS });
    const consumer = app.get(EventConsumer);
    expect(await consumer.apply(created)).toBe(true);
    expect(await consumer.apply(created)).toBe(false);
    expect(await count('brands where brand_id = 50')).toBe(1);
    expect(await count('inbox where event_id = $1', [created.id])).toBe(1);
  });

  it('removes a deleted brand with its reviews, photos and comments', async () => {
    const photoUrls = (await reviewsOf(1)).flatMap((review) => review.photos);
    expect(photoUrls).toHaveLength(2);
    expect(await count('comments where brand_id = 1')).toBe(2);
    const untouched = await count('reviews where brand_id <> 1');

    expect(await apply('brands.brand.deleted', { brandId: 1 })).toBe(true);

    expect((await fetch(`${base}/api/brands/1/reviews`)).status).toBe(404);
    expect((await fetch(`${base}/api/brands/1/comments`)).status).toBe(404);
    for (const url of photoUrls) expect((await fetch(`${base}${url}`)).status).toBe(404);
    expect(await count('reviews where brand_id = 1')).toBe(0);
    expect(await count('comments where brand_id = 1')).toBe(0);
    expect(
      await count(`review_photos p where not exists (select 1 from ${SCHEMA}.reviews r where r.id = p.review_id)`),
    ).toBe(0);
    expect(await count('reviews where brand_id <> 1')).toBe(untouched);
    expect((await post('/api/brands/1/reviews', grace, ratings)).status).toBe(404);
  });
});

describe('list totals', () => {
  it("equal what each brand's lists hold, after everything above (cascades and races included)", async () => {
    const { rows } = await db.query<{ brand_id: number }>(`
      select b.brand_id from ${SCHEMA}.brands b
      where b.review_count <> (select count(*) from ${SCHEMA}.reviews r where r.brand_id = b.brand_id)
         or b.comment_count <> (select count(*) from ${SCHEMA}.comments c where c.brand_id = b.brand_id)
         or b.photo_count <> (select count(*) from ${SCHEMA}.review_photos p join ${SCHEMA}.reviews r on r.id = p.review_id
                              where r.brand_id = b.brand_id)`);
    expect(rows).toEqual([]);
    expect(await count('brands where review_count > 0')).toBeGreaterThan(3);
  });
});
