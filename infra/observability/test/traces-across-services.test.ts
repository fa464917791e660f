import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { AVAILABILITY_SLOTS, DEFAULT_SESSION_TYPES, londonDateOf, WEEKDAYS, type SessionUser, type WeeklyHours } from '@hunted/contracts';
import {
  removeTestData,
  startInMemoryTracing,
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type InMemoryTracing,
  type ReadableSpan,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, listen, startTestGateway, testGatewayConfig, type StartedGateway } from '../../../gateway/test/support/test-gateway.js';
// The services' built apps, as their main.ts runs them: a service's own code imports no other service's (the lint's
// border is services/*/src), and this test, which belongs to none of them, starts each from its dist.
import { createBookingsApp } from '../../../services/bookings/dist/app.js';
import { loadConfig as bookingsConfigOf } from '../../../services/bookings/dist/config.js';
import { createMessagingApp } from '../../../services/messaging/dist/app.js';
import { loadConfig as messagingConfigOf, type MessagingConfig } from '../../../services/messaging/dist/config.js';

/**
 * One trace across the real apps in one process: a member's free booking through the real gateway to the real
 * bookings app, its `bookings.booking.confirmed` event through the outbox, relay and Redis stream to the real
 * messaging app, which opens the conversation and queues the confirmation emails, and the email jobs' runs (sent to
 * an SMTP catcher). The hunters and identity services are their events alone (test publishers), identity's session
 * lookup a stand-in. Every span is caught by the SDK's InMemorySpanExporter (startInMemoryTracing).
 * gateway/test/traces.test.ts checks the same plumbing in more detail with small stand-in services.
 */

const RUN = `${process.pid}_${randomUUID().slice(0, 6)}`;
const SCHEMAS = {
  bookings: `xtrace_bookings_${RUN}`,
  messaging: `xtrace_messaging_${RUN}`,
  hunters: `xtrace_hunters_${RUN}`,
  identity: `xtrace_identity_${RUN}`,
};
/** One deployment's prefix: messaging reads the streams bookings, hunters and identity write. */
const REDIS_PREFIX = `test:xtrace:${RUN}:`;

const HUNTER_ID = 41;
const CLIENT: SessionUser = { id: `user-ada-${RUN}`, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', isAdmin: false, acceptedTerms: ['terms', 'hunterTerms'] };
const HUNTER_USER = { id: `user-sofia-${RUN}`, email: 'sofia@example.com', firstName: 'Sofia', lastName: 'Martinez' };
const SESSION_COOKIE = 'hunted.sid=ada-session';
/** Three days ahead (London), 12:00: well past the minimum notice, and its reminders are days away. */
const bookingDate = londonDateOf(Date.now() + 3 * 86_400_000);

/** Identity's session lookup as the gateway asks it: the client's cookie is the client, anything else nobody. */
function identityStandIn(): http.Server {
  return http.createServer((req, res) => {
    const signedIn = (req.headers.cookie ?? '').includes(SESSION_COOKIE);
    res.writeHead(req.url === '/internal/session' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/internal/session' ? { user: signedIn ? CLIENT : null } : {}));
  });
}

/** A mail catcher (the `smtp-server` package, as messaging's tests use) counting what it accepts. */
/** Listens on port 0 and answers the port the OS gave: a free port picked first could be taken before it listens. */
async function startMailCatcher(received: string[]): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.server.address() as AddressInfo).port };
}

