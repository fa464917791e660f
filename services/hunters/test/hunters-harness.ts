import { DEFAULT_SESSION_TYPES, type EventPayload, type EventType, type IntegrationEvent, type OwnHunter } from '@hunted/contracts';
import {
  imageDataUrl,
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  TEST_PNG,
  testIdentityHeaders,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig, type HuntersConfig } from '../src/config.js';
import { sendAs, type Answer } from './member-requests.js';
import { approveHunter, TEST_ADMIN } from './vetting-helpers.js';

/** A 1×1 PNG as a data URL, as the upload routes take a photo. */
export const PNG_UPLOAD = imageDataUrl(TEST_PNG);

/** The services whose events a hunters test publishes (each from a schema of its own, through Redis). */
type PublishingService = 'bookings' | 'brands' | 'reviews' | 'identity';

export interface HuntersHarnessOptions {
  /** Configuration beyond the test environment's (a limit lowered to reach it, say). */
  env?: Record<string, string>;
  /** The services whose publishing side the file needs. */
  publishers?: readonly PublishingService[];
}

/** A profile's fields as `POST /api/hunters` takes them; each test names only what it is about. */
export type HunterProfileInput = Record<string, unknown> & { name?: string };

/** The held session's facts every booking event carries, as bookings would publish them. */
export interface BookingFacts {
  bookingId: string;
  hunterId: number;
  clientUserId: string;
}

export interface HuntersHarness {
  readonly config: HuntersConfig;
  /** `http://127.0.0.1:<port>` of the running hunters app. */
  readonly base: string;
  readonly app: NestFastifyApplication;
  /** A client of the test database with the file's schema on its search path. */
  readonly db: pg.Client;
  /** The publishing side of `service` (started when the options named it). */
  publisher(service: PublishingService): TestPublisher;
  /** A request as member `as`, as the admin (`'admin'`) or as a guest (null), signed as the gateway signs it. */
  send<T = Record<string, unknown>>(method: string, path: string, as: string | null, body?: unknown): Promise<Answer<T>>;
  /** A profile of member `userId`, approved unless `approved: false` (a new profile is pending until then). */
  createHunter(userId: string, profile?: HunterProfileInput, options?: { approved?: boolean }): Promise<OwnHunter>;
  /** A booking event as bookings publishes it (outbox, relay, stream): a one-hour session on 20 November 2026. */
  bookingEvent<T extends EventType>(type: T, facts: BookingFacts, extra?: object): Promise<IntegrationEvent<T>>;
  /** Waits until hunters has applied the events (each one's inbox row commits with its effect). */
  applied(events: readonly IntegrationEvent[]): Promise<void>;
}

/**
 * The one set-up of hunters' integration tests: the real app on a schema of the file's own (real PostgreSQL and
 * Redis), the other services' publishing sides it listens to, and the requests every file makes. Registers its own
 * beforeAll/afterAll in the calling `describe`; the getters answer once beforeAll has run.
 */
export function useHuntersHarness(schema: string, options: HuntersHarnessOptions = {}): HuntersHarness {
  const config = loadConfig(testServiceEnv(schema, options.env));
  const publishers = new Map<PublishingService, TestPublisher>();
  const publisherSchema = (service: PublishingService) => `${schema}_${service}`;
  let running: RunningServiceApp<NestFastifyApplication> | undefined;
  let db: pg.Client | undefined;

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the hunters harness's ${what} is read before its beforeAll ran`);
    return value;
  };

  beforeAll(async () => {
    running = await startServiceApp(createHuntersApp, config);
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    for (const service of options.publishers ?? []) {
      await db.query(`drop schema if exists ${publisherSchema(service)} cascade`);
      publishers.set(service, await startTestPublisher(service, { schema: publisherSchema(service), redisPrefix: config.REDIS_PREFIX }));
    }
  });

  afterAll(async () => {
    for (const [service, publisher] of publishers) {
      await publisher.close();
      await db?.query(`drop schema if exists ${publisherSchema(service)} cascade`);
    }
    await db?.end();
    await running?.close();
  });

  const harness: HuntersHarness = {
    config,
    get base() {
      return started(running, 'app').base;
    },
    get app() {
      return started(running, 'app').app;
    },
    get db() {
      return started(db, 'database client');
    },
    publisher(service) {
      return started(publishers.get(service), `${service} publisher (name it in the options)`);
    },
    async send<T = Record<string, unknown>>(method: string, path: string, as: string | null, body?: unknown) {
      if (as !== 'admin') return sendAs<T>(harness.base, method, path, as, body);
      return sendAs<T>(harness.base, method, path, null, body, await testIdentityHeaders(TEST_ADMIN, 'hunters'));
    },
    async createHunter(userId, profile = {}, { approved = true } = {}) {
      const created = await harness.send<OwnHunter>('POST', '/api/hunters', userId, {
        name: `Hunter ${userId}`,
        location: 'UK',
        specialties: ['Footwear'],
        adviceTypes: ['Wardrobe Audit'],
        languages: ['English'],
        yearsExperience: 4,
        sessionTypes: DEFAULT_SESSION_TYPES,
        ...profile,
      });
      expect(created.status).toBe(201);
      if (approved) await approveHunter(harness.base, created.body.id);
      return created.body;
    },
    bookingEvent(type, { bookingId, hunterId, clientUserId }, extra = {}) {
      const data = {
        bookingId,
        hunterId,
        hunterUserId: null,
        clientUserId,
        sessionType: 'whatsappVideo',
        startsAt: '2026-11-20T10:00:00.000Z',
        endsAt: '2026-11-20T11:00:00.000Z',
        pricePence: 5000,
        sequence: 0,
        notes: null,
        photoUrls: [],
        ...extra,
      } as unknown as EventPayload<typeof type>;
      return harness.publisher('bookings').publish(type, data);
    },
    async applied(events) {
      const ids = events.map((event) => event.id);
      await waitFor(
        'the events applied by hunters',
        async () => {
          const { rows } = await harness.db.query<{ n: number }>('select count(*)::int as n from inbox where event_id = any($1::uuid[])', [ids]);
          return rows[0]!.n === ids.length;
        },
        20_000,
      );
    },
  };
  return harness;
}
