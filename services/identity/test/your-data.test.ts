import { randomUUID } from 'node:crypto';
import {
  LEGAL_DOCUMENT_VERSIONS,
  RIGHTS_SERVICES,
  type AccountDeletionView,
  type AdminDeletionRow,
  type AdminDeletionsResponse,
  type CurrentAccountDeletionResponse,
  type CurrentDataExportResponse,
  type DataExportPart,
  type DataExportView,
  type RightsService,
} from '@hunted/contracts';
import {
  consumerCaughtUp,
  readJobScheduler,
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  testIdentityHeaders,
  testServiceEnv,
  TEST_PNG,
  TEST_REDIS_URL,
  tracesOf,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { signSessionId } from '../src/sessions/session-cookie.js';
import { SessionStore } from '../src/sessions/session.store.js';
import { UsersService, type User } from '../src/users/users.service.js';
import { DELETION_EMAIL_MISMATCH, RETRY_WHEN_DONE, RETRY_WHEN_REFUSED } from '../src/your-data/account-deletions.service.js';
import {
  DATA_EXPORT_EXPIRY_QUEUE,
  DATA_EXPORT_EXPIRY_SCHEDULER,
  DataExportExpiryJob,
} from '../src/your-data/data-export-expiry.job.js';

/**
 * Identity's side of the two people's-rights sagas (issue 36), against real PostgreSQL and Redis: the answers of
 * the other services arrive as real events on their streams (a TestPublisher per service), read by identity's
 * real consumer.
 */

const SCHEMA = 'identity_your_data_it';
const ISSUER = 'https://provider.example.test';
const SESSION_SECRET = 'test-session-secret-0123456789abcdef0123';
const EXPORTS_PER_DAY = 2;
/** A profile edit that only sets the photo (the other fields left as they are). */
const PHOTO_ONLY = {
  firstName: undefined,
  lastName: undefined,
  instagramUrl: undefined,
  profileImageUrl: `data:image/png;base64,${TEST_PNG.toString('base64')}`,
};

interface Member {
  user: User;
  subject: string;
  headers: Record<string, string>;
}

describe("identity's side of export and erasure", () => {
  let running: RunningServiceApp<NestFastifyApplication>;
  let base: string;
  let dataSource: DataSource;
  let users: UsersService;
  let sessions: SessionStore;
  let redis: Redis;
  let redisPrefix: string;
  const publishers = new Map<RightsService, TestPublisher>();

  beforeAll(async () => {
    const config = loadConfig(
      testServiceEnv(SCHEMA, {
        SESSION_SECRET,
        ADMIN_EMAILS: 'boss@hunted.test',
        DATA_EXPORTS_PER_DAY: String(EXPORTS_PER_DAY),
      }),
    );
    redisPrefix = config.REDIS_PREFIX;
    running = await startServiceApp(createIdentityApp, config);
    base = running.base;
    dataSource = running.app.get(DataSource);
    users = running.app.get(UsersService);
    sessions = running.app.get(SessionStore);
    redis = new Redis(TEST_REDIS_URL);
    for (const service of RIGHTS_SERVICES) {
      publishers.set(service, await startTestPublisher(service, { schema: `${SCHEMA}_${service}`, redisPrefix }));
    }
  });

  afterAll(async () => {
    for (const [service, publisher] of publishers) {
      await publisher.close();
      await dataSource?.query(`drop schema if exists "${SCHEMA}_${service}" cascade`);
    }
    redis?.disconnect();
    await running?.close();
  });

  async function member(firstName: string, lastName: string): Promise<Member> {
    const subject = randomUUID();
    const email = `${firstName.toLowerCase()}-${subject.slice(0, 8)}@example.test`;
    const user = await users.signIn({ issuer: ISSUER, subject, email, firstName, lastName });
    const headers = await testIdentityHeaders(
      { id: user.id, email: user.email, firstName, lastName, isAdmin: false },
      'identity',
    );
    return { user, subject, headers };
  }

  const admin = () =>
    testIdentityHeaders({ id: 'admin-1', email: 'boss@hunted.test', firstName: 'Boss', lastName: null, isAdmin: true }, 'identity');

  async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
    return fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function outbox(type: string): Promise<Record<string, unknown>[]> {
    const rows: { data: Record<string, unknown> }[] = await dataSource.query(
      `select data from "${SCHEMA}".outbox where type = $1 order by seq`,
      [type],
    );
    return rows.map((row) => row.data);
  }

  async function exportOf(id: string, headers: Record<string, string>): Promise<DataExportView> {
    const response = await call('GET', `/api/account/data-exports/${id}`, headers);
    expect(response.status).toBe(200);
    return (await response.json()) as DataExportView;
  }

  async function partsReady(exportId: string, userId: string, services: readonly RightsService[]): Promise<void> {
    for (const service of services) {
      await publishers.get(service)!.publish(`${service}.data-export.part-ready`, { exportId, userId, files: 2, bytes: 100 });
    }
  }

  /** Every event published so far has reached identity and been applied: nothing of them can change anything more. */
  async function caughtUp(): Promise<void> {
    await waitFor('every publisher to send and identity to apply it', async () => {
      for (const publisher of publishers.values()) if (!(await publisher.allSent())) return false;
      return consumerCaughtUp(redis, redisPrefix, 'identity');
    });
  }

  async function deletionOf(id: string): Promise<{ status: string; retries: number; completedAt: Date | null } | undefined> {
    const rows: { status: string; retries: number; completedAt: Date | null }[] = await dataSource.query(
      `select status, retries, completed_at as "completedAt" from "${SCHEMA}".account_deletions where id = $1`,
      [id],
    );
    return rows[0];
  }

  it('starts an export with identity part stored, keeps one at a time, and is ready only once all six parts are in', async () => {
    const alice = await member('Alice', 'Archer');
    const bob = await member('Bob', 'Baker');
    await users.update(alice.user.id, PHOTO_ONLY);
    await users.setTimeZone(alice.user.id, 'Europe/Paris');
    await sessions.set('alice-session-id-secret', { userId: alice.user.id, signedInAt: '2026-01-02T03:04:05.000Z' }, new Date(Date.now() + 86_400_000));

    const started = await call('POST', '/api/account/data-exports', alice.headers);
    expect(started.status).toBe(200);
    const view = (await started.json()) as DataExportView;
    expect(view).toMatchObject({ status: 'assembling', readyAt: null, expiresAt: null, downloadUrl: null });
    expect(view.parts.filter((part) => part.ready).map((part) => part.service)).toEqual(['identity']);
    expect(await outbox('identity.data-export.requested')).toContainEqual({ exportId: view.id, userId: alice.user.id });

    // A second request while it is assembled is the same export.
    const again = (await (await call('POST', '/api/account/data-exports', alice.headers)).json()) as DataExportView;
    expect(again.id).toBe(view.id);
    expect((await outbox('identity.data-export.requested')).filter((data) => data.exportId === view.id)).toHaveLength(1);
    const current = (await (await call('GET', '/api/account/data-exports/current', alice.headers)).json()) as CurrentDataExportResponse;
    expect(current.export?.id).toBe(view.id);

    // Identity's own part: the account, the sessions' metadata (never their ids), the photo, and a README.
    const partResponse = await call('GET', `/api/account/data-exports/${view.id}/parts/identity`, alice.headers);
    expect(partResponse.status).toBe(200);
    const part = (await partResponse.json()) as DataExportPart;
    expect(part.files.map((file) => file.path).sort()).toEqual([
      'identity/README.md',
      'identity/account.json',
      'identity/avatar.png',
      'identity/sessions.json',
      'identity/terms-acceptances.json',
    ]);
    const text = (path: string) => Buffer.from(part.files.find((file) => file.path === path)!.base64, 'base64').toString('utf8');
    expect(JSON.parse(text('identity/account.json'))).toMatchObject({
      id: alice.user.id,
      email: alice.user.email,
      firstName: 'Alice',
      lastName: 'Archer',
      timeZone: 'Europe/Paris',
      profilePhoto: 'avatar.png',
    });
    expect(JSON.parse(text('identity/sessions.json'))).toEqual([
      { signedInAt: '2026-01-02T03:04:05.000Z', expiresAt: expect.any(String) },
    ]);
    // Signing up accepted the current terms (decision 0103).
    expect(JSON.parse(text('identity/terms-acceptances.json'))).toEqual([
      { document: 'terms', version: LEGAL_DOCUMENT_VERSIONS.terms, acceptedAt: expect.any(String) },
    ]);
    expect(part.files.map((file) => Buffer.from(file.base64, 'base64').toString('latin1')).join('')).not.toContain('alice-session-id-secret');
    expect(text('identity/README.md').split('\n')[0]).toMatch(/^Your Hunted account/);
    const avatar = Buffer.from(part.files.find((file) => file.path === 'identity/avatar.png')!.base64, 'base64');
    const [stored]: { bytes: Buffer }[] = await dataSource.query(`select bytes from "${SCHEMA}".images where user_id = $1`, [alice.user.id]);
    expect(avatar.equals(stored!.bytes)).toBe(true);

    // Another member, a guest's made-up id, a non-id: 404, as for anything unknown.
    expect((await call('GET', `/api/account/data-exports/${view.id}`, bob.headers)).status).toBe(404);
    expect((await call('GET', `/api/account/data-exports/${view.id}/parts/identity`, bob.headers)).status).toBe(404);
    expect((await call('GET', `/api/account/data-exports/${randomUUID()}`, alice.headers)).status).toBe(404);
    expect((await call('GET', '/api/account/data-exports/not-an-id', alice.headers)).status).toBe(404);
    expect((await call('GET', `/api/account/data-exports/${view.id}`, {})).status).toBe(401);

    // Four of the five others: still assembling (a service that is down only delays it).
    await partsReady(view.id, alice.user.id, ['brands', 'reviews', 'hunters', 'bookings']);
    await caughtUp();
    const four = await exportOf(view.id, alice.headers);
    expect(four.status).toBe('assembling');
    expect(four.parts.filter((p) => !p.ready).map((p) => p.service)).toEqual(['messaging']);
    expect((await outbox('identity.data-export.ready')).filter((data) => data.exportId === view.id)).toHaveLength(0);

    await partsReady(view.id, alice.user.id, ['messaging']);
    await waitFor('the export to be ready', async () => (await exportOf(view.id, alice.headers)).status === 'ready');
    const ready = await exportOf(view.id, alice.headers);
    expect(ready.downloadUrl).toBe(`/api/account/data-exports/${view.id}/archive`);
    expect(ready.parts.every((p) => p.ready)).toBe(true);
    const days = (Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect(await outbox('identity.data-export.ready')).toContainEqual({ exportId: view.id, userId: alice.user.id, expiresAt: ready.expiresAt });

    // A redelivered part-ready of a ready export changes nothing.
    await partsReady(view.id, alice.user.id, ['messaging']);
    await caughtUp();
    expect((await outbox('identity.data-export.ready')).filter((data) => data.exportId === view.id)).toHaveLength(1);

    // A new request replaces the ready one: it expires (its parts deleted everywhere), a new one starts.
    const second = (await (await call('POST', '/api/account/data-exports', alice.headers)).json()) as DataExportView;
    expect(second.id).not.toBe(view.id);
    expect((await exportOf(view.id, alice.headers)).status).toBe('expired');
    expect(await outbox('identity.data-export.expired')).toContainEqual({ exportId: view.id, userId: alice.user.id });
    expect((await call('GET', `/api/account/data-exports/${view.id}/parts/identity`, alice.headers)).status).toBe(404);

    // The day's cap (two here): once the second is ready, a third is refused with a sentence, nothing started.
    await partsReady(second.id, alice.user.id, RIGHTS_SERVICES);
    await waitFor('the second export to be ready', async () => (await exportOf(second.id, alice.headers)).status === 'ready');
    const capped = await call('POST', '/api/account/data-exports', alice.headers);
    expect(capped.status).toBe(429);
    expect(((await capped.json()) as { message: string }).message).toBe(
      'You can start 2 downloads of your data a day. Use the one you have, or try again tomorrow.',
    );
    expect((await exportOf(second.id, alice.headers)).status).toBe('ready');

    // The expiry job: a ready export past its time expires, identity's part goes, the others are told.
    await dataSource.query(`update "${SCHEMA}".data_exports set expires_at = now() - interval '1 minute' where id = $1`, [second.id]);
    expect(await running.app.get(DataExportExpiryJob).run()).toEqual({ expired: 1 });
    expect((await exportOf(second.id, alice.headers)).status).toBe('expired');
    expect(await outbox('identity.data-export.expired')).toContainEqual({ exportId: second.id, userId: alice.user.id });
    expect((await call('GET', `/api/account/data-exports/${second.id}/parts/identity`, alice.headers)).status).toBe(404);
    // Run again: nothing more to expire.
    expect(await running.app.get(DataExportExpiryJob).run()).toEqual({ expired: 0 });
    // It runs every hour, once per turn across replicas (a job scheduler).
    const schedule = { redisUrl: TEST_REDIS_URL, redisPrefix, queue: DATA_EXPORT_EXPIRY_QUEUE, id: DATA_EXPORT_EXPIRY_SCHEDULER };
    await waitFor('the expiry job to be scheduled', async () => (await readJobScheduler(schedule)) !== undefined);
    expect(await readJobScheduler(schedule)).toMatchObject({ every: 3_600_000 });
  });

  it('deletes an account: refused with sentences, then cleared (the account gone at once), erased everywhere, retried', async () => {
    const carol = await member('Carol', 'Cartwright');
    const dave = await member('Dave', 'Dunmore');
    for (const who of [carol, dave]) {
      await users.update(who.user.id, PHOTO_ONLY);
      await call('POST', '/api/account/data-exports', who.headers);
    }
    const carolSid = `carol-${randomUUID()}`;
    await sessions.set(carolSid, { userId: carol.user.id, signedInAt: new Date().toISOString() }, new Date(Date.now() + 86_400_000));
    await sessions.set(`carol-2-${randomUUID()}`, { userId: carol.user.id }, new Date(Date.now() + 86_400_000));
    await sessions.set(`dave-${randomUUID()}`, { userId: dave.user.id }, new Date(Date.now() + 86_400_000));

    const mismatch = await call('POST', '/api/account/deletion', carol.headers, { email: dave.user.email });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { message: string }).message).toBe(DELETION_EMAIL_MISMATCH);
    expect((await call('POST', '/api/account/deletion', carol.headers, {})).status).toBe(400);
    expect(await outbox('identity.user.deletion-requested')).not.toContainEqual(expect.objectContaining({ userId: carol.user.id }));

    const first = await call('POST', '/api/account/deletion', carol.headers, { email: `  ${carol.user.email.toUpperCase()} ` });
    expect(first.status).toBe(200);
    const refusedOne = (await first.json()) as AccountDeletionView;
    expect(refusedOne).toMatchObject({ status: 'checking', blockers: [] });
    expect(await outbox('identity.user.deletion-requested')).toContainEqual({ deletionId: refusedOne.id, userId: carol.user.id });
    // A second request while one runs is the same deletion.
    const same = (await (await call('POST', '/api/account/deletion', carol.headers, { email: carol.user.email })).json()) as AccountDeletionView;
    expect(same.id).toBe(refusedOne.id);

    await publishers.get('bookings')!.publish('bookings.user-deletion.refused', {
      deletionId: refusedOne.id,
      userId: carol.user.id,
      blockers: [
        { code: 'upcoming-booking', count: 1 },
        { code: 'payout-owed', count: 2 },
      ],
    });
    await waitFor('the deletion to be refused', async () => (await deletionOf(refusedOne.id))?.status === 'refused');
    const seen = (await (await call('GET', '/api/account/deletion', carol.headers)).json()) as CurrentAccountDeletionResponse;
    expect(seen.deletion).toEqual({
      id: refusedOne.id,
      status: 'refused',
      requestedAt: refusedOne.requestedAt,
      blockers: [
        {
          code: 'upcoming-booking',
          count: 1,
          message: 'You have 1 upcoming booking. Cancel it or wait until it has taken place, then try again.',
        },
        {
          code: 'payout-owed',
          count: 2,
          message: 'You have 2 payouts still owed to you. Once they have reached your bank account, try again.',
        },
      ],
    });
    expect(await users.findById(carol.user.id)).not.toBeNull();

    // Asked again once the booking is over: a new deletion, cleared this time.
    const deletion = (await (await call('POST', '/api/account/deletion', carol.headers, { email: carol.user.email })).json()) as AccountDeletionView;
    expect(deletion.id).not.toBe(refusedOne.id);
    await publishers.get('bookings')!.publish('bookings.user-deletion.cleared', { deletionId: deletion.id, userId: carol.user.id });
    await waitFor('the account to be erased at identity', async () => (await deletionOf(deletion.id))?.status === 'erasing');

    expect(await users.findById(carol.user.id)).toBeNull();
    const cookie = `hunted.sid=${encodeURIComponent(signSessionId(carolSid, SESSION_SECRET))}`;
    const resolved = await fetch(`${base}/internal/session`, { headers: { cookie } });
    expect(await resolved.json()).toEqual({ user: null });
    expect(await outbox('identity.user.deleted')).toContainEqual({ deletionId: deletion.id, userId: carol.user.id });
    // The erasure proof: nothing of identity's schema names Carol but the deletions' own rows (their random id).
    expect(await tracesOf(dataSource, SCHEMA, [carol.user.id, carol.user.email, 'Carol', 'Cartwright'])).toEqual([
      { table: 'account_deletions', column: 'user_id', rows: 2 },
    ]);
    // Dave is untouched: his row, photo, session, export and its part.
    const daveTraces = await tracesOf(dataSource, SCHEMA, [dave.user.id]);
    expect(daveTraces.map((trace) => trace.table).sort()).toEqual(
      ['data_export_files', 'data_exports', 'images', 'sessions', 'terms_acceptances', 'upload_quota_days', 'users'].sort(),
    );
    expect(await users.findById(dave.user.id)).not.toBeNull();

    // Four services report; the fifth is down. An admin sees the progress and sends the deletion again.
    for (const service of ['brands', 'reviews', 'hunters', 'bookings'] as const) {
      await publishers.get(service)!.publish(`${service}.user-data.erased`, { deletionId: deletion.id, userId: carol.user.id });
    }
    await caughtUp();
    expect((await deletionOf(deletion.id))?.status).toBe('erasing');
    const listed = await call('GET', '/api/admin/deletions', await admin());
    expect(listed.status).toBe(200);
    const row = ((await listed.json()) as AdminDeletionsResponse).deletions.find((d) => d.id === deletion.id)!;
    expect(row).toMatchObject({ userId: carol.user.id, status: 'erasing', completedAt: null, retries: 0 });
    expect(row.services.filter((s) => s.erasedAt === null).map((s) => s.service)).toEqual(['messaging']);
    expect(row.services.map((s) => s.service).sort()).toEqual([...RIGHTS_SERVICES].sort());

    expect((await call('GET', '/api/admin/deletions', dave.headers)).status).toBe(403);
    expect((await call('POST', `/api/admin/deletions/${deletion.id}/retry`, dave.headers)).status).toBe(403);
    expect((await call('POST', `/api/admin/deletions/${randomUUID()}/retry`, await admin())).status).toBe(404);
    const refusedRetry = await call('POST', `/api/admin/deletions/${refusedOne.id}/retry`, await admin());
    expect(refusedRetry.status).toBe(409);
    expect(((await refusedRetry.json()) as { message: string }).message).toBe(RETRY_WHEN_REFUSED);

    const retried = await call('POST', `/api/admin/deletions/${deletion.id}/retry`, await admin());
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as AdminDeletionRow).retries).toBe(1);
    expect((await outbox('identity.user.deleted')).filter((data) => data.deletionId === deletion.id)).toEqual([
      { deletionId: deletion.id, userId: carol.user.id },
      { deletionId: deletion.id, userId: carol.user.id },
    ]);

    // Messaging is back: the deletion is done. A redelivered answer changes nothing; a retry is refused.
    await publishers.get('messaging')!.publish('messaging.user-data.erased', { deletionId: deletion.id, userId: carol.user.id });
    await waitFor('the deletion to be done', async () => (await deletionOf(deletion.id))?.status === 'done');
    const done = await deletionOf(deletion.id);
    expect(done?.completedAt).toBeInstanceOf(Date);
    await publishers.get('bookings')!.publish('bookings.user-deletion.cleared', { deletionId: deletion.id, userId: carol.user.id });
    await publishers.get('messaging')!.publish('messaging.user-data.erased', { deletionId: deletion.id, userId: carol.user.id });
    await caughtUp();
    expect(await deletionOf(deletion.id)).toEqual(done);
    expect((await outbox('identity.user.deleted')).filter((data) => data.deletionId === deletion.id)).toHaveLength(2);
    const doneRetry = await call('POST', `/api/admin/deletions/${deletion.id}/retry`, await admin());
    expect(doneRetry.status).toBe(409);
    expect(((await doneRetry.json()) as { message: string }).message).toBe(RETRY_WHEN_DONE);

    // Signing in again with the same provider account: a new, empty account under a new id.
    const returning = await users.signIn({ issuer: ISSUER, subject: carol.subject, email: carol.user.email, firstName: 'Carol', lastName: null });
    expect(returning.id).not.toBe(carol.user.id);
    expect(returning).toMatchObject({ email: carol.user.email, firstName: 'Carol', lastName: null, profileImageUrl: null, instagramUrl: null });
    const fresh = await testIdentityHeaders({ id: returning.id, email: returning.email, firstName: 'Carol', lastName: null, isAdmin: false }, 'identity');
    expect(((await (await call('GET', '/api/account/deletion', fresh)).json()) as CurrentAccountDeletionResponse).deletion).toBeNull();
    expect(((await (await call('GET', '/api/account/data-exports/current', fresh)).json()) as CurrentDataExportResponse).export).toBeNull();
  });

  it('erases nothing by halves when the erasure is cut off mid-way, and applies it once when it runs again', async () => {
    const erin = await member('Erin', 'Eastwood');
    await users.update(erin.user.id, PHOTO_ONLY);
    await sessions.set(`erin-${randomUUID()}`, { userId: erin.user.id }, new Date(Date.now() + 86_400_000));
    const deletion = (await (await call('POST', '/api/account/deletion', erin.headers, { email: erin.user.email })).json()) as AccountDeletionView;

    // The photos' table is held, so the erasure stops at its photo, its sessions already deleted in its transaction.
    const holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table "${SCHEMA}".images in share mode`);
      await publishers.get('bookings')!.publish('bookings.user-deletion.cleared', { deletionId: deletion.id, userId: erin.user.id });
      let stuck: number | undefined;
      await waitFor('the erasure to wait on the photos', async () => {
        const { rows } = await holder.query<{ pid: number }>(
          `select l.pid from pg_locks l join pg_class c on c.oid = l.relation join pg_namespace n on n.oid = c.relnamespace
            where not l.granted and c.relname = 'images' and n.nspname = $1`,
          [SCHEMA],
        );
        stuck = rows[0]?.pid;
        return stuck !== undefined;
      });
      // The consumer's connection dies mid-transaction, as when its process is killed.
      await holder.query('select pg_terminate_backend($1)', [stuck]);
      const { rows: left } = await holder.query<{ n: number }>(
        `select count(*)::int as n from "${SCHEMA}".sessions where sess->>'userId' = $1`,
        [erin.user.id],
      );
      expect(left[0]!.n).toBe(1);
      const { rows: stillThere } = await holder.query(`select id from "${SCHEMA}".users where id = $1`, [erin.user.id]);
      expect(stillThere).toHaveLength(1);
      expect((await deletionOf(deletion.id))?.status).toBe('checking');
      expect((await outbox('identity.user.deleted')).filter((data) => data.deletionId === deletion.id)).toHaveLength(0);
      await holder.query('commit');
    } finally {
      await holder.end();
    }

    // Tried again once the database lets it: applied whole, once.
    await waitFor('the erasure to be applied', async () => (await deletionOf(deletion.id))?.status === 'erasing');
    await caughtUp();
    expect(await tracesOf(dataSource, SCHEMA, [erin.user.id, erin.user.email, 'Eastwood'])).toEqual([
      { table: 'account_deletions', column: 'user_id', rows: 1 },
    ]);
    expect((await outbox('identity.user.deleted')).filter((data) => data.deletionId === deletion.id)).toHaveLength(1);
  });
});
