import { DEFAULT_SESSION_TYPES, londonDateOf, type SlotsResponse, type WeeklyHours } from '@hunted/contracts';
import {
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { HunterCopies } from '../src/hunters/hunter-copies.js';

const SCHEMA = 'bookings_copies_it';
const HUNTERS_SCHEMA = 'bookings_copies_hunters_it';
const IDENTITY_SCHEMA = 'bookings_copies_identity_it';
const dayAhead = (days: number) => londonDateOf(Date.now() + days * 86_400_000);
const week = (hours: WeeklyHours['mon']): WeeklyHours => ({
  mon: hours,
  tue: hours,
  wed: hours,
  thu: hours,
  fri: hours,
  sat: hours,
  sun: hours,
});

describe('bookings: copies of hunters, availability and users, fed by events', () => {
  let bookings: RunningServiceApp<NestFastifyApplication>;
  let hunters: TestPublisher;
  let identity: TestPublisher;
  let db: pg.Client;

  const slotTimes = async (date: string, sessionType = 'whatsappVideo') => {
    const response = await fetch(
      `${bookings.base}/api/hunters/5/slots?from=${date}&to=${date}&sessionType=${sessionType}`,
    );
    if (response.status !== 200) return null;
    return ((await response.json()) as SlotsResponse).days[0]!.slots.map((slot) => slot.time);
  };

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    for (const schema of [HUNTERS_SCHEMA, IDENTITY_SCHEMA]) await db.query(`drop schema if exists ${schema} cascade`);
    const config = loadConfig(testServiceEnv(SCHEMA));
    bookings = await startServiceApp(createBookingsApp, config);
    hunters = await startTestPublisher('hunters', { schema: HUNTERS_SCHEMA, redisPrefix: config.REDIS_PREFIX });
    identity = await startTestPublisher('identity', { schema: IDENTITY_SCHEMA, redisPrefix: config.REDIS_PREFIX });
  }, 60_000);

  afterAll(async () => {
    await hunters?.close();
    await identity?.close();
    await bookings?.close();
    for (const schema of [HUNTERS_SCHEMA, IDENTITY_SCHEMA]) await db?.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('offers slots from the copied hunter and hours; a date record overrides its weekday, newest event winning', async () => {
    const hunter = {
      hunterId: 5,
      userId: 'u-5',
      name: 'Lena',
      profileImageUrl: null,
      location: 'France',
      availabilityStatus: 'Available' as const,
      sessionTypes: DEFAULT_SESSION_TYPES,
      pricePerSession: 25,
      status: 'approved' as const,
    };
    await hunters.publish('hunters.hunter.created', hunter);
    await hunters.publish('hunters.availability.changed', {
      hunterId: 5,
      weeklyHours: week(['09:00', '10:00']),
      dates: [],
    });
    const date = dayAhead(5);
    await waitFor('the week copied', async () => (await slotTimes(date))?.length === 3);
    expect(await slotTimes(date)).toEqual(['09:00', '09:30', '10:00']);

    await hunters.publish('hunters.availability.changed', {
      hunterId: 5,
      weeklyHours: null,
      dates: [{ date, timeSlots: ['15:00'], isAvailable: true, source: 'date' }],
    });
    await waitFor('the date record copied', async () => (await slotTimes(date))?.[0] === '15:00');
    expect(await slotTimes(dayAhead(6))).toEqual(['09:00', '09:30', '10:00']);

    // An older event arriving late changes nothing.
    const copies = bookings.app.get(HunterCopies);
    const manager = bookings.app.get(DataSource).manager;
    await copies.applyAvailability(
      manager,
      { hunterId: 5, weeklyHours: null, dates: [{ date, timeSlots: [], isAvailable: false, source: 'date' }] },
      '2000-01-01T00:00:00Z',
    );
    expect(await slotTimes(date)).toEqual(['15:00']);

    // Reverted to its weekday; then the hunter disables the type and goes Unavailable.
    await hunters.publish('hunters.availability.changed', {
      hunterId: 5,
      weeklyHours: null,
      dates: [{ date, timeSlots: ['09:00', '10:00'], isAvailable: true, source: 'weekly' }],
    });
    await waitFor('the date reverted', async () => (await slotTimes(date))?.[0] === '09:00');
    await hunters.publish('hunters.hunter.updated', {
      ...hunter,
      sessionTypes: { ...DEFAULT_SESSION_TYPES, whatsappVideo: { enabled: false, price: 80, duration: 60 } },
    });
    await waitFor('the type disabled', async () => (await slotTimes(date))?.length === 0);
    expect(await slotTimes(date, 'whatsappVoice')).toEqual(['09:00', '09:30', '10:00', '10:30']);
    await hunters.publish('hunters.hunter.updated', { ...hunter, availabilityStatus: 'Unavailable' });
    await waitFor('the hunter unavailable', async () => (await slotTimes(date, 'whatsappVoice'))?.length === 0);
  }, 60_000);

  it('keeps each hunter\'s joining details from hunters\' events, the newest winning', async () => {
    const joining = {
      whatsappVoice: { phone: '+447700900111' },
      whatsappVideo: { phone: null },
      inPerson: { area: 'Soho', address: '2 Old Compton Street' },
    };
    await hunters.publish('hunters.joining-details.changed', { hunterId: 5, joining });
    const copied = async () =>
      (await db.query(`select joining from ${SCHEMA}.hunter_joining_details where hunter_id = 5`)).rows[0]?.joining;
    await waitFor('the joining details copied', async () => (await copied())?.inPerson?.area === 'Soho');
    expect(await copied()).toEqual(joining);
    // An older event arriving late changes nothing.
    const manager = bookings.app.get(DataSource).manager;
    await bookings.app
      .get(HunterCopies)
      .applyJoining(manager, 5, { ...joining, whatsappVoice: { phone: null } }, '2000-01-01T00:00:00Z');
    expect(await copied()).toEqual(joining);
  });

  it('keeps client names from identity', async () => {
    await identity.publish('identity.user.registered', {
      userId: 'client-1',
      email: 'c@hunted.test',
      firstName: 'Maya',
      lastName: 'Stone',
      profileImageUrl: null,
    });
    await waitFor('the user copied', async () => {
      const { rows } = await db.query(`select first_name from ${SCHEMA}.users where user_id = 'client-1'`);
      return rows[0]?.first_name === 'Maya';
    });
  });
});
