import {
  startServiceApp,
  TEST_DATABASE_URL,
  testIdentityHeaders,
  testServiceEnv,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import { LEGAL_DOCUMENT_VERSIONS, TERMS_NOT_ACCEPTED_CODE, type AcceptableTerms } from '@hunted/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const SCHEMA = 'bookings_app_it';

/** Tables in the test schema (the migrations table and the platform's outbox and inbox, until features add theirs). */
async function tablesOf(schema: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string }>(
      'select table_name as name from information_schema.tables where table_schema = $1 order by 1',
      [schema],
    );
    return rows.map((row) => row.name);
  } finally {
    await db.end();
  }
}

describe('bookings: the service as main.ts starts it', () => {
  let bookings: RunningServiceApp<NestFastifyApplication>;

  beforeAll(async () => {
    bookings = await startServiceApp(createBookingsApp, loadConfig(testServiceEnv(SCHEMA)));
  });

  afterAll(async () => {
    await bookings?.close();
  });

  it('migrates its own schema and is ready once PostgreSQL answers', async () => {
    expect(await tablesOf(SCHEMA)).toEqual(expect.arrayContaining(['migrations', 'outbox', 'inbox']));
    const ready = await fetch(`${bookings.base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${bookings.base}/health`)).json()).toEqual({ status: 'ok', service: 'bookings' });
  });

  it('runs simulated payments without Stripe keys: the page is told so, and there is no Stripe webhook', async () => {
    const config = await fetch(`${bookings.base}/api/bookings/payment-config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toEqual({ mode: 'simulated' });
    expect(await tablesOf(SCHEMA)).toContain('stripe_events');
    const webhook = await fetch(`${bookings.base}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(webhook.status).toBe(404);
  });

  it('answers every request with a request id, and a route it does not have with 404, signed in or not', async () => {
    const headers = await testIdentityHeaders(
      { id: 'u-bookings', email: 'bookings@hunted.test', firstName: null, lastName: null, isAdmin: false },
      'bookings',
    );
    for (const init of [{}, { headers }]) {
      const response = await fetch(`${bookings.base}/api/bookings-that-do-not-exist`, init);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('asks for the current terms before a hold or a booking: 409 terms-not-accepted without them, the body checked with them', async () => {
    const member = { id: 'u-terms', email: 'terms@hunted.test', firstName: null, lastName: null, isAdmin: false };
    for (const path of ['/api/create-payment-intent', '/api/bookings']) {
      const post = async (acceptedTerms: AcceptableTerms[]) =>
        fetch(`${bookings.base}${path}`, {
          method: 'POST',
          headers: { ...(await testIdentityHeaders({ ...member, acceptedTerms }, 'bookings')), 'content-type': 'application/json' },
          body: '{}',
        });
      const refused = await post(['hunterTerms']);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({
        code: TERMS_NOT_ACCEPTED_CODE,
        document: 'terms',
        version: LEGAL_DOCUMENT_VERSIONS.terms,
      });
      // Past the guard, the empty body is what is refused.
      expect((await post(['terms'])).status).toBe(400);
    }
  });
});
