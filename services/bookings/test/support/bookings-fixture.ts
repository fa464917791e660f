import { DEFAULT_SESSION_TYPES, londonDateOf, type SessionTypes } from '@hunted/contracts';
import { startServiceApp, TEST_DATABASE_URL, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { createBookingsApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

/** The London date `days` from now. */
export const dayAhead = (days: number) => londonDateOf(Date.now() + days * 86_400_000);

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface RunningBookings {
  /** One instance, or two sharing the schema (the second started on the first's, `fresh: false`). */
  apps: RunningServiceApp<NestFastifyApplication>[];
  /** A client of the test database, to seed and to look. */
  db: pg.Client;
  close(): Promise<void>;
}

/** Starts bookings on `schema` (with `env` added to the test environment) and opens a client of its database. */
export async function startBookings(
  schema: string,
  options: { instances?: 1 | 2; env?: Record<string, string> } = {},
): Promise<RunningBookings> {
  const config = loadConfig(testServiceEnv(schema, options.env));
  const apps = [await startServiceApp(createBookingsApp, config)];
  if (options.instances === 2) apps.push(await startServiceApp(createBookingsApp, config, { fresh: false }));
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  return {
    apps,
    db,
    close: async () => {
      await db.end();
      for (const app of [...apps].reverse()) await app.close();
    },
  };
}

/** The connected account the fixture gives a hunter (charges and payouts enabled), unless told otherwise. */
export const fixtureAccountOf = (hunterId: number) => `acct_fixture_${hunterId}`;

/**
 * A hunter's copy as the hunters service's events leave it: every day open at `hours`; approved, with an enabled
 * payout account (`fixtureAccountOf(id)`) unless `status` or `payoutAccount: false` say otherwise.
 */
export async function seedHunter(
  db: pg.Client,
  schema: string,
  hunter: {
    id: number;
    userId: string | null;
    name?: string;
    sessionTypes?: SessionTypes;
    hours: readonly string[];
    status?: 'pending' | 'approved' | 'rejected' | 'suspended';
    payoutAccount?: boolean;
    /** The hunter's IANA zone (London's unless told). */
    timeZone?: string;
    /** Default: the UK, in pounds. */
    location?: string;
    currency?: string;
  },
): Promise<void> {
  await db.query(
    `insert into ${schema}.hunters (id, user_id, name, profile_image_url, location, availability_status, session_types,
       price_per_session, updated_at, status, time_zone, currency)
     values ($1, $2, $3, null, $7, 'Available', $4::jsonb, 0, now(), $5, $6, $8)`,
    [
      hunter.id,
      hunter.userId,
      hunter.name ?? 'Sofia',
      JSON.stringify(hunter.sessionTypes ?? DEFAULT_SESSION_TYPES),
      hunter.status ?? 'approved',
      hunter.timeZone ?? 'Europe/London',
      hunter.location ?? 'UK',
      hunter.currency ?? 'GBP',
    ],
  );
  if (hunter.payoutAccount !== false) {
    await db.query(
      `insert into ${schema}.hunter_payout_accounts (hunter_id, user_id, account_id, mode, details_submitted,
         charges_enabled, payouts_enabled, state_at)
       values ($1, $2, $3, 'stripe', true, true, true, now())`,
      [hunter.id, hunter.userId, fixtureAccountOf(hunter.id)],
    );
  }
  const week = Object.fromEntries(WEEK.map((day) => [day, hunter.hours]));
  await db.query(`insert into ${schema}.hunter_weekly_hours values ($1, $2::jsonb, now())`, [
    hunter.id,
    JSON.stringify(week),
  ]);
}

/** Default session types with a free 30-minute `askQuestion`. */
export const WITH_FREE_QUESTION: SessionTypes = {
  ...DEFAULT_SESSION_TYPES,
  askQuestion: { enabled: true, price: 0, duration: 30 },
};

/**
 * The body of `POST /api/create-payment-intent` the page sends (its amount and duration are never trusted), with the
 * express request ticked, as the page sends it for a session within the 14-day cancellation period
 * (`expressRequest: false` to leave it out).
 */
export function holdBody(
  hunterId: number,
  date: string,
  time: string,
  options: { sessionType?: string; amount?: number; expressRequest?: boolean } = {},
) {
  return {
    amount: options.amount ?? 8000,
    hunterId,
    sessionType: options.sessionType ?? 'whatsappVideo',
    sessionDate: date,
    sessionTime: time,
    duration: 60,
    expressRequest: options.expressRequest ?? true,
  };
}

/** The simulated intent of a booking (`sim_<id without dashes>`). */
export const simulatedIntentOf = (bookingId: string) => `sim_${bookingId.replaceAll('-', '')}`;

/**
 * The body of `POST /api/bookings` paying for a hold (its own date, time and price are never trusted: the hold's
 * are), by default with the simulated intent.
 */
export function paymentBody(hunterId: number, bookingId: string, stripePaymentIntentId = simulatedIntentOf(bookingId)) {
  return {
    hunterId,
    sessionType: 'whatsappVideo',
    sessionDate: '2030-01-01',
    sessionTime: '09:00',
    duration: 60,
    price: 8000,
    stripePaymentIntentId,
    bookingId,
  };
}
