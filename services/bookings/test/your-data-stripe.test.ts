import { randomUUID } from 'node:crypto';
import { startTestPublisher, waitFor, type RunningServiceApp, type TestPublisher } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutAccountClosureJob } from '../src/your-data/payout-account-closures.job.js';
import { FakeStripe } from './fake-stripe/fake-stripe.js';
import { seedHunter, startBookings, type RunningBookings } from './support/bookings-fixture.js';

/**
 * An erased hunter's Express account is deleted at Stripe (`accounts.del`, through the real SDK against the fake
 * Stripe) by the closure job once the erasure has committed; an account Stripe refuses to delete (its balance not
 * zero) is recorded and asked again; one Stripe no longer knows counts as closed; a closure done is not asked twice.
 */
const SCHEMA = 'bookings_your_data_stripe_it';
const IDENTITY_SCHEMA = 'bookings_your_data_stripe_identity_it';

describe('bookings: the Connect account of an erased hunter, at Stripe', () => {
  let stripe: FakeStripe;
  let running: RunningBookings;
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let identity: TestPublisher;

  /** A hunter with an Express account made at the fake Stripe; answers the account's id. */
  async function hunterWithAccount(hunterId: number, userId: string): Promise<string> {
    await seedHunter(db, SCHEMA, { id: hunterId, userId, hours: ['09:00'], payoutAccount: false });
    const account = await stripe.client().accounts.create({ type: 'express', country: 'GB' });
    await db.query(
      `insert into ${SCHEMA}.hunter_payout_accounts (hunter_id, user_id, account_id, mode, details_submitted,
         charges_enabled, payouts_enabled, state_at)
       values ($1, $2, $3, 'stripe', true, true, true, now())`,
      [hunterId, userId, account.id],
    );
    return account.id;
  }

  const closure = async (accountId: string) =>
    (
      await db.query<{ closed: boolean; attempts: number; lastError: string | null }>(
        `select closed_at is not null as closed, attempts, last_error as "lastError"
           from ${SCHEMA}.payout_account_closures where account_id = $1`,
        [accountId],
      )
    ).rows[0];

  const deletesOf = (accountId: string) =>
    stripe.requests.filter((request) => request.method === 'DELETE' && request.path === `/v1/accounts/${accountId}`).length;

  async function erase(userId: string): Promise<void> {
    const deletionId = randomUUID();
    await identity.publish('identity.user.deleted', { deletionId, userId });
    await waitFor('the erasure applied', async () => {
      const { rows } = await db.query(
        `select 1 from ${SCHEMA}.outbox where type = 'bookings.user-data.erased' and data->>'deletionId' = $1`,
        [deletionId],
      );
      return rows.length > 0;
    });
  }

  const runJob = (accountId: string) =>
    app.app.get(PayoutAccountClosureJob).run({ data: { accountId }, id: `close-${accountId}`, attemptsMade: 0, finalAttempt: false });

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    running = await startBookings(SCHEMA, { env: { ...stripe.env(), HOLD_SWEEP_MS: '3600000' } });
    app = running.apps[0]!;
    db = running.db;
    await db.query(`drop schema if exists ${IDENTITY_SCHEMA} cascade`);
    identity = await startTestPublisher('identity', { schema: IDENTITY_SCHEMA, redisPrefix: `test:${SCHEMA}:${process.pid}:` });
  }, 60_000);

  afterAll(async () => {
    await identity?.close();
    await db?.query(`drop schema if exists ${IDENTITY_SCHEMA} cascade`);
    await running?.close();
    await stripe?.stop();
  });

  it('deletes the account at Stripe after the erasure commits, once', async () => {
    const accountId = await hunterWithAccount(71, 'u-stripe-hunter-71');
    await erase('u-stripe-hunter-71');
    await waitFor('the account deleted at Stripe', async () => (await closure(accountId))?.closed === true);
    expect(stripe.accounts.has(accountId)).toBe(false);
    expect(deletesOf(accountId)).toBe(1);
    // The row keeps where the earnings went, naming nobody.
    expect(
      (await db.query(`select user_id from ${SCHEMA}.hunter_payout_accounts where account_id = $1`, [accountId])).rows,
    ).toEqual([{ user_id: null }]);
    // Done is done: a second run (a retry, the sweep) and a second delivery ask Stripe nothing.
    expect(await runJob(accountId)).toBe('done already');
    await erase('u-stripe-hunter-71');
    expect(await runJob(accountId)).toBe('done already');
    expect(deletesOf(accountId)).toBe(1);
  });

  it('an account Stripe will not delete yet (a balance) is recorded and asked again until it goes', async () => {
    const accountId = await hunterWithAccount(72, 'u-stripe-hunter-72');
    stripe.accountsWithBalance.add(accountId);
    await erase('u-stripe-hunter-72');
    await waitFor('the refusal recorded', async () => ((await closure(accountId))?.attempts ?? 0) >= 1);
    expect(await closure(accountId)).toMatchObject({ closed: false, lastError: expect.stringMatching(/balance/) });
    expect(stripe.accounts.has(accountId)).toBe(true);
    await expect(runJob(accountId)).rejects.toThrow(/balance/);

    stripe.accountsWithBalance.delete(accountId);
    expect(await runJob(accountId)).toBe('closed');
    expect(stripe.accounts.has(accountId)).toBe(false);
    expect(await closure(accountId)).toMatchObject({ closed: true });
  });

  it('an account Stripe no longer knows (deleted in the dashboard, or an answer lost) counts as closed', async () => {
    const accountId = await hunterWithAccount(73, 'u-stripe-hunter-73');
    stripe.accounts.delete(accountId);
    await erase('u-stripe-hunter-73');
    await waitFor('the closure done', async () => (await closure(accountId))?.closed === true);
    expect(deletesOf(accountId)).toBeGreaterThanOrEqual(1);
  });
});
