import { addDays, instantIn, offsetMinutesIn, type SlotsResponse } from '@hunted/contracts';
import type { RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HunterCopies } from '../src/hunters/hunter-copies.js';
import { alternatingClient } from './support/alternating-client.js';
import { dayAhead, holdBody, seedHunter, startBookings, WITH_FREE_QUESTION, type RunningBookings } from './support/bookings-fixture.js';

const SCHEMA = 'bookings_time_zones_it';
const HUNTER_ID = 31;
const HUNTER_USER = 'u-hunter-31';
const MADRID = 'Europe/Madrid';

/** The first date from a week ahead on which Madrid's clock is `offset` minutes ahead of UTC at noon. */
function firstDateAt(offset: number): string {
  for (let days = 7; days < 360; days += 1) {
    const date = dayAhead(days);
    if (offsetMinutesIn(MADRID, instantIn(MADRID, date, '12:00')) === offset) return date;
  }
  throw new Error(`no date at +${offset} within the horizon`);
}

/**
 * Issue 38: a hunter's hours are their own zone's wall clock. Through the HTTP slots route, a hunter in Madrid
 * offering 10:00–12:00 starts at 09:00Z in winter and 08:00Z in summer; holds and free bookings read their date and
 * time there; and a hunter who moves zone keeps every booking at its instant.
 */
describe("bookings: slots and bookings in the hunter's own zone", () => {
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  const call = alternatingClient(() => [app.base]);
  const slots = async (date: string, sessionType = 'whatsappVideo') => {
    const answer = await call(null, 'GET', `/api/hunters/${HUNTER_ID}/slots?from=${date}&to=${date}&sessionType=${sessionType}`);
    expect(answer.status).toBe(200);
    return answer.body as unknown as SlotsResponse;
  };
  const starts = async (date: string, sessionType?: string) =>
    (await slots(date, sessionType)).days[0]!.slots.map((slot) => `${slot.time} ${slot.startsAt}`);

  beforeAll(async () => {
    running = await startBookings(SCHEMA);
    app = running.apps[0]!;
    db = running.db;
    await seedHunter(db, SCHEMA, {
      id: HUNTER_ID,
      userId: HUNTER_USER,
      sessionTypes: WITH_FREE_QUESTION,
      hours: ['10:00', '11:00'],
      timeZone: MADRID,
    });
  }, 60_000);

  afterAll(() => running?.close());

  it('answers a Madrid hunter offering 10:00–12:00 with starts at 09:00Z in winter and 08:00Z in summer', async () => {
    const winter = firstDateAt(60);
    const summer = firstDateAt(120);
    const winterSlots = await slots(winter);
    expect(winterSlots.timeZone).toBe(MADRID);
    expect(await starts(winter)).toEqual([
      `10:00 ${winter}T09:00:00.000Z`,
      `10:30 ${winter}T09:30:00.000Z`,
      `11:00 ${winter}T10:00:00.000Z`,
    ]);
    expect(await starts(summer)).toEqual([
      `10:00 ${summer}T08:00:00.000Z`,
      `10:30 ${summer}T08:30:00.000Z`,
      `11:00 ${summer}T09:00:00.000Z`,
    ]);
  });

  it("reads a hold's date and time in the hunter's zone", async () => {
    const summer = firstDateAt(120);
    const held = await call('tz-client-1', 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, summer, '10:30'));
    expect(held.status).toBe(200);
    const { rows } = await db.query<{ startsAt: Date }>(
      `select starts_at as "startsAt" from ${SCHEMA}.hunter_bookings where id = $1`,
      [held.body.bookingId],
    );
    expect(rows[0]!.startsAt.toISOString()).toBe(`${summer}T08:30:00.000Z`);
    // 09:30 is not an hour Madrid's hunter offers, though it is London's 08:30.
    const refused = await call('tz-client-1', 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, summer, '09:30'));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
  });

  it("reads a date-time sessionDate (the API's older form) by its date on the hunter's clock, not London's", async () => {
    const summer = addDays(firstDateAt(120), 2);
    // 22:30Z the evening before is 23:30 that evening in London but already 00:30 on `summer` in Madrid.
    const sent = `${addDays(summer, -1)}T22:30:00Z`;
    const held = await call('tz-client-3', 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, sent, '11:00'));
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const { rows } = await db.query<{ startsAt: Date; sessionDate: string }>(
      `select starts_at as "startsAt", to_char(session_date, 'YYYY-MM-DD') as "sessionDate"
         from ${SCHEMA}.hunter_bookings where id = $1`,
      [held.body.bookingId],
    );
    expect(rows[0]).toEqual({ startsAt: new Date(`${summer}T09:00:00.000Z`), sessionDate: summer });
  });

  it('keeps every booking at its instant when the hunter moves zone; the new hours are the new zone\'s', async () => {
    const winter = addDays(firstDateAt(60), 1);
    const booked = await call('tz-client-2', 'POST', '/api/bookings', {
      hunterId: HUNTER_ID,
      sessionType: 'askQuestion',
      notes: 'Which coat?',
      sessionDate: winter,
      sessionTime: '10:00',
      duration: 30,
      price: 0,
      stripePaymentIntentId: null,
      expressRequest: true,
    });
    expect(booked).toMatchObject({ status: 201, body: { status: 'confirmed' } });
    const stored = async () =>
      (
        await db.query<{ startsAt: Date; endsAt: Date; sessionDate: string; sessionTime: string }>(
          `select starts_at as "startsAt", ends_at as "endsAt", to_char(session_date, 'YYYY-MM-DD') as "sessionDate",
                  session_time as "sessionTime"
             from ${SCHEMA}.hunter_bookings where id = $1`,
          [booked.body.id],
        )
      ).rows[0]!;
    const before = await stored();
    expect(before.startsAt.toISOString()).toBe(`${winter}T09:00:00.000Z`);

    // The hunter moves to Athens (two hours ahead of UTC in winter), as hunters' event tells the copy.
    const copies = app.app.get(HunterCopies);
    const hunter = await copies.find(HUNTER_ID);
    await copies.applyHunter(
      app.app.get(DataSource).manager,
      {
        hunterId: HUNTER_ID,
        userId: HUNTER_USER,
        name: hunter.name,
        profileImageUrl: null,
        location: 'Greece',
        timeZone: 'Europe/Athens',
        availabilityStatus: 'Available',
        sessionTypes: WITH_FREE_QUESTION,
        pricePerSession: 0,
        status: 'approved',
      },
      new Date().toISOString(),
    );
    expect(await stored()).toEqual(before);
    const after = await slots(winter, 'askQuestion');
    expect(after.timeZone).toBe('Europe/Athens');
    // 10:00–12:00 in Athens is 08:00Z–10:00Z; the booking still takes 09:00Z–09:30Z, Athens' 11:00.
    expect(after.days[0]!.slots.map((slot) => `${slot.time} ${slot.startsAt}`)).toEqual([
      `10:00 ${winter}T08:00:00.000Z`,
      `10:30 ${winter}T08:30:00.000Z`,
      `11:30 ${winter}T09:30:00.000Z`,
    ]);
  });
});
