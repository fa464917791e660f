import { randomBytes } from 'node:crypto';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  testServiceEnv,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayInFront, type GatewayInFront } from '../../../gateway/test/support/test-gateway.js';
import { createBookingsApp } from '../src/app.js';
import { loadConfig, type BookingsConfig } from '../src/config.js';
import { FakeStripe } from './fake-stripe/fake-stripe.js';

const SCHEMA = 'bookings_stripe_webhooks_matrix';

/**
 * The access matrix's rows for Stripe's two endpoints in stripe mode (decision 0095): the e2e system pays in
 * simulated mode, so these are asked here, of the real gateway in front of bookings with its Stripe keys pointed at
 * the local fake. Both routes are exempt from the gateway's CSRF rule (a cross-site Origin changes nothing) and
 * signed instead: an event signed with the endpoint's own secret (Stripe's `webhooks.generateTestHeaderString`) is
 * accepted and stored once; no signature (the gateway's 400, bookings never asked), another secret, the other
 * endpoint's secret or a body changed after signing is 400, and nothing is stored.
 */

type Endpoint = 'webhook' | 'connect-webhook';
type Signing = 'its own secret' | 'no signature' | 'another secret' | "the other endpoint's secret" | 'a changed body';

interface Row {
  endpoint: Endpoint;
  signing: Signing;
  /** Sent as a cross-site browser write would be (the endpoints take no cookie, so the rule does not apply). */
  crossSite?: boolean;
  status: number;
  /** What the answer says (a refusal's reason). */
  says?: RegExp;
}

/** An event of a type each endpoint stores without acting on it, so a row changes nothing but its own record. */
const EVENT_TYPE: Record<Endpoint, { type: string; object: Record<string, unknown> }> = {
  webhook: { type: 'charge.refunded', object: { id: 'ch_matrix', object: 'charge', amount_refunded: 0 } },
  // An account bookings has no record of: stored and ignored (services/bookings/test/payouts-stripe.test.ts).
  'connect-webhook': {
    type: 'account.updated',
    object: {
      id: 'acct_matrix_unknown',
      object: 'account',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
    },
  },
};

const ROWS: Row[] = (['webhook', 'connect-webhook'] as const).flatMap((endpoint): Row[] => [
  { endpoint, signing: 'its own secret', status: 200 },
  { endpoint, signing: 'its own secret', crossSite: true, status: 200 },
  { endpoint, signing: 'no signature', status: 400, says: /Missing Stripe-Signature header/ },
  { endpoint, signing: 'no signature', crossSite: true, status: 400, says: /Missing Stripe-Signature header/ },
  { endpoint, signing: 'another secret', status: 400, says: /No signatures found matching the expected signature/ },
  {
    endpoint,
    signing: "the other endpoint's secret",
    status: 400,
    says: /No signatures found matching the expected signature/,
  },
  { endpoint, signing: 'a changed body', status: 400, says: /No signatures found matching the expected signature/ },
]);

describe('Stripe webhooks in stripe mode through the gateway: signed is accepted, anything else 400', () => {
  let stripe: FakeStripe;
  let bookings: RunningServiceApp<NestFastifyApplication>;
  let site: GatewayInFront;
  let db: pg.Client;

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    const config: BookingsConfig = loadConfig(testServiceEnv(SCHEMA, stripe.env()));
    bookings = await startServiceApp(createBookingsApp, config, { fresh: true });
    site = await startGatewayInFront({ name: SCHEMA, services: { BOOKINGS_URL: bookings.base } });
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await site?.close();
    await bookings?.close();
    await stripe?.stop();
  });

  const storedEvents = async (id: string) =>
    (await db.query<{ id: string; type: string }>(`select id, type from ${SCHEMA}.stripe_events where id = $1`, [id]))
      .rows;

  /** Delivers a fresh event of the endpoint's type as the row says, signed (or not) with Stripe's own helper. */
  async function deliver(row: Row): Promise<{ id: string; status: number; text: string }> {
    const id = `evt_matrix_${randomBytes(8).toString('hex')}`;
    const { type, object } = EVENT_TYPE[row.endpoint];
    const event = {
      id,
      object: 'event',
      api_version: stripe.apiVersion,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const own = row.endpoint === 'webhook' ? stripe.webhookSecret : stripe.connectWebhookSecret;
    const other = row.endpoint === 'webhook' ? stripe.connectWebhookSecret : stripe.webhookSecret;
    const secret = {
      'its own secret': own,
      'a changed body': own,
      "the other endpoint's secret": other,
      'another secret': `whsec_${randomBytes(16).toString('hex')}`,
    };
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (row.signing !== 'no signature') {
      headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({ payload, secret: secret[row.signing] });
    }
    if (row.crossSite) Object.assign(headers, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    const body = row.signing === 'a changed body' ? JSON.stringify({ ...event, type: 'charge.succeeded' }) : payload;
    const response = await fetch(`${site.base}/api/stripe/${row.endpoint}`, { method: 'POST', headers, body });
    return { id, status: response.status, text: await response.text() };
  }

  it.each(ROWS)('POST /api/stripe/$endpoint signed with $signing (cross-site: $crossSite): $status', async (row) => {
    const { id, status, text } = await deliver(row);
    expect(status, text).toBe(row.status);
    if (row.says) expect(text).toMatch(row.says);
    // Accepted: recorded once, by its id; refused: nothing of it kept.
    expect(await storedEvents(id)).toEqual(row.status === 200 ? [{ id, type: EVENT_TYPE[row.endpoint].type }] : []);
  });
});
