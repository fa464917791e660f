import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DEFAULT_PASSPORT_SHARES, type BookingEventV1, type BookingOutcomeV1, type IntegrationEvent } from '@hunted/contracts';
import {
  ADD_BOOKING_COPIES_REVIEW_QUALIFIES,
  BOOKING_COPY_HANDLERS,
  BookingCopies,
  BookingCopiesModule,
  CREATE_BOOKING_COPIES_TABLE,
  EventsModule,
  isEditable,
  isPassportOpen,
  isReviewable,
  reviewQualifies,
  PlatformModule,
  wasHeld,
  type EventHandler,
} from '@hunted/platform';
import {
  consumerCaughtUp,
  startTestPublisher,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  testConfig,
  waitFor,
  type TestPublisher,
} from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const NAME = `bkc_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const PREFIX = `test:${NAME}:`;
const CONSUMER_SCHEMA = `${NAME}_reviews`;
const PUBLISHER_SCHEMA = `${NAME}_bookings`;
const DAY_MS = 86_400_000;
const ENDS_AT = '2026-06-01T11:00:00.000Z';
const endsAt = Date.parse(ENDS_AT);

class CreateBookingCopies1800000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_BOOKING_COPIES_TABLE);
    await queryRunner.query(ADD_BOOKING_COPIES_REVIEW_QUALIFIES);
    await queryRunner.query('create table completions_seen (booking_id text primary key, held_from timestamptz)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('drop table completions_seen');
    await queryRunner.query('drop table booking_copies');
  }
}

/**
 * A feature's own handler of a type the copy also takes, registered after BOOKING_COPY_HANDLERS: it runs in the same
 * transaction, after the copy's, and reads the outcome the copy has just stored.
 */
@Injectable()
class CompletionFollowUp implements EventHandler<'bookings.booking.completed'> {
  readonly type = 'bookings.booking.completed' as const;
  constructor(private readonly copies: BookingCopies) {}
  async handle(event: IntegrationEvent<'bookings.booking.completed'>, manager: EntityManager): Promise<void> {
    const outcome = await this.copies.outcomeOf(manager, event.data.bookingId);
    await manager.query('insert into completions_seen (booking_id, held_from) values ($1, $2)', [event.data.bookingId, outcome?.heldFrom]);
  }
}

function booking(bookingId: string, change: Partial<BookingEventV1> = {}): BookingEventV1 {
  return {
    bookingId,
    hunterId: 7,
    hunterUserId: null,
    clientUserId: 'u-client',
    sessionType: 'whatsappVideo',
    startsAt: '2026-06-01T10:00:00.000Z',
    endsAt: ENDS_AT,
    pricePence: 5000,
    sequence: 0,
    notes: null,
    photoUrls: [],
    passport: { ...DEFAULT_PASSPORT_SHARES },
    ...change,
  };
}

function outcome(change: Partial<BookingOutcomeV1>): BookingOutcomeV1 {
  return {
    revision: 0,
    status: 'confirmed',
    heldFrom: ENDS_AT,
    noShow: false,
    reviewableUntil: new Date(endsAt + 30 * DAY_MS).toISOString(),
    editableFrom: null,
    passportUntil: new Date(endsAt + 7 * DAY_MS).toISOString(),
    reviewQualifies: true,
    ...change,
  };
}

let app: INestApplicationContext;
let copies: BookingCopies;
let dataSource: DataSource;
let publisher: TestPublisher;
let redis: Redis;

async function caughtUp(): Promise<void> {
  await waitFor('the copy caught up', async () => (await publisher.allSent()) && consumerCaughtUp(redis, PREFIX, 'reviews'));
}

const copyOf = (bookingId: string) => copies.find(dataSource.manager, bookingId);

beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL);
  publisher = await startTestPublisher('bookings', { schema: PUBLISHER_SCHEMA, redisPrefix: PREFIX });
  const config = testConfig({ PORT: '1', DATABASE_SCHEMA: CONSUMER_SCHEMA, REDIS_PREFIX: PREFIX });
  @Module({
    imports: [
      PlatformModule.forService({ name: 'reviews', config, entities: [], migrations: [CreateBookingCopies1800000000000] }),
      BookingCopiesModule,
      EventsModule.forService({
        consumes: [...BOOKING_COPY_HANDLERS, CompletionFollowUp],
        imports: [BookingCopiesModule],
        consumer: { claimIntervalMs: 100, claimIdleMs: 500, retryDelayMs: 50, blockMs: 200 },
      }),
    ],
  })
  class ConsumerModule {}
  app = await NestFactory.createApplicationContext(ConsumerModule, { logger: false });
  copies = app.get(BookingCopies);
  dataSource = app.get(DataSource);
});

afterAll(async () => {
  await app?.close();
  await publisher?.close();
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  await db.query(`drop schema if exists "${CONSUMER_SCHEMA}" cascade`);
  await db.query(`drop schema if exists "${PUBLISHER_SCHEMA}" cascade`);
  await db.end();
});

describe("the shared booking copy, kept from bookings' events", () => {
  it('stores the outcome bookings published, and keeps the highest revision whatever the order', async () => {
    const id = randomUUID();
    const held = outcome({ revision: 1, status: 'completed', editableFrom: ENDS_AT });
    await publisher.publish('bookings.booking.confirmed', { ...booking(id), outcome: outcome({}) });
    await publisher.publish('bookings.booking.completed', { ...booking(id), outcome: held });
    // A no-show mark made before the completion, delivered after it: its revision is lower, so it changes nothing.
    await publisher.publish('bookings.booking.attendance-marked', {
      ...booking(id),
      attendance: 'no_show',
      markedAt: '2026-06-01T10:30:00.000Z',
      outcome: outcome({ revision: 0, heldFrom: null, noShow: true, reviewableUntil: null }),
    });
    await caughtUp();

    const copy = await copyOf(id);
    expect(copy?.outcome).toEqual({
      status: 'completed',
      heldFrom: new Date(ENDS_AT),
      noShow: false,
      reviewableUntil: new Date(endsAt + 30 * DAY_MS),
      editableFrom: new Date(ENDS_AT),
      passportUntil: new Date(endsAt + 7 * DAY_MS),
      reviewQualifies: true,
    });
    expect(copy).toMatchObject({ hunterId: 7, clientUserId: 'u-client', sessionType: 'whatsappVideo', endsAt: new Date(ENDS_AT) });
    const outcomeNow = copy!.outcome;
    expect(wasHeld(outcomeNow, new Date(endsAt - 1))).toBe(false);
    expect(wasHeld(outcomeNow, new Date(endsAt))).toBe(true);
    expect(isReviewable(outcomeNow, new Date(endsAt + 30 * DAY_MS))).toBe(true);
    expect(isReviewable(outcomeNow, new Date(endsAt + 30 * DAY_MS + 1))).toBe(false);
    expect(isEditable(outcomeNow, new Date(endsAt))).toBe(true);
    expect(isPassportOpen(outcomeNow, new Date(endsAt + 7 * DAY_MS))).toBe(true);
    expect(isPassportOpen(outcomeNow, new Date(endsAt + 7 * DAY_MS + 1))).toBe(false);
  });

  it("runs a feature's own handler of a type after the copy's, in one transaction, once per event", async () => {
    const id = randomUUID();
    const event = await publisher.publish('bookings.booking.completed', {
      ...booking(id),
      outcome: outcome({ revision: 1, status: 'completed', editableFrom: ENDS_AT }),
    });
    await caughtUp();
    // Delivered again (a relay crash between XADD and its commit): the inbox stops both handlers.
    await redis.xadd(`${PREFIX}events:bookings`, '*', 'id', event.id, 'type', event.type, 'version', '1', 'occurredAt', event.occurredAt, 'data', JSON.stringify(event.data));
    await caughtUp();
    const seen: { held_from: Date }[] = await dataSource.query('select held_from from completions_seen where booking_id = $1', [id]);
    expect(seen).toEqual([{ held_from: new Date(ENDS_AT) }]);
  });

  it('derives the outcome of events without one (recorded before decision 0085) from their facts, as the services did', async () => {
    const [confirmed, completed, markedHeld, noShow, overturned, dismissed, cancelled] = Array.from({ length: 7 }, () => randomUUID());
    const mark = (bookingId: string, attendance: 'held' | 'no_show') =>
      publisher.publish('bookings.booking.attendance-marked', { ...booking(bookingId), attendance, markedAt: '2026-06-01T10:30:00.000Z' });
    const resolve = (bookingId: string, resolution: 'refund' | 'dismiss') =>
      publisher.publish('bookings.booking.dispute-resolved', { ...booking(bookingId), resolution, note: 'n', refundPence: 0 });
    for (const id of [confirmed, completed, markedHeld, noShow, overturned, dismissed, cancelled]) {
      await publisher.publish('bookings.booking.confirmed', booking(id));
    }
    await publisher.publish('bookings.booking.completed', booking(completed));
    await mark(markedHeld, 'held');
    await mark(noShow, 'no_show');
    await publisher.publish('bookings.booking.completed', booking(noShow));
    await resolve(overturned, 'refund'); // before its mark arrives: the refund still overturns it
    await mark(overturned, 'no_show');
    await mark(dismissed, 'no_show');
    await resolve(dismissed, 'dismiss');
    await publisher.publish('bookings.booking.cancelled', {
      ...booking(cancelled, { sequence: 1 }),
      cancelledBy: 'client',
      refundPence: 5000,
      cause: null,
      reason: null,
    });
    await caughtUp();
    expect(await redis.xlen(`${PREFIX}events:dead-letter:reviews`)).toBe(0);

    const outcomes = await Promise.all(
      [confirmed, completed, markedHeld, noShow, overturned, dismissed, cancelled].map(async (id) => (await copyOf(id))!.outcome),
    );
    const reviewUntil = new Date(endsAt + 30 * DAY_MS);
    const passportUntil = new Date(endsAt + 7 * DAY_MS);
    const markedAt = new Date('2026-06-01T10:30:00.000Z');
    const end = new Date(ENDS_AT);
    expect(outcomes.map(({ status, heldFrom, noShow: stands, reviewableUntil, editableFrom }) => [status, heldFrom, stands, reviewableUntil, editableFrom])).toEqual([
      ['confirmed', end, false, reviewUntil, null],
      ['completed', end, false, reviewUntil, end],
      ['confirmed', end, false, reviewUntil, markedAt],
      ['completed', null, true, null, null],
      ['confirmed', end, false, reviewUntil, markedAt],
      ['confirmed', null, true, null, null],
      ['cancelled', null, false, null, null],
    ]);
    expect(outcomes.map((one) => one.passportUntil)).toEqual([...Array(7).fill(passportUntil)]);
    expect(isPassportOpen(outcomes[6]!, end)).toBe(false);
    // Paid (booking() costs 5000): a review counts wherever the session is held (decision 0090).
    expect(outcomes.map((one) => one.reviewQualifies)).toEqual([true, true, true, false, true, false, false]);
  });

  it("keeps bookings' word on whether a review counts: restated, never erased by an older outcome; free needs the mark", async () => {
    const [restated, free, freeMarked] = [randomUUID(), randomUUID(), randomUUID()];
    await publisher.publish('bookings.booking.outcome-restated', { ...booking(restated), outcome: outcome({ reviewQualifies: false }) });
    const { reviewQualifies: _unsaid, ...older } = outcome({});
    await publisher.publish('bookings.booking.confirmed', { ...booking(restated), outcome: older });
    // Events from before decision 0085 (no outcome): bookings' rule from the price they carry.
    await publisher.publish('bookings.booking.confirmed', booking(free, { pricePence: 0 }));
    await publisher.publish('bookings.booking.confirmed', booking(freeMarked, { pricePence: 0 }));
    await publisher.publish('bookings.booking.attendance-marked', {
      ...booking(freeMarked, { pricePence: 0 }),
      attendance: 'held',
      markedAt: '2026-06-01T10:30:00.000Z',
    });
    await caughtUp();
    expect(await redis.xlen(`${PREFIX}events:dead-letter:reviews`)).toBe(0);
    const [one, two, three] = await Promise.all([restated, free, freeMarked].map(async (id) => (await copyOf(id))!.outcome));
    expect([one!.reviewQualifies, two!.reviewQualifies, three!.reviewQualifies]).toEqual([false, false, true]);
    expect([one, two, three].map((outcome) => reviewQualifies(outcome!))).toEqual([false, false, true]);
    expect(reviewQualifies({ ...one!, reviewQualifies: null })).toBe(false);
  });

  it('keeps what the events said of the hunter member: a later event without one erases nothing', async () => {
    const id = randomUUID();
    await publisher.publish('bookings.booking.confirmed', { ...booking(id, { hunterUserId: 'u-hunter' }), outcome: outcome({}) });
    await publisher.publish('bookings.booking.completed', {
      ...booking(id),
      outcome: outcome({ revision: 1, status: 'completed', editableFrom: ENDS_AT }),
    });
    await caughtUp();
    expect((await copyOf(id))?.hunterUserId).toBe('u-hunter');
    await copies.setHunterMember(dataSource.manager, 7, 'u-claimer');
    expect((await copyOf(id))?.hunterUserId).toBe('u-claimer');
  });
});
