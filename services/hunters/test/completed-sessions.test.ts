import { DEFAULT_SESSION_TYPES, type EventPayload, type Hunter, type IntegrationEvent } from '@hunted/contracts';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { approveHunter } from './vetting-helpers.js';

const SCHEMA = 'hunters_sessions_it';
const BOOKINGS_SCHEMA = 'hunters_sessions_it_bookings';

const user = (id: string) => ({ id, email: `${id}@hunted.test`, firstName: null, lastName: null, isAdmin: false });

/**
 * bookings.booking.completed, sent by bookings' publishing side as it runs (outbox, relay, Redis stream), counts
 * the session in the hunter's totalSessions: once per booking, whatever arrives again.
 */
describe('hunters: completed sessions', () => {
  const config = loadConfig(testServiceEnv(SCHEMA));
  let hunters: RunningServiceApp<NestFastifyApplication>;
  let bookings: TestPublisher;
  let db: pg.Client;

  async function createHunter(userId: string): Promise<Hunter> {
    const headers = { ...(await testIdentityHeaders(user(userId), 'hunters')), 'content-type': 'application/json' };
    const response = await fetch(`${hunters.base}/api/hunters`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Session Counter',
        location: 'UK',
        specialties: ['Footwear'],
        adviceTypes: ['Wardrobe Audit'],
        languages: ['English'],
        yearsExperience: 4,
        sessionTypes: DEFAULT_SESSION_TYPES,
      }),
    });
    expect(response.status).toBe(201);
    const hunter = (await response.json()) as Hunter;
    await approveHunter(hunters.base, hunter.id);
    return hunter;
  }

  async function hunter(id: number): Promise<Hunter> {
    return (await (await fetch(`${hunters.base}/api/hunters/${id}`)).json()) as Hunter;
  }

  function completed(bookingId: string, hunterId: number): Promise<IntegrationEvent<'bookings.booking.completed'>> {
    const data: EventPayload<'bookings.booking.completed'> = {
      bookingId,
      hunterId,
      hunterUserId: null,
      clientUserId: 'u-client',
      sessionType: 'whatsappVideo',
      startsAt: '2026-11-20T10:00:00.000Z',
      endsAt: '2026-11-20T11:00:00.000Z',
      pricePence: 5000,
      sequence: 0,
      notes: null,
      photoUrls: [],
    };
    return bookings.publish('bookings.booking.completed', data);
  }

  /** Waits until hunters has applied the events (each one's inbox row commits with its effect). */
  async function applied(events: IntegrationEvent[]): Promise<void> {
    await waitFor(
      'the completions applied by hunters',
      async () => {
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from inbox where event_id = any($1::uuid[])', [
          events.map((event) => event.id),
        ]);
        return rows[0]!.n === events.length;
      },
      20_000,
    );
  }

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, config);
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    await db.query(`drop schema if exists ${BOOKINGS_SCHEMA} cascade`);
    bookings = await startTestPublisher('bookings', { schema: BOOKINGS_SCHEMA, redisPrefix: config.REDIS_PREFIX });
  });

  afterAll(async () => {
    await bookings?.close();
    await db?.query(`drop schema if exists ${BOOKINGS_SCHEMA} cascade`);
    await db?.end();
    await hunters?.close();
  });

  it('counts each completed booking once in the hunter’s totalSessions, and no other hunter’s', async () => {
    const [ada, bea] = [await createHunter('u-ada'), await createHunter('u-bea')];
    expect([ada.totalSessions, bea.totalSessions]).toEqual([0, 0]);
    const updatesBefore = await db.query(`select 1 from outbox where type = 'hunters.hunter.updated'`);

    const bookingIds = ['0d8f6a2e-1111-4c1e-9d7e-000000000001', '0d8f6a2e-1111-4c1e-9d7e-000000000002', '0d8f6a2e-1111-4c1e-9d7e-000000000003'];
    const events = [
      await completed(bookingIds[0]!, ada.id),
      await completed(bookingIds[1]!, ada.id),
      await completed(bookingIds[2]!, bea.id),
      // The same booking's completion again under another event id (the inbox alone would count it twice).
      await completed(bookingIds[0]!, ada.id),
      // A hunter that does not exist here counts nothing and does not hold up the stream.
      await completed('0d8f6a2e-1111-4c1e-9d7e-000000000004', 999_999),
    ];
    await applied(events);

    expect((await hunter(ada.id)).totalSessions).toBe(2);
    expect((await hunter(bea.id)).totalSessions).toBe(1);
    const { rows } = await db.query<{ booking_id: string; hunter_id: number }>(
      'select booking_id, hunter_id from hunter_completed_sessions order by booking_id',
    );
    expect(rows).toEqual([
      { booking_id: bookingIds[0], hunter_id: ada.id },
      { booking_id: bookingIds[1], hunter_id: ada.id },
      { booking_id: bookingIds[2], hunter_id: bea.id },
    ]);
    // Nothing other services copy changed, so nothing is announced.
    expect((await db.query(`select 1 from outbox where type = 'hunters.hunter.updated'`)).rowCount).toBe(updatesBefore.rowCount);

    // The listing sorted by sessions reads the new counts.
    const listed = (await (await fetch(`${hunters.base}/api/hunters?sort=sessions`)).json()) as Hunter[];
    expect(listed.map((h) => [h.id, h.totalSessions])).toEqual([
      [ada.id, 2],
      [bea.id, 1],
    ]);
  });
});
