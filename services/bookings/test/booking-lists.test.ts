import { DEFAULT_SESSION_TYPES } from '@hunted/contracts';
import { startServiceApp, TEST_DATABASE_URL, testIdentityHeaders, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const SCHEMA = 'bookings_lists_it';
const HUNTER_ID = 11;
const HUNTER_USER = 'u-hunter-11';
const CLIENT = 'u-client-many';
/** More than two default pages' worth, so the default, the cap and the last page all show. */
const BOOKINGS = 130;

describe('bookings: both lists are paged by default, and ids beyond int4 are refused at input', () => {
  let bookings: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;

  async function get(userId: string, path: string) {
    const response = await fetch(`${bookings.base}${path}`, { headers: await testIdentityHeaders({ id: userId, email: `${userId}@hunted.test`, firstName: 'Ann', lastName: 'Lee', isAdmin: false }, 'bookings') });
    const body = (await response.json()) as { id: string; startsAt: string }[] & Record<string, unknown>;
    return { status: response.status, body, total: response.headers.get('x-total-count') };
  }
  async function post(userId: string, path: string, body: unknown) {
    const response = await fetch(`${bookings.base}${path}`, {
      method: 'POST',
      headers: {
        ...(await testIdentityHeaders({ id: userId, email: `${userId}@hunted.test`, firstName: 'Ann', lastName: 'Lee', isAdmin: false }, 'bookings')),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  /** Every row of a list, a page of 100 at a time. */
  async function everything(userId: string, path: string): Promise<string[]> {
    const ids: string[] = [];
    for (;;) {
      const page = await get(userId, `${path}?limit=100&offset=${ids.length}`);
      expect(page.status).toBe(200);
      ids.push(...page.body.map((row) => row.id));
      if (page.body.length === 0 || ids.length >= Number(page.total)) return ids;
    }
  }

  beforeAll(async () => {
    bookings = await startServiceApp(createBookingsApp, loadConfig(testServiceEnv(SCHEMA)));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    await db.query(`insert into hunters (id, user_id, name, profile_image_url, location, availability_status, session_types, price_per_session, updated_at, time_zone)
       values ($1, $2, 'Sofia', null, 'United Kingdom', 'Available', $3::jsonb, 0, now(), 'Europe/London')`, [
      HUNTER_ID,
      HUNTER_USER,
      JSON.stringify(DEFAULT_SESSION_TYPES),
    ]);
    // One completed session a day, back from yesterday: two starts on a day share nothing but their date.
    await db.query(
      `insert into hunter_bookings (id, hunter_id, hunter_user_id, client_user_id, session_type, session_date, session_time,
         duration, starts_at, ends_at, price_pence, status)
       select gen_random_uuid(), $1, $2, $3, 'whatsappVideo', (now() - i * interval '1 day')::date, '09:00', 60,
         date_trunc('hour', now()) - i * interval '1 day', date_trunc('hour', now()) - i * interval '1 day' + interval '1 hour',
         8000, 'completed'
       from generate_series(1, ${BOOKINGS}) i`,
      [HUNTER_ID, HUNTER_USER, CLIENT],
    );
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await bookings?.close();
  });

  for (const [path, userId] of [
    ['/api/my-bookings', CLIENT],
    ['/api/hunter-bookings', HUNTER_USER],
  ] as const) {
    it(`${path}: 50 by default with x-total-count, at most 100 a page, pages that add up to the whole list`, async () => {
      const first = await get(userId, path);
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(50);
      expect(first.total).toBe(String(BOOKINGS));
      expect((await get(userId, `${path}?limit=100`)).body).toHaveLength(100);
      const tooMany = await get(userId, `${path}?limit=101`);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors).toEqual({ limit: 'limit must be at most 100' });
      const all = await everything(userId, path);
      expect(all).toHaveLength(BOOKINGS);
      expect(new Set(all).size).toBe(BOOKINGS);
      expect(first.body.map((row) => row.id)).toEqual(all.slice(0, 50));
      // Soonest first, as before.
      const starts = (await get(userId, `${path}?limit=100`)).body.map((row) => Date.parse(row.startsAt));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      const past = await get(userId, `${path}?offset=${BOOKINGS}`);
      expect(past.body).toEqual([]);
      expect(past.total).toBe(String(BOOKINGS));
    });
  }

  it('refuses a hunter id beyond a whole number the table holds with a 400, and a path id with a 404, never a 500', async () => {
    const hold = { hunterId: 99_999_999_999, sessionType: 'whatsappVideo', sessionDate: '2030-01-07', sessionTime: '09:00' };
    for (const hunterId of [2_147_483_648, 99_999_999_999, 1e300]) {
      const refused = await post('u-someone', '/api/create-payment-intent', { ...hold, hunterId });
      expect(refused.status, String(hunterId)).toBe(400);
      expect(refused.body.errors).toEqual({ hunterId: 'must be a hunter id (a whole number from 1 to 2147483647)' });
      const booked = await post('u-someone', '/api/bookings', { ...hold, hunterId, stripePaymentIntentId: null });
      expect(booked.status, String(hunterId)).toBe(400);
      expect(booked.body.errors).toMatchObject({ hunterId: 'must be a hunter id (a whole number from 1 to 2147483647)' });
    }
    for (const id of ['2147483648', '99999999999']) {
      const response = await fetch(`${bookings.base}/api/hunters/${id}/slots?from=2030-01-07&to=2030-01-13&sessionType=whatsappVideo`);
      expect(response.status, id).toBe(404);
    }
  });
});
