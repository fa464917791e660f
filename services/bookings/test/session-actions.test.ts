import {
  AVAILABILITY_SLOTS,
  BOOKING_ACTION_MESSAGES,
  BOOKING_ERRORS,
  DEFAULT_PASSPORT_SHARES,
  londonDateOf,
  PASSPORT_MESSAGES,
  type AdminBookingDispute,
  type BookingDetail,
  type HunterBooking,
  type MyBooking,
  type PassportShares,
} from '@hunted/contracts';
import { setClockOffset } from '@hunted/platform';
import { imageDataUrl, imageMetadataOf, noisePng, TEST_PNG, testIdentityHeaders, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BookingCompletionJob } from '../src/bookings/booking-completion.job.js';
import { alternatingClient, type ApiAnswer } from './support/alternating-client.js';
import {
  dayAhead,
  holdBody,
  paymentBody,
  seedHunter,
  startBookings,
  WITH_FREE_QUESTION,
  type RunningBookings,
} from './support/bookings-fixture.js';

const SCHEMA = 'bookings_session_actions_it';
const HUNTER_ID = 31;
const HUNTER_USER = 'u-hunter-31';
const HOUR_MS = 3_600_000;
const PHONE = '+447700900123';

/** A real image: every upload is decoded in full before it is stored. */
const PNG_URL = imageDataUrl(TEST_PNG);
/** The daily allowance this file's service is started with (the defaults are 30 photos and 50 MB). */
const PHOTOS_PER_DAY = 5;
const PHOTO_MB_PER_DAY = 0.5;

