import type { ContactSubmission } from '@hunted/contracts';
import {
  freePort,
  PrivateRedis,
  startServiceApp,
  TEST_DATABASE_URL,
  testIdentityHeaders,
  TEST_REDIS_URL,
  testServiceEnv,
  waitFor,
} from '@hunted/platform/testing';
import type { JobQueue } from '@hunted/platform';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { EmailSendJob, emailSend, type EmailSendData } from '../src/mail/email-send.job.js';
import { MailInbox } from './mail-inbox.js';

const SCHEMA = 'messaging_contact_it';
const REDIS_PREFIX = `test:messaging-contact:${process.pid}:`;
const SUPPORT_EMAIL = 'support@hunted.test';
const MAIL_FROM = 'Hunted Test <no-reply@hunted.test>';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Stocking your brands',
  category: 'partnership',
  message: 'We run a shop in Leeds and would like to talk.',
};

/**
 * Two sweeps from now, and then nothing waiting, delayed (a retry) or running in the email queue: whatever could
 * still send an email again (a sweep's add, a duplicate job, a retry) has had its turn.
 */
async function afterTwoSweepsNothingLeft(app: NestFastifyApplication): Promise<void> {
  const sweeps = vi.spyOn(app.get(EmailSendJob), 'pending');
  try {
    await waitFor('two sweeps', () => sweeps.mock.settledResults.length >= 2);
  } finally {
    sweeps.mockRestore();
  }
  const queue = app.get<JobQueue<EmailSendData>>(emailSend.token);
  await waitFor('nothing left to run', async () => {
    const counts = await queue.jobCounts();
    return counts !== null && counts.waiting + counts.delayed + counts.active === 0;
  });
}

/** The app as main.ts starts it; every start shares SCHEMA (the suite drops it once, before and after). */
async function startApp(options: { smtpPort: number; redisUrl?: string; redisPrefix: string }) {
  const env = testServiceEnv(SCHEMA, {
    REDIS_URL: options.redisUrl ?? TEST_REDIS_URL,
    REDIS_PREFIX: options.redisPrefix,
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
    SUPPORT_EMAIL,
    MAIL_FROM,
    CONTACT_EMAIL_ATTEMPTS: '30',
    CONTACT_EMAIL_BACKOFF_MS: '150',
    CONTACT_EMAIL_SWEEP_MS: '300',
  });
  return startServiceApp(createMessagingApp, loadConfig(env), { fresh: false });
}

function identity(isAdmin: boolean): Promise<Record<string, string>> {
  return testIdentityHeaders(
    {
      id: isAdmin ? 'admin-user' : 'member-user',
      email: isAdmin ? 'admin@hunted.test' : 'member@hunted.test',
      firstName: null,
      lastName: null,
      isAdmin,
    },
    'messaging',
  );
}