describe('one trace across the real gateway, bookings and messaging', () => {
  let traced: InMemoryTracing;
  let bookings: RunningServiceApp<NestFastifyApplication>;
  let messaging: RunningServiceApp<NestFastifyApplication>;
  let edge: StartedGateway;
  let identity: http.Server;
  let mailCatcher: SMTPServer;
  const mails: string[] = [];
  const publishers: TestPublisher[] = [];
  let db: pg.Client;
  let webDist: string;
  const bookingsConfig = bookingsConfigOf(testServiceEnv(SCHEMAS.bookings, { REDIS_PREFIX }));
  let messagingConfig: MessagingConfig | undefined;

  beforeAll(async () => {
    // Before the apps are created, as in main.ts: their request hooks exist only when tracing is on.
    traced = startInMemoryTracing('traces-across-services');
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();

    let smtpPort: number;
    ({ server: mailCatcher, port: smtpPort } = await startMailCatcher(mails));
    messagingConfig = messagingConfigOf(
      testServiceEnv(SCHEMAS.messaging, { REDIS_PREFIX, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Hunted Test <no-reply@hunted.test>' }),
    );
    // Both on fresh schemas (RUN is this run's own); the schemas and keys are removed once all is closed.
    bookings = await startServiceApp(createBookingsApp, bookingsConfig, { fresh: false });
    messaging = await startServiceApp(createMessagingApp, messagingConfig, { fresh: false });

    identity = identityStandIn();
    const identityBase = await listen(identity);
    webDist = mkdtempSync(path.join(tmpdir(), 'xtrace-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title>');
    edge = await startTestGateway(
      testGatewayConfig({
        name: 'xtrace',
        webDist,
        services: identityBase,
        env: { BOOKINGS_URL: bookings.base, MESSAGING_URL: messaging.base, REDIS_PREFIX },
      }),
    );

    // The hunters service's and identity's events, as bookings and messaging hear them: an approved hunter with a
    // free 30-minute question and every hour of the week open, and both members with their emails.
    const hunters = await startTestPublisher('hunters', { schema: SCHEMAS.hunters, redisPrefix: REDIS_PREFIX });
    const identityEvents = await startTestPublisher('identity', { schema: SCHEMAS.identity, redisPrefix: REDIS_PREFIX });
    publishers.push(hunters, identityEvents);
    for (const user of [CLIENT, HUNTER_USER]) {
      await identityEvents.publish('identity.user.registered', {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        profileImageUrl: null,
      });
    }
    await hunters.publish('hunters.hunter.created', {
      hunterId: HUNTER_ID,
      userId: HUNTER_USER.id,
      name: 'Sofia Martinez',
      profileImageUrl: null,
      location: 'London',
      availabilityStatus: 'Available',
      sessionTypes: { ...DEFAULT_SESSION_TYPES, askQuestion: { enabled: true, price: 0, duration: 30 } },
      pricePerSession: 80,
      status: 'approved',
    });
    await hunters.publish('hunters.availability.changed', {
      hunterId: HUNTER_ID,
      weeklyHours: Object.fromEntries(WEEKDAYS.map((day) => [day, [...AVAILABILITY_SLOTS]])) as WeeklyHours,
      dates: [],
    });
    await waitFor('bookings and messaging to hold the hunter and the members', async () => {
      const slots = await fetch(`${bookings.base}/api/hunters/${HUNTER_ID}/slots?from=${bookingDate}&to=${bookingDate}&sessionType=askQuestion`);
      const offered = await slots.text();
      const { rows } = await db.query<{ users: number; hunters: number }>(
        `select (select count(*)::int from "${SCHEMAS.messaging}".users where email is not null) as users,
                (select count(*)::int from "${SCHEMAS.messaging}".hunters) as hunters`,
      );
      const open = slots.status === 200 && offered.includes('"12:00"');
      return open && rows[0]!.users === 2 && rows[0]!.hunters === 1;
    });
  });

  afterAll(async () => {
    await edge?.gateway.app.close();
    await Promise.all(publishers.map((publisher) => publisher.close()));
    await messaging?.close();
    await bookings?.close();
    if (mailCatcher) await new Promise<void>((resolve) => mailCatcher.close(() => resolve()));
    if (identity) await close(identity);
    await traced?.tracing.shutdown();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
    // Bookings' and messaging's schemas and every key under the shared prefix (the gateway's too).
    await removeTestData(bookingsConfig);
    if (messagingConfig) await removeTestData(messagingConfig);
    for (const schema of [SCHEMAS.hunters, SCHEMAS.identity]) await db?.query(`drop schema if exists "${schema}" cascade`);
    await db?.end();
  });

  it('a free booking at the gateway, its event, the conversation messaging opens and the emails it sends are one trace', async () => {
    traced.exporter.reset();
    const response = await fetch(`${edge.base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: SESSION_COOKIE },
      body: JSON.stringify({
        hunterId: HUNTER_ID,
        sessionType: 'askQuestion',
        notes: 'Which vintage denim is worth it?',
        sessionDate: bookingDate,
        sessionTime: '12:00',
        duration: 30,
        price: 0,
        stripePaymentIntentId: null,
        // Three days ahead is within the 14-day cancellation period: the client asks for it to take place (decision 0102).
        expressRequest: true,
      }),
    });
    const booking = (await response.json()) as { id: string; status: string };
    expect(response.status, JSON.stringify(booking)).toBe(201);
    expect(booking.status).toBe('confirmed');

    // Messaging's work: the pair's conversation, and both confirmations sent (the client's and the hunter's).
    await waitFor('messaging to open the conversation and send both confirmations', async () => {
      const { rows } = await db.query<{ conversations: number; sent: number }>(
        `select (select count(*)::int from "${SCHEMAS.messaging}".conversations where client_user_id = $1 and hunter_id = $2) as conversations,
                (select count(*)::int from "${SCHEMAS.messaging}".outbound_emails
                  where booking_id = $3 and kind = 'confirmation' and status = 'sent') as sent`,
        [CLIENT.id, HUNTER_ID, booking.id],
      );
      return rows[0]!.conversations === 1 && rows[0]!.sent === 2;
    });
    expect(mails.filter((mail) => mail.includes(booking.id))).toHaveLength(2);
    const jobRuns = () =>
      traced.exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CONSUMER && span.name === 'process messaging-email');
    await waitFor('both email jobs\' spans to end', () => jobRuns().length === 2, 5_000);

    const spans = traced.exporter.getFinishedSpans();
    const only = (predicate: (span: ReadableSpan) => boolean, what: string): ReadableSpan => {
      const found = spans.filter(predicate);
      if (found.length !== 1) throw new Error(`${found.length} ${what} spans among: ${spans.map((s) => `${s.name} (${SpanKind[s.kind]})`).join(', ')}`);
      return found[0]!;
    };
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    const isBookingPost = (span: ReadableSpan) => span.kind === SpanKind.SERVER && span.name === 'POST /api/bookings';
    const edgeSpan = only((s) => isBookingPost(s) && s.parentSpanContext === undefined, 'gateway server');
    const serviceSpan = only((s) => isBookingPost(s) && parentOf(s) === edgeSpan.spanContext().spanId, 'bookings server');
    const publishSpan = only((s) => s.name === 'bookings.booking.confirmed publish', 'publish');
    const consumeSpan = only((s) => s.name === 'bookings.booking.confirmed process', 'consume');
    const traceId = edgeSpan.spanContext().traceId;

    // One trace, whose id is the request id the client (and every log line) sees.
    expect(response.headers.get('x-request-id')).toBe(traceId);
    for (const span of [serviceSpan, publishSpan, consumeSpan, ...jobRuns()]) expect(span.spanContext().traceId, span.name).toBe(traceId);

    // gateway → bookings → publish → messaging's consume → each email job's add → its run.
    expect(serviceSpan.attributes['http.response.status_code']).toBe(201);
    expect(parentOf(publishSpan)).toBe(serviceSpan.spanContext().spanId);
    expect(parentOf(consumeSpan)).toBe(publishSpan.spanContext().spanId);
    expect(consumeSpan.attributes['messaging.consumer.group.name']).toBe('messaging');
    for (const run of jobRuns()) {
      const add = only((s) => s.kind === SpanKind.PRODUCER && s.spanContext().spanId === parentOf(run), 'email job add');
      expect(parentOf(add)).toBe(consumeSpan.spanContext().spanId);
    }
  });
});