describe('bookings: the session itself (question and photos, joining, hunter actions, disputes)', () => {
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  const call = alternatingClient(() => (running?.apps ?? []).map((a) => a.base));

  async function admin(method: string, path: string, body?: unknown): Promise<ApiAnswer & { total: string | null }> {
    const headers = await testIdentityHeaders(
      { id: 'u-admin', email: 'admin@hunted.test', firstName: 'Ada', lastName: 'Admin', isAdmin: true },
      'bookings',
    );
    const response = await fetch(`${app.base}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      total: response.headers.get('x-total-count'),
    };
  }

  /** A paid whatsappVideo booking of `client`, confirmed (the simulated intent), with what the hold was given. */
  async function bookPaid(
    client: string,
    date: string,
    time: string,
    extra: { notes?: string; photoIds?: string[]; passport?: PassportShares } = {},
  ): Promise<string> {
    const held = await call(client, 'POST', '/api/create-payment-intent', { ...holdBody(HUNTER_ID, date, time), ...extra });
    expect(held.status).toBe(200);
    const id = String(held.body.bookingId);
    expect((await call(client, 'POST', '/api/bookings', paymentBody(HUNTER_ID, id))).status).toBe(201);
    return id;
  }

  async function bookFree(
    client: string,
    date: string,
    time: string,
    sessionType: 'askQuestion' | 'inPerson',
    extra: { notes?: string | null; photoIds?: string[]; passport?: PassportShares } = {},
  ): Promise<ApiAnswer> {
    return call(client, 'POST', '/api/bookings', {
      hunterId: HUNTER_ID,
      sessionType,
      sessionDate: date,
      sessionTime: time,
      stripePaymentIntentId: null,
      expressRequest: true,
      ...extra,
    });
  }

  async function upload(user: string): Promise<{ id: string; url: string }> {
    const uploaded = await call(user, 'POST', '/api/booking-photos', { photo: PNG_URL });
    expect(uploaded.status).toBe(201);
    return uploaded.body as { id: string; url: string };
  }

  async function events(type: string, bookingId: string): Promise<Record<string, unknown>[]> {
    const { rows } = await db.query<{ data: Record<string, unknown> }>(
      `select data from ${SCHEMA}.outbox where type = $1 and data->>'bookingId' = $2 order by id`,
      [type, bookingId],
    );
    return rows.map((row) => row.data);
  }

  /** Moves the booking's session to [now + startHours, now + endHours) by the database's clock. */
  async function shift(bookingId: string, startHours: number, endHours: number): Promise<void> {
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() + make_interval(hours => $2::int),
         ends_at = now() + make_interval(hours => $3::int) where id = $1`,
      [bookingId, startHours, endHours],
    );
  }

  /** The status of a photo's URL for `user` (its bytes are not JSON). */
  const photoStatus = async (user: string, url: string) =>
    (
      await fetch(`${app.base}${url}`, {
        headers: await testIdentityHeaders(
          { id: user, email: `${user}@hunted.test`, firstName: 'Ann', lastName: user, isAdmin: false },
          'bookings',
        ),
      })
    ).status;

  const myRow = async (client: string, id: string) =>
    ((await call(client, 'GET', '/api/my-bookings?limit=100')).body as unknown as MyBooking[]).find((b) => b.id === id)!;
  const hunterRow = async (id: string) =>
    ((await call(HUNTER_USER, 'GET', '/api/hunter-bookings?limit=100')).body as unknown as HunterBooking[]).find(
      (b) => b.id === id,
    )!;
  const detail = async (user: string, id: string) =>
    (await call(user, 'GET', `/api/bookings/${id}`)).body as unknown as BookingDetail;

  beforeAll(async () => {
    running = await startBookings(SCHEMA, {
      env: { BOOKING_PHOTOS_PER_DAY: String(PHOTOS_PER_DAY), BOOKING_PHOTOS_MB_PER_DAY: String(PHOTO_MB_PER_DAY) },
    });
    app = running.apps[0]!;
    db = running.db;
    await seedHunter(db, SCHEMA, {
      id: HUNTER_ID,
      userId: HUNTER_USER,
      name: 'Sofia',
      sessionTypes: { ...WITH_FREE_QUESTION, inPerson: { enabled: true, price: 0, duration: 60 } },
      hours: [...AVAILABILITY_SLOTS],
    });
  }, 60_000);

  afterEach(() => setClockOffset(0));
  afterAll(() => running?.close());

  it('photos: stored only when their bytes are an image under 5 MB, served privately to the uploader only', async () => {
    const before = (await db.query(`select count(*)::int as n from ${SCHEMA}.booking_photos`)).rows[0].n as number;
    const text = await call('u-photo', 'POST', '/api/booking-photos', {
      photo: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`,
    });
    expect(text).toMatchObject({
      status: 400,
      body: { message: BOOKING_ACTION_MESSAGES.photoType, errors: { photo: BOOKING_ACTION_MESSAGES.photoType } },
    });
    const huge = await call('u-photo', 'POST', '/api/booking-photos', {
      photo: `data:image/png;base64,${'A'.repeat(Math.ceil(((5 * 1024 * 1024 + 64) * 4) / 3))}`,
    });
    expect(huge).toMatchObject({ status: 400, body: { errors: { photo: BOOKING_ACTION_MESSAGES.photoSize } } });
    expect((await call('u-photo', 'POST', '/api/booking-photos', {})).status).toBe(400);
    expect((await call(null, 'POST', '/api/booking-photos', { photo: PNG_URL })).status).toBe(401);
    expect((await db.query(`select count(*)::int as n from ${SCHEMA}.booking_photos`)).rows[0].n).toBe(before);

    const photo = await upload('u-photo');
    expect(photo.url).toBe(`/api/media/booking-photos/${photo.id}`);
    const served = await fetch(`${app.base}${photo.url}`, {
      headers: await testIdentityHeaders(
        { id: 'u-photo', email: 'u-photo@hunted.test', firstName: 'Ann', lastName: 'u-photo', isAdmin: false },
        'bookings',
      ),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/^private/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await imageMetadataOf(Buffer.from(await served.arrayBuffer()))).format).toBe('png');
    expect(await photoStatus('u-someone-else', photo.url)).toBe(404);
    expect(await photoStatus(HUNTER_USER, photo.url)).toBe(404);
    expect((await call(null, 'GET', photo.url)).status).toBe(401);
    expect((await call('u-photo', 'GET', '/api/media/booking-photos/not-a-uuid')).status).toBe(404);
  });

  it('a booking takes its question and photos: refused for another\'s photo, more than 3, or a question without notes; the hunter sees them', async () => {
    const client = 'u-asker';
    const date = dayAhead(3);
    const mine = await upload(client);
    const theirs = await upload('u-other-uploader');
    const notYours = await call(client, 'POST', '/api/create-payment-intent', {
      ...holdBody(HUNTER_ID, date, '09:00'),
      photoIds: [theirs.id],
    });
    expect(notYours).toMatchObject({
      status: 400,
      body: { errors: { photoIds: BOOKING_ACTION_MESSAGES.photoNotYours } },
    });
    // Refused before anything stayed: no hold was left behind.
    expect(
      (await db.query(`select count(*)::int as n from ${SCHEMA}.hunter_bookings where client_user_id = $1`, [client]))
        .rows[0].n,
    ).toBe(0);
    const four = await call(client, 'POST', '/api/create-payment-intent', {
      ...holdBody(HUNTER_ID, date, '09:00'),
      photoIds: [mine.id, theirs.id, crypto.randomUUID(), crypto.randomUUID()],
    });
    expect(four).toMatchObject({ status: 400, body: { errors: { photoIds: BOOKING_ACTION_MESSAGES.photoCount } } });
    const noQuestion = await bookFree(client, date, '12:00', 'askQuestion', { notes: '   ' });
    expect(noQuestion).toMatchObject({ status: 400, body: { errors: { notes: BOOKING_ACTION_MESSAGES.notesRequired } } });
    const tooLong = await call(client, 'POST', '/api/create-payment-intent', {
      ...holdBody(HUNTER_ID, date, '09:00'),
      notes: 'x'.repeat(1001),
    });
    expect(tooLong).toMatchObject({ status: 400, body: { errors: { notes: expect.any(String) } } });

    const id = await bookPaid(client, date, '09:00', { notes: '  Is this 1950s Levi\'s real?  ', photoIds: [mine.id] });
    const seen = await detail(client, id);
    expect(seen).toMatchObject({ notes: "Is this 1950s Levi's real?", photoUrls: [mine.url] });
    const [confirmed] = await events('bookings.booking.confirmed', id);
    expect(confirmed).toMatchObject({ notes: "Is this 1950s Levi's real?", photoUrls: [mine.url] });
    expect(await hunterRow(id)).toMatchObject({ notes: "Is this 1950s Levi's real?", photoUrls: [mine.url] });
    expect(await myRow(client, id)).toMatchObject({ photoUrls: [mine.url] });
    // The hunter of the booking may now see the photo; still nobody else.
    expect(await photoStatus(HUNTER_USER, mine.url)).toBe(200);
    expect(await photoStatus('u-someone-else', mine.url)).toBe(404);
    // A photo another booking took cannot be taken again.
    const again = await bookFree(client, dayAhead(4), '12:00', 'askQuestion', { notes: 'Q', photoIds: [mine.id] });
    expect(again).toMatchObject({ status: 400, body: { errors: { photoIds: BOOKING_ACTION_MESSAGES.photoNotYours } } });

    const free = await bookFree(client, dayAhead(4), '12:00', 'askQuestion', { notes: 'A question', photoIds: [] });
    expect(free).toMatchObject({ status: 201, body: { notes: 'A question', photoUrls: [] } });
    const [freeEvent] = await events('bookings.booking.confirmed', String(free.body.id));
    expect(freeEvent).toMatchObject({ notes: 'A question', photoUrls: [] });
    const freeWithPhoto = await upload(client);
    const second = await bookFree(client, dayAhead(5), '12:00', 'askQuestion', {
      notes: 'Another',
      photoIds: [freeWithPhoto.id],
    });
    expect(second).toMatchObject({ status: 201, body: { photoUrls: [freeWithPhoto.url] } });
    expect((await events('bookings.booking.confirmed', String(second.body.id)))[0]).toMatchObject({
      photoUrls: [freeWithPhoto.url],
    });
  });

  it("the style passport: the client's choices kept with the hold and in its events; with the question off the hunter sees no question nor photos", async () => {
    const client = 'u-passport';
    const shares: PassportShares = {
      savedBrands: true,
      votedBrands: false,
      reviewedBrands: true,
      filterHabits: true,
      question: false,
    };
    const photo = await upload(client);
    const id = await bookPaid(client, dayAhead(40), '09:00', { notes: 'My private brief', photoIds: [photo.id], passport: shares });
    const stored = await db.query(`select passport from ${SCHEMA}.hunter_bookings where id = $1`, [id]);
    expect(stored.rows[0].passport).toEqual(shares);
    // The event tells brands what to share, and carries no question for messaging to post to the hunter.
    const [confirmed] = await events('bookings.booking.confirmed', id);
    expect(confirmed).toMatchObject({ passport: shares, notes: null, photoUrls: [] });

    // The client still reads their own question and photo; the hunter's every view of the booking has neither.
    expect(await detail(client, id)).toMatchObject({ notes: 'My private brief', photoUrls: [photo.url] });
    expect(await myRow(client, id)).toMatchObject({ notes: 'My private brief', photoUrls: [photo.url] });
    expect(await hunterRow(id)).toMatchObject({ notes: null, photoUrls: [] });
    expect(await detail(HUNTER_USER, id)).toMatchObject({ notes: null, photoUrls: [] });
    expect(await photoStatus(HUNTER_USER, photo.url)).toBe(404);
    expect(await photoStatus(client, photo.url)).toBe(200);

    // A move keeps the choices (the rescheduled event carries them, still without the question).
    const moved = await call(client, 'POST', `/api/bookings/${id}/reschedule`, { sessionDate: dayAhead(41), sessionTime: '09:00' });
    expect(moved.status).toBe(200);
    const [rescheduled] = await events('bookings.booking.rescheduled', id);
    expect(rescheduled).toMatchObject({ passport: shares, notes: null, photoUrls: [] });

    // 'Ask Me a Question' always shares its question: refused on the hold and on a free booking, naming the part.
    const hidden = { ...DEFAULT_PASSPORT_SHARES, question: false };
    const askHidden = await bookFree(client, dayAhead(40), '12:00', 'askQuestion', { notes: 'Q?', passport: hidden });
    expect(askHidden).toMatchObject({
      status: 400,
      body: { errors: { 'passport.question': PASSPORT_MESSAGES.questionAlwaysShared } },
    });
    const holdHidden = await call(client, 'POST', '/api/create-payment-intent', {
      ...holdBody(HUNTER_ID, dayAhead(40), '12:00'),
      sessionType: 'askQuestion',
      notes: 'Q?',
      passport: hidden,
    });
    expect(holdHidden).toMatchObject({
      status: 400,
      body: { errors: { 'passport.question': PASSPORT_MESSAGES.questionAlwaysShared } },
    });

    // Without the screen (no passport in the body): the default shares, the question the hunter's as before.
    const plain = await bookFree(client, dayAhead(40), '14:00', 'inPerson', { notes: 'Bring the jacket' });
    expect(plain.status).toBe(201);
    const plainId = String(plain.body.id);
    expect((await events('bookings.booking.confirmed', plainId))[0]).toMatchObject({
      passport: DEFAULT_PASSPORT_SHARES,
      notes: 'Bring the jacket',
    });
    expect((await db.query(`select passport from ${SCHEMA}.hunter_bookings where id = $1`, [plainId])).rows[0].passport).toEqual(
      DEFAULT_PASSPORT_SHARES,
    );
    expect(await hunterRow(plainId)).toMatchObject({ notes: 'Bring the jacket' });

    // A free booking reads the choices from its own body.
    const chosen = { ...shares, question: true };
    const free = await bookFree(client, dayAhead(40), '16:00', 'askQuestion', { notes: 'What fits me?', passport: chosen });
    expect(free.status).toBe(201);
    expect((await events('bookings.booking.confirmed', String(free.body.id)))[0]).toMatchObject({
      passport: chosen,
      notes: 'What fits me?',
    });
  });

  it('photos: a member uploads at most BOOKING_PHOTOS_PER_DAY and _MB_PER_DAY a day; beyond, 429 naming the limit and nothing stored', async () => {
    const stored = async (user: string) =>
      (await db.query(`select count(*)::int as n from ${SCHEMA}.booking_photos where owner_user_id = $1`, [user])).rows[0].n as number;
    for (let i = 0; i < PHOTOS_PER_DAY; i++) await upload('u-quota');
    const over = await call('u-quota', 'POST', '/api/booking-photos', { photo: PNG_URL });
    expect(over).toMatchObject({ status: 429, body: { message: `You can upload ${PHOTOS_PER_DAY} booking photos a day; try again tomorrow` } });
    expect(await stored('u-quota')).toBe(PHOTOS_PER_DAY);
    // Another member's allowance is their own; and the next London day the allowance is whole again.
    await upload('u-quota-other');
    setClockOffset(24 * HOUR_MS);
    await upload('u-quota');
    setClockOffset(0);

    // Bytes: random pixels do not compress, so each of these is about 270 KB stored; two pass 0.5 MB.
    const noise = await noisePng(300, 300);
    expect((await call('u-quota-bytes', 'POST', '/api/booking-photos', { photo: imageDataUrl(noise) })).status).toBe(201);
    const overBytes = await call('u-quota-bytes', 'POST', '/api/booking-photos', { photo: imageDataUrl(noise) });
    expect(overBytes).toMatchObject({ status: 429, body: { message: `You can upload ${PHOTO_MB_PER_DAY} MB of booking photos a day; try again tomorrow` } });
    expect(await stored('u-quota-bytes')).toBe(1);
  });

  it('photos: many uploads at once never pass the daily allowance', async () => {
    const answers = await Promise.all(
      Array.from({ length: PHOTOS_PER_DAY + 3 }, () => call('u-quota-race', 'POST', '/api/booking-photos', { photo: PNG_URL })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(PHOTOS_PER_DAY);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.booking_photos where owner_user_id = 'u-quota-race'`);
    expect(rows[0].n).toBe(PHOTOS_PER_DAY);
  });

  it('photos: an upload that is cut short is refused before anything is stored', async () => {
    const cut = await call('u-photo-cut', 'POST', '/api/booking-photos', { photo: imageDataUrl(TEST_PNG.subarray(0, TEST_PNG.length - 20)) });
    expect(cut.status).toBe(400);
    expect(cut.body.message).toMatch(/could not be read/);
    const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.booking_photos where owner_user_id = 'u-photo-cut'`);
    expect(rows[0].n).toBe(0);
  });

  it('unattached photos older than a day are pruned by the completion sweep; attached ones stay', async () => {
    const stale = await upload('u-pruned');
    const fresh = await upload('u-pruned');
    await db.query(`update ${SCHEMA}.booking_photos set created_at = now() - interval '25 hours' where id = $1`, [
      stale.id,
    ]);
    const { rows: attached } = await db.query<{ id: string }>(
      `update ${SCHEMA}.booking_photos set created_at = now() - interval '30 days'
       where booking_id is not null returning id`,
    );
    expect(attached.length).toBeGreaterThan(0);
    const result = await app.app.get(BookingCompletionJob).run();
    expect(result.photosPruned).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ id: string }>(`select id from ${SCHEMA}.booking_photos where id = any($1::uuid[])`, [
      [stale.id, fresh.id, ...attached.map((row) => row.id)],
    ]);
    expect(rows.map((row) => row.id).sort()).toEqual([fresh.id, ...attached.map((row) => row.id)].sort());

    // A day on by the service clock (as a test moves it), the fresh one goes too, and the ledger's old days with it.
    setClockOffset(2 * 24 * HOUR_MS);
    await app.app.get(BookingCompletionJob).run();
    expect((await db.query(`select 1 from ${SCHEMA}.booking_photos where id = $1`, [fresh.id])).rowCount).toBe(0);
    const today = londonDateOf(Date.now());
    expect((await db.query(`select 1 from ${SCHEMA}.upload_quota_days where day <= $1`, [today])).rowCount).toBe(0);
  });

  it('joining details: only the client of a confirmed or completed booking, inside the change window until a day after it ends', async () => {
    await db.query(
      `insert into ${SCHEMA}.hunter_joining_details (hunter_id, joining, updated_at) values ($1, $2::jsonb, now())
       on conflict (hunter_id) do update set joining = excluded.joining`,
      [
        HUNTER_ID,
        JSON.stringify({
          whatsappVoice: { phone: null },
          whatsappVideo: { phone: PHONE },
          inPerson: { area: null, address: null },
        }),
      ],
    );
    const client = 'u-joiner';
    const date = dayAhead(6);
    // A live hold is not a booking yet: nothing released.
    const held = await call(client, 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, date, '09:00'));
    const holdId = String(held.body.bookingId);
    expect((await myRow(client, holdId)).joining).toBeNull();
    expect((await call(client, 'POST', '/api/bookings', paymentBody(HUNTER_ID, holdId))).status).toBe(201);
    const whatsapp = { kind: 'whatsapp', phone: PHONE, link: 'https://wa.me/447700900123' };
    // Still cancellable for a full refund: only when the number comes (decision 0088).
    const startsAt = new Date((await detail(client, holdId)).startsAt).getTime();
    const later = {
      kind: 'later',
      releasesAt: new Date(startsAt - 24 * HOUR_MS).toISOString(),
      message: "You'll get the WhatsApp number 24 hours before",
    };
    expect((await detail(client, holdId)).joining).toEqual(later);
    expect(JSON.stringify(await myRow(client, holdId))).not.toContain(PHONE);
    expect((await hunterRow(holdId)).joiningReleasesAt).toBe(later.releasesAt);
    setClockOffset(startsAt - 24 * HOUR_MS - 60_000 - Date.now());
    expect((await detail(client, holdId)).joining).toEqual(later);
    // Inside the change window: released.
    setClockOffset(startsAt - 24 * HOUR_MS + 60_000 - Date.now());
    expect((await detail(client, holdId)).joining).toEqual(whatsapp);
    expect((await myRow(client, holdId)).joining).toEqual(whatsapp);
    // Never to the hunter's side, nor to another member.
    expect((await detail(HUNTER_USER, holdId)).joining).toBeNull();
    expect(JSON.stringify(await hunterRow(holdId))).not.toContain(PHONE);
    expect((await call('u-nosy', 'GET', `/api/bookings/${holdId}`)).status).toBe(404);
    expect(JSON.stringify((await call('u-nosy', 'GET', '/api/my-bookings')).body)).not.toContain(PHONE);

    // The window: still released 23 hours after the end, gone after 24 (the session rules' clock).
    const endsAt = new Date((await detail(client, holdId)).endsAt).getTime();
    setClockOffset(endsAt + 23 * HOUR_MS - Date.now());
    expect((await detail(client, holdId)).joining).toEqual(whatsapp);
    setClockOffset(endsAt + 25 * HOUR_MS - Date.now());
    expect((await detail(client, holdId)).joining).toBeNull();
    expect((await myRow(client, holdId)).joining).toBeNull();
    setClockOffset(0);

    const question = await bookFree(client, dayAhead(7), '10:00', 'askQuestion', { notes: 'Q?' });
    expect(question.body.joining).toEqual({ kind: 'messages' });
    // A free type follows the same rule.
    const meeting = await bookFree(client, dayAhead(8), '10:00', 'inPerson');
    expect(meeting.body.joining).toMatchObject({ kind: 'later', message: "You'll get the meeting address 24 hours before" });
    const meetingStartsAt = new Date(String(meeting.body.startsAt)).getTime();
    setClockOffset(meetingStartsAt - 2 * HOUR_MS - Date.now());
    expect((await detail(client, String(meeting.body.id))).joining).toEqual({ kind: 'pending' });
    await db.query(
      `update ${SCHEMA}.hunter_joining_details set joining = jsonb_set(joining, '{inPerson}', $2::jsonb) where hunter_id = $1`,
      [HUNTER_ID, JSON.stringify({ area: 'Shoreditch', address: '1 Curtain Road, London' })],
    );
    expect((await detail(client, String(meeting.body.id))).joining).toEqual({
      kind: 'inPerson',
      area: 'Shoreditch',
      address: '1 Curtain Road, London',
    });
    // A cancelled booking releases nothing.
    expect((await call(client, 'POST', `/api/bookings/${String(meeting.body.id)}/cancel`)).status).toBe(200);
    expect((await detail(client, String(meeting.body.id))).joining).toBeNull();
    setClockOffset(0);
  });

  it('the hunter cancels a confirmed booking not started with a reason: full refund, event with the reason', async () => {
    const client = 'u-cancelled';
    const id = await bookPaid(client, dayAhead(9), '09:00');
    expect((await call(client, 'POST', `/api/hunter-bookings/${id}/cancel`, { reason: 'x' })).status).toBe(404);
    expect((await call('u-nosy', 'POST', `/api/hunter-bookings/${id}/cancel`, { reason: 'x' })).status).toBe(404);
    expect(await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/cancel`, { reason: '  ' })).toMatchObject({
      status: 400,
      body: { errors: { reason: BOOKING_ACTION_MESSAGES.reasonRequired } },
    });
    expect(
      (await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/cancel`, { reason: 'x'.repeat(1001) })).status,
    ).toBe(400);
    expect(await hunterRow(id)).toMatchObject({ canCancel: true, canPropose: true, canMarkAttendance: false });
    // An open suggestion ends with the booking.
    expect(
      (await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/proposal`, { sessionDate: dayAhead(10), sessionTime: '09:00' }))
        .status,
    ).toBe(200);
    const cancelled = await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/cancel`, { reason: 'I am unwell' });
    expect(cancelled).toMatchObject({
      status: 200,
      body: { id, status: 'cancelled', cancelledBy: 'hunter', cancelReason: 'I am unwell', proposal: null, canCancel: false },
    });
    expect(await detail(client, id)).toMatchObject({ refundedPence: 8000, cancelReason: 'I am unwell', proposal: null });
    expect(await events('bookings.booking.cancelled', id)).toEqual([
      expect.objectContaining({ cancelledBy: 'hunter', reason: 'I am unwell', refundPence: 8000 }),
    ]);
    expect(await events('bookings.booking.refunded', id)).toHaveLength(1);
    expect(await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/cancel`, { reason: 'again' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.notConfirmed },
    });
    // A client's own cancellation carries no reason.
    const own = await bookPaid(client, dayAhead(11), '09:00');
    await call(client, 'POST', `/api/bookings/${own}/cancel`);
    expect(await events('bookings.booking.cancelled', own)).toEqual([
      expect.objectContaining({ cancelledBy: 'client', reason: null }),
    ]);

    const begun = await bookPaid(client, dayAhead(12), '09:00');
    await shift(begun, -1, 1);
    expect(await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${begun}/cancel`, { reason: 'late' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.alreadyStarted },
    });
  });

  it('attendance: only once the session has started by the session clock, once; an ended booking completes with it', async () => {
    const client = 'u-attended';
    const id = await bookPaid(client, dayAhead(13), '09:00');
    expect(await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'held' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.notStarted },
    });
    expect(await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'maybe' })).toMatchObject(
      { status: 400, body: { errors: { attendance: expect.any(String) } } },
    );
    expect((await call(client, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'held' })).status).toBe(404);
    expect((await call('u-nosy', 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'held' })).status).toBe(404);

    // Moved past the start (not the end): marked, still confirmed.
    const startsAt = new Date((await detail(client, id)).startsAt).getTime();
    setClockOffset(startsAt + 10 * 60_000 - Date.now());
    expect(await hunterRow(id)).toMatchObject({ canMarkAttendance: true, canCancel: false, canPropose: false });
    const marked = await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'held' });
    expect(marked).toMatchObject({ status: 200, body: { attendance: 'held', status: 'confirmed', canMarkAttendance: false } });
    expect(await events('bookings.booking.attendance-marked', id)).toEqual([
      expect.objectContaining({ attendance: 'held', markedAt: expect.any(String) }),
    ]);
    expect(await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'no_show' })).toMatchObject(
      { status: 409, body: { message: BOOKING_ACTION_MESSAGES.alreadyMarked } },
    );
    setClockOffset(0);

    // Ended: the mark completes it in the same transaction, with its completed event; no refund.
    const ended = await bookPaid(client, dayAhead(14), '09:00');
    await shift(ended, -3, -2);
    const noShow = await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${ended}/attendance`, { attendance: 'no_show' });
    expect(noShow).toMatchObject({ status: 200, body: { attendance: 'no_show', status: 'completed' } });
    expect(await events('bookings.booking.completed', ended)).toHaveLength(1);
    expect(await events('bookings.booking.refunded', ended)).toHaveLength(0);

    const cancelled = await bookPaid(client, dayAhead(15), '09:00');
    await call(client, 'POST', `/api/bookings/${cancelled}/cancel`);
    await shift(cancelled, -3, -2);
    expect(
      await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${cancelled}/attendance`, { attendance: 'held' }),
    ).toMatchObject({ status: 409, body: { message: BOOKING_ACTION_MESSAGES.notConfirmed } });
  });

  it('a no-show marked before the session starts is refused like a held mark, and leaves the booking as it was', async () => {
    const client = 'u-early-no-show';
    const id = await bookPaid(client, dayAhead(26), '09:00');
    expect(
      await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'no_show' }),
    ).toMatchObject({ status: 409, body: { message: BOOKING_ACTION_MESSAGES.notStarted } });
    expect(await hunterRow(id)).toMatchObject({ attendance: null, status: 'confirmed', canMarkAttendance: false });
    expect(await myRow(client, id)).toMatchObject({ canDispute: false });
    expect(await events('bookings.booking.attendance-marked', id)).toHaveLength(0);
  });

  it('a suggested time: on the grid, with notice, free for the hunter; one at a time; declined or accepted by the client', async () => {
    const client = 'u-proposed';
    const id = await bookPaid(client, dayAhead(16), '09:00');
    const propose = (body: Record<string, unknown>, user = HUNTER_USER) =>
      call(user, 'POST', `/api/hunter-bookings/${id}/proposal`, body);
    expect((await propose({ sessionDate: dayAhead(17), sessionTime: '10:15' })).status).toBe(400);
    expect((await propose({ sessionDate: dayAhead(17), sessionTime: '25:00' })).status).toBe(400);
    expect((await propose({ sessionDate: dayAhead(0), sessionTime: '00:00' })).status).toBe(400);
    expect((await propose({ sessionDate: dayAhead(17), sessionTime: '10:00', message: 'x'.repeat(501) })).status).toBe(400);
    // Taken by another booking of the hunter.
    const other = await bookPaid('u-other-client', dayAhead(17), '11:00');
    expect(await propose({ sessionDate: dayAhead(17), sessionTime: '11:00' })).toMatchObject({
      status: 400,
      body: { errors: { sessionTime: expect.any(String) } },
    });
    expect((await propose({ sessionDate: dayAhead(17), sessionTime: '10:00' }, client)).status).toBe(404);
    expect((await propose({ sessionDate: dayAhead(17), sessionTime: '10:00' }, 'u-nosy')).status).toBe(404);

    const proposed = await propose({ sessionDate: dayAhead(17), sessionTime: '10:00', message: 'Could we move it?' });
    expect(proposed).toMatchObject({
      status: 200,
      body: { canPropose: false, proposal: { sessionDate: dayAhead(17), sessionTime: '10:00', message: 'Could we move it?' } },
    });
    expect(await events('bookings.booking.time-proposed', id)).toEqual([
      expect.objectContaining({ message: 'Could we move it?', proposedStartsAt: expect.any(String) }),
    ]);
    expect(await propose({ sessionDate: dayAhead(17), sessionTime: '12:00' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.proposalOpen },
    });
    expect((await myRow(client, id)).proposal).toMatchObject({ sessionTime: '10:00' });

    expect((await call(HUNTER_USER, 'POST', `/api/bookings/${id}/proposal/decline`)).status).toBe(403);
    expect((await call('u-nosy', 'POST', `/api/bookings/${id}/proposal/decline`)).status).toBe(404);
    expect(await call(client, 'POST', `/api/bookings/${id}/proposal/decline`)).toMatchObject({
      status: 200,
      body: { proposal: null, sessionTime: '09:00' },
    });
    expect(await events('bookings.booking.proposal-declined', id)).toHaveLength(1);
    expect(await call(client, 'POST', `/api/bookings/${id}/proposal/decline`)).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.noProposal },
    });
    expect(await call(client, 'POST', `/api/bookings/${id}/proposal/accept`)).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.noProposal },
    });

    // Accepted even inside the 24-hour window: the hunter asked. The move is a reschedule (sequence + 1).
    expect((await propose({ sessionDate: dayAhead(17), sessionTime: '14:00' })).status).toBe(200);
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() + interval '5 hours', ends_at = now() + interval '6 hours' where id = $1`,
      [id],
    );
    const { rows: before } = await db.query<{ sequence: number }>(
      `select sequence from ${SCHEMA}.hunter_bookings where id = $1`,
      [id],
    );
    expect((await call(HUNTER_USER, 'POST', `/api/bookings/${id}/proposal/accept`)).status).toBe(403);
    const accepted = await call(client, 'POST', `/api/bookings/${id}/proposal/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { sessionDate: dayAhead(17), sessionTime: '14:00', proposal: null } });
    const rescheduled = await events('bookings.booking.rescheduled', id);
    expect(rescheduled).toHaveLength(1);
    expect(rescheduled[0]).toMatchObject({ sequence: before[0]!.sequence + 1 });

    // A time taken after the suggestion: the exclusion constraint refuses the acceptance.
    const second = await bookPaid(client, dayAhead(18), '09:00');
    expect(
      (await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${second}/proposal`, { sessionDate: dayAhead(18), sessionTime: '15:00' }))
        .status,
    ).toBe(200);
    await bookPaid('u-other-client', dayAhead(18), '15:00');
    expect(await call(client, 'POST', `/api/bookings/${second}/proposal/accept`)).toMatchObject({
      status: 409,
      body: { message: BOOKING_ERRORS.slotTaken },
    });
    // The client's own reschedule ends the suggestion.
    const moved = await call(client, 'POST', `/api/bookings/${second}/reschedule`, {
      sessionDate: dayAhead(19),
      sessionTime: '10:00',
    });
    expect(moved).toMatchObject({ status: 200, body: { proposal: null } });
    expect(other).toBeTruthy();
  });

  it('disputes: a no-show mark within 48 hours, once, by its client; the admin refunds or dismisses', async () => {
    const client = 'u-disputer';
    const held = await bookPaid(client, dayAhead(20), '09:00');
    await shift(held, -3, -2);
    await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${held}/attendance`, { attendance: 'held' });
    expect(await call(client, 'POST', `/api/bookings/${held}/dispute`, { reason: 'I was there' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.notNoShow },
    });
    expect((await myRow(client, held)).reviewableUntil).toBe(
      new Date(new Date((await detail(client, held)).endsAt).getTime() + 30 * 24 * HOUR_MS).toISOString(),
    );

    const noShow = await bookPaid(client, dayAhead(21), '09:00');
    await shift(noShow, -3, -2);
    await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${noShow}/attendance`, { attendance: 'no_show' });
    expect(await myRow(client, noShow)).toMatchObject({ canDispute: true, reviewableUntil: null });
    expect((await call('u-nosy', 'POST', `/api/bookings/${noShow}/dispute`, { reason: 'x' })).status).toBe(404);
    expect((await call(HUNTER_USER, 'POST', `/api/bookings/${noShow}/dispute`, { reason: 'x' })).status).toBe(403);
    expect(await call(client, 'POST', `/api/bookings/${noShow}/dispute`, {})).toMatchObject({
      status: 400,
      body: { errors: { reason: expect.any(String) } },
    });
    const disputed = await call(client, 'POST', `/api/bookings/${noShow}/dispute`, { reason: 'The hunter never called' });
    expect(disputed).toMatchObject({
      status: 200,
      body: { dispute: { status: 'open', reason: 'The hunter never called', resolvedAt: null } },
    });
    expect(await events('bookings.booking.disputed', noShow)).toEqual([
      expect.objectContaining({ reason: 'The hunter never called' }),
    ]);
    expect((await myRow(client, noShow)).canDispute).toBe(false);
    expect(await call(client, 'POST', `/api/bookings/${noShow}/dispute`, { reason: 'again' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.alreadyDisputed },
    });

    // The window closes 48 hours after the mark (the session rules' clock).
    const late = await bookPaid(client, dayAhead(22), '09:00');
    await shift(late, -3, -2);
    await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${late}/attendance`, { attendance: 'no_show' });
    setClockOffset(49 * HOUR_MS);
    expect((await myRow(client, late)).canDispute).toBe(false);
    expect(await call(client, 'POST', `/api/bookings/${late}/dispute`, { reason: 'Too late?' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.disputeClosed },
    });
    setClockOffset(0);
    expect((await call(client, 'POST', `/api/bookings/${late}/dispute`, { reason: 'In time' })).status).toBe(200);

    // The admin's queue: admins only, newest first, with the total.
    expect((await call(client, 'GET', '/api/admin/booking-disputes')).status).toBe(403);
    expect((await call(null, 'GET', '/api/admin/booking-disputes')).status).toBe(401);
    expect((await admin('GET', '/api/admin/booking-disputes?status=nope')).status).toBe(400);
    const open = await admin('GET', '/api/admin/booking-disputes?status=open');
    expect(open.status).toBe(200);
    const queue = open.body as unknown as AdminBookingDispute[];
    expect(queue.map((d) => d.bookingId)).toEqual([late, noShow]);
    expect(open.total).toBe('2');
    expect(queue[1]).toMatchObject({
      hunterId: HUNTER_ID,
      hunterName: 'Sofia',
      clientName: `Ann ${client}`,
      sessionType: 'whatsappVideo',
      pricePence: 8000,
      dispute: { status: 'open', reason: 'The hunter never called' },
    });

    expect((await call(client, 'POST', `/api/admin/booking-disputes/${noShow}/resolve`, { resolution: 'refund', note: 'x' })).status).toBe(403);
    expect(await admin('POST', `/api/admin/booking-disputes/${noShow}/resolve`, { resolution: 'refund' })).toMatchObject({
      status: 400,
      body: { errors: { note: expect.any(String) } },
    });
    expect((await admin('POST', `/api/admin/booking-disputes/${held}/resolve`, { resolution: 'refund', note: 'n' })).status).toBe(409);
    expect((await admin('POST', `/api/admin/booking-disputes/${crypto.randomUUID()}/resolve`, { resolution: 'refund', note: 'n' })).status).toBe(404);
    const refunded = await admin('POST', `/api/admin/booking-disputes/${noShow}/resolve`, {
      resolution: 'refund',
      note: 'No call in the logs',
    });
    expect(refunded).toMatchObject({
      status: 200,
      body: { bookingId: noShow, dispute: { status: 'refunded', resolutionNote: 'No call in the logs' } },
    });
    expect(await events('bookings.booking.dispute-resolved', noShow)).toEqual([
      expect.objectContaining({ resolution: 'refund', note: 'No call in the logs', refundPence: 8000 }),
    ]);
    expect(await events('bookings.booking.refunded', noShow)).toHaveLength(1);
    // Each event carries the session's outcome as bookings alone computes it (decision 0085), its revision rising.
    const endsAtMs = new Date((await detail(client, noShow)).endsAt).getTime();
    const outcomes = [
      ...(await events('bookings.booking.completed', noShow)),
      ...(await events('bookings.booking.attendance-marked', noShow)),
      ...(await events('bookings.booking.disputed', noShow)),
      ...(await events('bookings.booking.dispute-resolved', noShow)),
    ].map((data) => data.outcome as { revision: number });
    const standing = { status: 'completed', heldFrom: null, noShow: true, reviewableUntil: null, editableFrom: null };
    expect(outcomes).toEqual([
      expect.objectContaining(standing),
      expect.objectContaining(standing),
      expect.objectContaining(standing),
      expect.objectContaining({
        status: 'completed',
        heldFrom: new Date(endsAtMs).toISOString(),
        noShow: false,
        reviewableUntil: new Date(endsAtMs + 30 * 24 * HOUR_MS).toISOString(),
        editableFrom: expect.any(String),
        passportUntil: new Date(endsAtMs + 7 * 24 * HOUR_MS).toISOString(),
      }),
    ]);
    expect(outcomes[0]!.revision).toBe(outcomes[1]!.revision);
    expect(outcomes[2]!.revision).toBeGreaterThan(outcomes[1]!.revision);
    expect(outcomes[3]!.revision).toBeGreaterThan(outcomes[2]!.revision);
    expect(await detail(client, noShow)).toMatchObject({ refundedPence: 8000, dispute: { status: 'refunded' } });
    expect(await admin('POST', `/api/admin/booking-disputes/${noShow}/resolve`, { resolution: 'dismiss', note: 'n' })).toMatchObject({
      status: 409,
      body: { message: BOOKING_ACTION_MESSAGES.disputeNotOpen },
    });

    const dismissed = await admin('POST', `/api/admin/booking-disputes/${late}/resolve`, {
      resolution: 'dismiss',
      note: 'The client did not answer',
    });
    expect(dismissed).toMatchObject({ status: 200, body: { dispute: { status: 'dismissed' } } });
    expect(await events('bookings.booking.refunded', late)).toHaveLength(0);
    expect((await admin('GET', '/api/admin/booking-disputes')).body).toEqual([]);
    const all = await admin('GET', '/api/admin/booking-disputes?status=all&limit=1');
    expect(all).toMatchObject({ status: 200, total: '2' });
    expect((all.body as unknown as AdminBookingDispute[]).map((d) => d.bookingId)).toEqual([late]);
  });

  it('reviewableUntil: a held session while its 30 days last; never a future, cancelled or too old one', async () => {
    const client = 'u-reviewer';
    const future = await bookPaid(client, dayAhead(23), '09:00');
    expect((await myRow(client, future)).reviewableUntil).toBeNull();
    // Confirmed and ended by the session clock (the sweep has not run): reviewable.
    const endsAt = new Date((await detail(client, future)).endsAt).getTime();
    setClockOffset(endsAt + HOUR_MS - Date.now());
    expect((await myRow(client, future)).reviewableUntil).toBe(new Date(endsAt + 30 * 24 * HOUR_MS).toISOString());
    setClockOffset(endsAt + 31 * 24 * HOUR_MS - Date.now());
    expect((await myRow(client, future)).reviewableUntil).toBeNull();
    setClockOffset(0);
    const cancelled = await bookPaid(client, dayAhead(24), '09:00');
    await call(client, 'POST', `/api/bookings/${cancelled}/cancel`);
    await shift(cancelled, -3, -2);
    expect((await myRow(client, cancelled)).reviewableUntil).toBeNull();
  });

  it('reviewableUntil: a free session only once its hunter marked it held (decision 0090), as its events say', async () => {
    const client = 'u-free-reviewer';
    const free = await bookFree(client, dayAhead(29), '09:00', 'inPerson');
    expect(free.status).toBe(201);
    const id = String(free.body.id);
    await shift(id, -3, -2);
    expect((await myRow(client, id)).reviewableUntil).toBeNull();
    expect((await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'held' })).status).toBe(200);
    const endsAt = new Date((await detail(client, id)).endsAt).getTime();
    expect((await myRow(client, id)).reviewableUntil).toBe(new Date(endsAt + 30 * 24 * HOUR_MS).toISOString());
    const [confirmed] = await events('bookings.booking.confirmed', id);
    const [marked] = await events('bookings.booking.attendance-marked', id);
    expect((confirmed!.outcome as { reviewQualifies: boolean }).reviewQualifies).toBe(false);
    expect((marked!.outcome as { reviewQualifies: boolean }).reviewQualifies).toBe(true);
  });

  it('reviewableUntil: a no-show whose dispute was refunded is reviewable like a held session; a dismissed one is not', async () => {
    const client = 'u-overturned';
    const reviewWindow = async (id: string) =>
      new Date(new Date((await detail(client, id)).endsAt).getTime() + 30 * 24 * HOUR_MS).toISOString();
    const [refunded, dismissed] = [await bookPaid(client, dayAhead(27), '09:00'), await bookPaid(client, dayAhead(28), '09:00')];
    for (const id of [refunded, dismissed]) {
      await shift(id, -3, -2);
      expect((await call(HUNTER_USER, 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'no_show' })).status).toBe(200);
      expect((await call(client, 'POST', `/api/bookings/${id}/dispute`, { reason: 'I was on the call' })).status).toBe(200);
      // An open dispute leaves the mark standing until the admin decides.
      expect((await myRow(client, id)).reviewableUntil).toBeNull();
    }
    expect((await admin('POST', `/api/admin/booking-disputes/${refunded}/resolve`, { resolution: 'refund', note: 'No call' })).status).toBe(200);
    expect((await admin('POST', `/api/admin/booking-disputes/${dismissed}/resolve`, { resolution: 'dismiss', note: 'Seen' })).status).toBe(200);

    // The same window as any held session: 30 days from the session's end, by the session clock.
    expect((await myRow(client, refunded)).reviewableUntil).toBe(await reviewWindow(refunded));
    expect((await myRow(client, dismissed)).reviewableUntil).toBeNull();
    const endsAt = new Date((await detail(client, refunded)).endsAt).getTime();
    setClockOffset(endsAt + 31 * 24 * HOUR_MS - Date.now());
    expect((await myRow(client, refunded)).reviewableUntil).toBeNull();
    setClockOffset(0);
  });

  it('the completion sweep reads the session clock: a moved clock completes what has ended by it', async () => {
    const client = 'u-completed';
    const id = await bookPaid(client, dayAhead(25), '09:00');
    await app.app.get(BookingCompletionJob).run();
    expect((await detail(client, id)).status).toBe('confirmed');
    const endsAt = new Date((await detail(client, id)).endsAt).getTime();
    setClockOffset(endsAt + 60_000 - Date.now());
    // The sweep skips a row another transaction holds (the payment's outcome may still be settling on it) and
    // takes it at its next turn: the test runs turns until it does, as the schedule would.
    await expect
      .poll(async () => {
        await app.app.get(BookingCompletionJob).run();
        return (await detail(client, id)).status;
      })
      .toBe('completed');
    setClockOffset(0);
    expect(await events('bookings.booking.completed', id)).toHaveLength(1);
  });
});