function post(base: string, body: unknown): Promise<Response> {
  return fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

interface EmailState {
  email_status: string;
  email_attempts: number;
  email_last_error: string | null;
  email_sent_at: Date | null;
}

describe('messaging: the contact inbox', () => {
  let db: pg.Client;

  async function emailState(id: number): Promise<EmailState> {
    const { rows } = await db.query<EmailState>(
      // The submission's support email is its row in the one email ledger.
      `select status as email_status, attempts as email_attempts, last_error as email_last_error,
              sent_at as email_sent_at
         from ${SCHEMA}.outbound_emails where kind = 'contact_submission' and dedupe_key = $1::text`,
      [id],
    );
    return rows[0]!;
  }

  async function ledgerIdOf(submissionId: number): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `select id::text as id from ${SCHEMA}.outbound_emails where kind = 'contact_submission' and dedupe_key = $1::text`,
      [submissionId],
    );
    return rows[0]!.id;
  }

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(`drop schema if exists ${SCHEMA} cascade`);
  });

  afterAll(async () => {
    await db?.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  describe('with SMTP and Redis up', () => {
    let app: NestFastifyApplication;
    let base: string;
    let inbox: MailInbox;

    beforeAll(async () => {
      inbox = new MailInbox();
      await inbox.start();
      ({ app, base } = await startApp({ smtpPort: inbox.port, redisPrefix: `${REDIS_PREFIX}up:` }));
    });

    afterAll(async () => {
      await app?.close();
      await inbox?.stop();
    });

    it('stores a submission with status new and answers 201 { id }', async () => {
      const response = await post(base, { ...valid, name: '  Ada Lovelace ' });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      expect(Number.isInteger(id)).toBe(true);
      const { rows } = await db.query(`select * from ${SCHEMA}.contact_submissions where id = $1`, [id]);
      expect(rows[0]).toMatchObject({ ...valid, status: 'new' });
    });

    it('emails the submission to the support address, with Reply-To the sender', async () => {
      const response = await post(base, valid);
      const { id } = (await response.json()) as { id: number };
      await waitFor('the support email', () => inbox.withHeader('X-Hunted-Contact-Submission', String(id)).length > 0);
      const [mail] = inbox.withHeader('X-Hunted-Contact-Submission', String(id));
      expect(mail!.to).toEqual([SUPPORT_EMAIL]);
      expect(mail!.from).toBe('no-reply@hunted.test');
      expect(mail!.raw).toMatch(/^From: Hunted Test <no-reply@hunted\.test>\r$/m);
      expect(mail!.raw).toMatch(/^To: support@hunted\.test\r$/m);
      expect(mail!.raw).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>\r$/m);
      expect(mail!.raw).toContain(`Subject: [Hunted contact #${id}] Partnership Opportunity: Stocking your brands`);
      expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
      for (const line of [
        'Name: Ada Lovelace',
        'Email: ada@example.com',
        'Category: Partnership Opportunity',
        'Subject: Stocking your brands',
        'We run a shop in Leeds and would like to talk.',
      ]) {
        expect(mail!.raw).toContain(line);
      }
      await waitFor('the row marked sent', async () => (await emailState(id)).email_status === 'sent');
      expect(await emailState(id)).toMatchObject({ email_status: 'sent', email_attempts: 1, email_last_error: null });
      expect((await emailState(id)).email_sent_at).toBeInstanceOf(Date);
    });

    it("defaults the category to 'general'", async () => {
      const { category, ...withoutCategory } = valid;
      expect(category).toBe('partnership');
      const response = await post(base, withoutCategory);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const { rows } = await db.query(`select category from ${SCHEMA}.contact_submissions where id = $1`, [id]);
      expect(rows[0]).toEqual({ category: 'general' });
    });

    it.each([
      ['name', 'A', 'Name must be at least 2 characters'],
      ['name', 'x'.repeat(256), 'Name must be at most 255 characters'],
      ['email', 'ada-at-example.com', 'Please enter a valid email address'],
      ['subject', 'Hey', 'Subject must be at least 5 characters'],
      ['subject', 'x'.repeat(501), 'Subject must be at most 500 characters'],
      [
        'category',
        'complaint',
        'Category must be one of: general, brand-submission, partnership, bug-report, feature-request, other',
      ],
      ['message', 'Too short', 'Message must be at least 10 characters'],
      ['message', 'x'.repeat(5001), 'Message must be at most 5000 characters'],
    ])('refuses a bad %s with its message', async (field, value, message) => {
      const before = await db.query(`select count(*)::int as n from ${SCHEMA}.contact_submissions`);
      const response = await post(base, { ...valid, [field]: value });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, message, errors: { [field]: message } });
      const after = await db.query(`select count(*)::int as n from ${SCHEMA}.contact_submissions`);
      expect(after.rows[0]).toEqual(before.rows[0]);
    });

    it('names every problem of an empty form at once', async () => {
      const response = await post(base, {});
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(body.errors).toEqual({
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        subject: 'Subject must be at least 5 characters',
        message: 'Message must be at least 10 characters',
      });
    });

    it('refuses unknown fields, such as a status chosen by the sender', async () => {
      const response = await post(base, { ...valid, status: 'resolved', id: 1 });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(body.errors).sort()).toEqual(['id', 'status']);
    });

    it('lists submissions to admins only: 401 for a guest, 403 for a member', async () => {
      const url = `${base}/api/admin/contact-submissions`;
      const guest = await fetch(url);
      expect(guest.status).toBe(401);
      expect(await guest.json()).toMatchObject({ message: 'Please sign in to continue' });
      const member = await fetch(url, { headers: await identity(false) });
      expect(member.status).toBe(403);
      expect(await member.json()).toMatchObject({ message: 'Admin access required' });
    });

    it('lists submissions newest first, with the contract fields and the total in x-total-count', async () => {
      const first = (await (await post(base, { ...valid, subject: 'First of two' })).json()) as { id: number };
      const second = (await (await post(base, { ...valid, subject: 'Second of two' })).json()) as { id: number };
      const response = await fetch(`${base}/api/admin/contact-submissions`, { headers: await identity(true) });
      expect(response.status).toBe(200);
      const list = (await response.json()) as ContactSubmission[];
      const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.contact_submissions`);
      expect(list).toHaveLength(rows[0].n);
      expect(response.headers.get('x-total-count')).toBe(String(rows[0].n));
      expect(list.slice(0, 2).map((s) => s.id)).toEqual([second.id, first.id]);
      const createdAt = list.map((s) => Date.parse(s.createdAt));
      expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
      expect(list[0]).toEqual({
        id: second.id,
        ...valid,
        subject: 'Second of two',
        status: 'new',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('answers a submission with the honeypot filled like any other, but neither stores nor emails it', async () => {
      const before = await db.query(`select count(*)::int as n, max(id) as max from ${SCHEMA}.contact_submissions`);
      const response = await post(base, { ...valid, subject: 'Cheap watches here', website: 'https://spam.example' });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      // Looks like the next id, as a real submission's would.
      expect(id).toBe(before.rows[0].max + 1);
      // Dropped before the answer: nothing stored, so nothing for a job or a sweep to email (checked again once
      // every real submission's email has come, in the last test of this block).
      const after = await db.query(`select count(*)::int as n from ${SCHEMA}.contact_submissions`);
      expect(after.rows[0].n).toBe(before.rows[0].n);
      expect(inbox.mails.filter((mail) => mail.raw.includes('Cheap watches here'))).toHaveLength(0);

      // Blank is how a person's browser sends it: stored as usual.
      const human = await post(base, { ...valid, subject: 'A real question', website: '  ' });
      expect(human.status).toBe(201);
      const humanId = ((await human.json()) as { id: number }).id;
      const { rows } = await db.query(`select subject from ${SCHEMA}.contact_submissions where id = $1`, [humanId]);
      expect(rows).toEqual([{ subject: 'A real question' }]);
    });

    it('pages the inbox with limit and offset, newest first, and caps both', async () => {
      for (let i = 1; i <= 5; i++) expect((await post(base, { ...valid, subject: `Paged message ${i}` })).status).toBe(201);
      const headers = await identity(true);
      const url = `${base}/api/admin/contact-submissions`;
      const whole = (await (await fetch(`${url}?limit=100`, { headers })).json()) as ContactSubmission[];
      const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.contact_submissions`);
      const pages: ContactSubmission[] = [];
      for (let offset = 0; offset < rows[0].n; offset += 2) {
        const page = await fetch(`${url}?limit=2&offset=${offset}`, { headers });
        expect(page.status).toBe(200);
        expect(page.headers.get('x-total-count')).toBe(String(rows[0].n));
        const items = (await page.json()) as ContactSubmission[];
        expect(items.length).toBeLessThanOrEqual(2);
        pages.push(...items);
      }
      expect(pages.map((s) => s.id)).toEqual(whole.map((s) => s.id));
      expect(whole.slice(0, 5).map((s) => s.subject)).toEqual([5, 4, 3, 2, 1].map((i) => `Paged message ${i}`));

      for (const [query, field, message] of [
        ['limit=101', 'limit', 'limit must be at most 100'],
        ['limit=0', 'limit', 'limit must be at least 1'],
        ['offset=10001', 'offset', 'offset must be at most 10000'],
        ['offset=-1', 'offset', 'offset must be 0 or more'],
      ]) {
        const refused = await fetch(`${url}?${query}`, { headers });
        expect(refused.status, query).toBe(400);
        expect(((await refused.json()) as { errors: Record<string, string> }).errors, query).toEqual({
          [field!]: message,
        });
      }
    });

    it('has delivered every submission made here exactly once', async () => {
      const { rows } = await db.query<{ id: number }>(`select id from ${SCHEMA}.contact_submissions`);
      await waitFor('every email', () => rows.every(({ id }) => inbox.withHeader('X-Hunted-Contact-Submission', String(id)).length > 0));
      for (const { id } of rows) expect(inbox.withHeader('X-Hunted-Contact-Submission', String(id))).toHaveLength(1);
      // The honeypot's submission, made before several of these, never came.
      expect(inbox.mails.filter((mail) => mail.raw.includes('Cheap watches here'))).toHaveLength(0);
    });
  });

  it('keeps a submission while SMTP is unreachable, retries, and delivers it once when SMTP is back', async () => {
    const inbox = new MailInbox(await freePort());
    const { app, base } = await startApp({ smtpPort: inbox.port, redisPrefix: `${REDIS_PREFIX}smtp-down:` });
    try {
      await smtpOutage(app, base, inbox);
    } finally {
      // Closed before the next case starts: its sweep would otherwise pick up that case's submission too.
      await app.close();
      await inbox.stop();
    }
  });

  async function smtpOutage(app: NestFastifyApplication, base: string, inbox: MailInbox): Promise<void> {
    const response = await post(base, { ...valid, subject: 'Sent while SMTP was down' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    await waitFor('two failed attempts', async () => (await emailState(id)).email_attempts >= 2);
    const failing = await emailState(id);
    expect(failing.email_status).toBe('pending');
    expect(failing.email_last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(inbox.withHeader('X-Hunted-Contact-Submission', String(id))).toHaveLength(0);

    await inbox.start();
    await waitFor('the email after SMTP came back', () => inbox.withHeader('X-Hunted-Contact-Submission', String(id)).length > 0, 20_000);
    await waitFor('the row marked sent', async () => (await emailState(id)).email_status === 'sent');
    // Sweeps later, with no retry left to run, still one email.
    await afterTwoSweepsNothingLeft(app);
    expect(inbox.withHeader('X-Hunted-Contact-Submission', String(id))).toHaveLength(1);
    const sent = await emailState(id);
    expect(sent).toMatchObject({ email_status: 'sent', email_last_error: null });
    expect(sent.email_attempts).toBeGreaterThan(failing.email_attempts);
  }

  it('takes a submission while Redis is down and emails it once Redis is back', async () => {
    const inbox = new MailInbox();
    await inbox.start();
    const redis = new PrivateRedis();
    await redis.hold();
    const { app, base } = await startApp({ smtpPort: inbox.port, redisUrl: redis.url, redisPrefix: 'contact-it:' });
    try {
      await redisOutage(app, base, inbox, redis);
    } finally {
      await app.close();
      await inbox.stop();
      await redis.destroy();
    }
  });

  async function redisOutage(app: NestFastifyApplication, base: string, inbox: MailInbox, redis: PrivateRedis): Promise<void> {
    // The add is held until the test lets it go (then it meets the Redis that is down): the answer coming first
    // shows it does not wait for Redis, whatever the time each takes.
    const queue = app.get<JobQueue<EmailSendData>>(emailSend.token);
    const tryAdd = queue.tryAdd.bind(queue);
    let letAddGo: () => void = () => undefined;
    const addHeld = new Promise<void>((resolve) => (letAddGo = resolve));
    const adds = vi.spyOn(queue, 'tryAdd').mockImplementation(async (...args) => {
      await addHeld;
      return tryAdd(...args);
    });
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    let response: Response;
    try {
      response = await post(base, { ...valid, subject: 'Sent while Redis was down' });
      expect(adds).toHaveBeenCalledTimes(1);
    } finally {
      letAddGo();
      adds.mockRestore();
    }
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    // The add given up on (Redis away for its 2 s); no sweep runs while Redis is away.
    const emailId = await ledgerIdOf(id);
    await waitFor('the add given up on', () =>
      warnings.mock.calls.some((call) => String(call[0]).startsWith(`job email-${emailId} not added yet`)),
    );
    warnings.mockRestore();
    expect(await emailState(id)).toMatchObject({ email_status: 'pending', email_attempts: 0 });
    expect(inbox.withHeader('X-Hunted-Contact-Submission', String(id))).toHaveLength(0);

    await redis.start();
    await waitFor('the email after Redis came back', () => inbox.withHeader('X-Hunted-Contact-Submission', String(id)).length > 0, 20_000);
    await waitFor('the row marked sent', async () => (await emailState(id)).email_status === 'sent');
    await afterTwoSweepsNothingLeft(app);
    expect(inbox.withHeader('X-Hunted-Contact-Submission', String(id))).toHaveLength(1);
  }
});
