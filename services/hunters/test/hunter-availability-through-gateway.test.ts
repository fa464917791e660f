import {
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  dateOfDayNumber,
  dayNumberOf,
  londonDateOf,
  type AvailabilityDay,
  type SessionUser,
  type WeeklyHours,
} from '@hunted/contracts';
import { startServiceApp, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayInFront, type GatewayInFront } from '../../../gateway/test/support/test-gateway.js';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/**
 * A hunter's availability as the dashboard's Availability tab sends and reads it: through the real gateway (the
 * hunter's session, the page's Origin) to the real hunters service. Was the hunter availability journey; the editor
 * itself (switches, hour buttons, the calendar's names and months, London dates in another zone, the toasts) is
 * web/src/features/hunters/components/availability/availability-editor.test.tsx, every rule of the API
 * hunter-availability.test.ts.
 */

const SCHEMA = 'hunters_availability_gateway_it';
const HANA: SessionUser = { id: 'u-hana-hours', email: 'hours@example.test', firstName: 'Hana', lastName: null, isAdmin: false, acceptedTerms: ['terms', 'hunterTerms'] };
const ALL = [...AVAILABILITY_SLOTS];

/** The first Monday (London) at least a week from today, and the days the test changes from it. */
function datesFromNextMonday() {
  const today = dayNumberOf(londonDateOf(Date.now()))!;
  let monday = today + 7;
  while (new Date(`${dateOfDayNumber(monday)}T00:00:00Z`).getUTCDay() !== 1) monday += 1;
  return {
    blocked: [dateOfDayNumber(monday), dateOfDayNumber(monday + 1)] as const,
    // The Wednesday after.
    edited: dateOfDayNumber(monday + 9),
    startDate: dateOfDayNumber(monday),
    endDate: dateOfDayNumber(monday + 13),
  };
}

describe("a hunter's availability through the gateway", () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;
  let site: GatewayInFront;
  const dates = datesFromNextMonday();

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv(SCHEMA)));
    site = await startGatewayInFront({ name: 'hunters-availability-gateway', services: { HUNTERS_URL: hunters.base }, users: { hana: HANA } });
  });

  afterAll(async () => {
    await site?.close();
    await hunters?.close();
  });

  async function asHana<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = site.headers('hana');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${site.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  }

  /** The fortnight from the blocked Monday, by date, as the calendar reads it. */
  async function days(): Promise<Map<string, AvailabilityDay>> {
    const list = await asHana<AvailabilityDay[]>('GET', `/api/hunter-availability?startDate=${dates.startDate}&endDate=${dates.endDate}`);
    return new Map(list.map((day) => [day.date, day]));
  }

  it('keeps the weekly hours, two blocked days, one edited date and a day reset to its week', async () => {
    await asHana('POST', '/api/hunters', {
      name: 'Hana Holt',
      location: 'UK',
      specialties: ['Luxury Fashion'],
      adviceTypes: ['Wardrobe Audit'],
      languages: ['English'],
      yearsExperience: 5,
      sessionTypes: DEFAULT_SESSION_TYPES,
    });

    // Monday to Friday all day, Saturday without the evening hour, Sunday off.
    const week: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: ALL.filter((slot) => slot !== '20:00'), sun: [] };
    await asHana('PUT', '/api/hunter-availability/weekly', week);
    expect(await asHana<WeeklyHours>('GET', '/api/hunter-availability/weekly')).toEqual(week);

    // Block dates: the Monday and Tuesday become days off of their own; the Wednesday after follows its week.
    await asHana('POST', '/api/hunter-availability/range', { startDate: dates.blocked[0], endDate: dates.blocked[1], timeSlots: [] });
    let read = await days();
    for (const date of dates.blocked) expect(read.get(date)).toEqual({ date, timeSlots: [], isAvailable: false, source: 'date' });
    expect(read.get(dates.edited)).toEqual({ date: dates.edited, timeSlots: ALL, isAvailable: true, source: 'weekly' });

    // One date without its first two hours.
    const edited = ALL.filter((slot) => slot !== '09:00' && slot !== '10:00');
    await asHana('POST', '/api/hunter-availability', { date: dates.edited, timeSlots: edited, isAvailable: true });
    read = await days();
    expect(read.get(dates.edited)).toEqual({ date: dates.edited, timeSlots: edited, isAvailable: true, source: 'date' });

    // Reset to weekly hours: the Monday has its week's twelve hours again; the Tuesday stays blocked.
    await asHana('DELETE', `/api/hunter-availability/${dates.blocked[0]}`);
    read = await days();
    expect(read.get(dates.blocked[0])).toEqual({ date: dates.blocked[0], timeSlots: ALL, isAvailable: true, source: 'weekly' });
    expect(read.get(dates.blocked[1])?.source).toBe('date');
  });
});
