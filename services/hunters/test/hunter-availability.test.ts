import { AVAILABILITY_SLOTS, addDays, dateIn, dateOfDayNumber, dayNumberOf, londonDateOf } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { useHuntersHarness } from './hunters-harness.js';

const EMPTY_WEEK = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The London date `days` after today. */
const inDays = (days: number) => dateOfDayNumber(dayNumberOf(londonDateOf(Date.now()))! + days);
const weekdayOf = (date: string) => WEEKDAY_KEYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

type Body = Record<string, unknown> & Record<string, unknown>[];

describe('hunters: availability', () => {
  const harness = useHuntersHarness('hunters_availability_it');
  let n = 0;

  const send = (method: string, path: string, userId: string | null, body?: unknown) => harness.send<Body>(method, path, userId, body);
  /** A member with a hunter profile (pending: availability is theirs to set either way): [userId, hunterId]. */
  async function hunter(timeZone = 'Europe/London'): Promise<[string, number]> {
    const id = `avail-${++n}`;
    const created = await harness.createHunter(
      id,
      { name: 'Ada Hunter', specialties: ['Fine Jewelry'], adviceTypes: ['Personal Shopping'], yearsExperience: 3, timeZone },
      { approved: false },
    );
    return [id, created.id];
  }
  async function changes(hunterId: number): Promise<Record<string, unknown>[]> {
    const { rows } = await harness.db.query<{ data: Record<string, unknown> }>(
      "select data from outbox where type = 'hunters.availability.changed' and (data->>'hunterId')::int = $1 order by seq",
      [hunterId],
    );
    return rows.map((row) => row.data);
  }
  const errors = (body: Body) => body.errors as unknown as Record<string, string>;

  it('answers 401 without an identity and 404 without a hunter profile, on every route', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/hunter-availability/weekly'],
      ['PUT', '/api/hunter-availability/weekly', EMPTY_WEEK],
      ['GET', `/api/hunter-availability?startDate=${inDays(0)}&endDate=${inDays(6)}`],
      ['POST', '/api/hunter-availability', { date: inDays(1), timeSlots: [] }],
      ['POST', '/api/hunter-availability/range', { startDate: inDays(1), endDate: inDays(2), timeSlots: [] }],
      ['DELETE', `/api/hunter-availability/${inDays(1)}`],
    ];
    for (const [method, path, body] of routes) {
      expect((await send(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      const none = await send(method, path, `no-profile-${n}`, body);
      expect(none.status, `${method} ${path}`).toBe(404);
      expect(none.body.message).toBe('Hunter not found');
    }
  });

  it('sets and reads weekly hours (labels de-duplicated and sorted), announcing the week', async () => {
    const [id, hunterId] = await hunter();
    expect((await send('GET', '/api/hunter-availability/weekly', id)).body).toEqual(EMPTY_WEEK);
    const week = { ...EMPTY_WEEK, mon: ['11:00', '09:00', '11:00'], sat: [...AVAILABILITY_SLOTS] };
    const put = await send('PUT', '/api/hunter-availability/weekly', id, week);
    expect(put.status).toBe(200);
    const saved = { ...EMPTY_WEEK, mon: ['09:00', '11:00'], sat: [...AVAILABILITY_SLOTS] };
    expect(put.body).toEqual(saved);
    expect((await send('GET', '/api/hunter-availability/weekly', id)).body).toEqual(saved);
    // A second PUT replaces the whole week.
    const again = await send('PUT', '/api/hunter-availability/weekly', id, { ...EMPTY_WEEK, tue: ['20:00'] });
    expect(again.body).toEqual({ ...EMPTY_WEEK, tue: ['20:00'] });
    expect(await changes(hunterId)).toEqual([
      { hunterId, weeklyHours: saved, dates: [] },
      { hunterId, weeklyHours: { ...EMPTY_WEEK, tue: ['20:00'] }, dates: [] },
    ]);
  });

  it('resolves each date from its own record or its weekday, and DELETE reverts a date to its week', async () => {
    const [id, hunterId] = await hunter();
    const week = Object.fromEntries(WEEKDAY_KEYS.map((day) => [day, ['10:00']]));
    week[weekdayOf(inDays(2))] = ['09:00', '15:00'];
    await send('PUT', '/api/hunter-availability/weekly', id, week);
    const date = inDays(2);
    const own = await send('POST', '/api/hunter-availability', id, { date, timeSlots: ['18:00', '12:00', '12:00'], isAvailable: true });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ date, timeSlots: ['12:00', '18:00'], isAvailable: true, source: 'date' });
    const off = await send('POST', '/api/hunter-availability', id, { date: inDays(3), timeSlots: [], isAvailable: false });
    expect(off.body).toEqual({ date: inDays(3), timeSlots: [], isAvailable: false, source: 'date' });

    const read = await send('GET', `/api/hunter-availability?startDate=${inDays(0)}&endDate=${inDays(6)}`, id);
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(7);
    expect(read.body[0]).toEqual({ date: inDays(0), timeSlots: week[weekdayOf(inDays(0))], isAvailable: true, source: 'weekly' });
    expect(read.body[2]).toEqual(own.body);
    expect(read.body[3]).toEqual(off.body);

    const reverted = await send('DELETE', `/api/hunter-availability/${date}`, id);
    expect(reverted.status).toBe(200);
    expect(reverted.body).toEqual({ date, timeSlots: ['09:00', '15:00'], isAvailable: true, source: 'weekly' });
    const after = await send('GET', `/api/hunter-availability?startDate=${date}&endDate=${date}`, id);
    expect(after.body).toEqual([reverted.body]);
    // Reverting a date with no record of its own changes nothing and announces nothing.
    const before = (await changes(hunterId)).length;
    expect((await send('DELETE', `/api/hunter-availability/${inDays(5)}`, id)).body.source).toBe('weekly');
    const events = await changes(hunterId);
    expect(events).toHaveLength(before);
    expect(events.slice(1)).toEqual([
      { hunterId, weeklyHours: null, dates: [own.body] },
      { hunterId, weeklyHours: null, dates: [off.body] },
      { hunterId, weeklyHours: null, dates: [reverted.body] },
    ]);
  });

  it('keeps one row per date when 20 upserts race, the last one written winning', async () => {
    const [id, hunterId] = await hunter();
    const date = inDays(10);
    const answers = await Promise.all(
      AVAILABILITY_SLOTS.concat(AVAILABILITY_SLOTS.slice(0, 8)).map((slot) => send('POST', '/api/hunter-availability', id, { date, timeSlots: [slot] })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const { rows } = await harness.db.query<{ time_slots: string[] }>('select time_slots from hunter_availability where hunter_id = $1 and date = $2', [hunterId, date]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.time_slots).toHaveLength(1);
    expect(await changes(hunterId)).toHaveLength(20);
  });

  it('sets a range in one transaction with one event, and blocks dates with empty slots', async () => {
    const [id, hunterId] = await hunter();
    const set = await send('POST', '/api/hunter-availability/range', id, { startDate: inDays(1), endDate: inDays(92), timeSlots: ['13:00', '09:00'] });
    expect(set.status).toBe(200);
    expect(set.body).toHaveLength(92);
    expect(set.body.every((day) => day.source === 'date' && day.isAvailable && (day.timeSlots as string[]).join() === '09:00,13:00')).toBe(true);
    const blocked = await send('POST', '/api/hunter-availability/range', id, { startDate: inDays(4), endDate: inDays(5), timeSlots: [] });
    expect(blocked.body).toEqual([
      { date: inDays(4), timeSlots: [], isAvailable: false, source: 'date' },
      { date: inDays(5), timeSlots: [], isAvailable: false, source: 'date' },
    ]);
    const { rows } = await harness.db.query<{ n: number }>('select count(*)::int as n from hunter_availability where hunter_id = $1', [hunterId]);
    expect(rows[0]!.n).toBe(92);
    const events = await changes(hunterId);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({ hunterId, weeklyHours: null, dates: blocked.body });

    // A range whose insert fails part-way leaves nothing and announces nothing: the same statement, forced to
    // fail on its last date by a check that refuses it (then dropped), shows the transaction is one.
    const [other, otherId] = await hunter();
    await harness.db.query(`alter table hunter_availability add constraint it_refuse_last check (date <> '${inDays(3)}'::date) not valid`);
    try {
      const failed = await send('POST', '/api/hunter-availability/range', other, { startDate: inDays(1), endDate: inDays(3), timeSlots: ['09:00'] });
      expect(failed.status).toBe(500);
    } finally {
      await harness.db.query('alter table hunter_availability drop constraint it_refuse_last');
    }
    const { rows: none } = await harness.db.query('select 1 from hunter_availability where hunter_id = $1', [otherId]);
    expect(none).toHaveLength(0);
    expect(await changes(otherId)).toHaveLength(0);
  });

  it('refuses past, too-far and unreal dates, unlisted labels, long ranges and contradictions, naming the field', async () => {
    const [id] = await hunter();
    const cases: [string, string, unknown, string, string | RegExp][] = [
      ['POST', '/api/hunter-availability', { date: inDays(-1), timeSlots: [] }, 'date', /^date must not be in the past/],
      ['POST', '/api/hunter-availability', { date: inDays(366), timeSlots: [] }, 'date', 'date must be at most 365 days ahead'],
      ['POST', '/api/hunter-availability', { date: '2026-02-30', timeSlots: [] }, 'date', 'date must be a real date as YYYY-MM-DD'],
      ['POST', '/api/hunter-availability', { date: inDays(1), timeSlots: ['08:00'] }, 'timeSlots', `Each of timeSlots must be one of: ${AVAILABILITY_SLOTS.join(', ')}`],
      ['POST', '/api/hunter-availability', { date: inDays(1), timeSlots: [], isAvailable: true }, 'isAvailable', /exactly when timeSlots is not empty/],
      ['POST', '/api/hunter-availability', { date: inDays(1), timeSlots: [], hunterId: 1 }, 'hunterId', 'property hunterId should not exist'],
      ['POST', '/api/hunter-availability/range', { startDate: inDays(1), endDate: inDays(93), timeSlots: [] }, 'endDate', 'The range must be at most 92 days'],
      ['POST', '/api/hunter-availability/range', { startDate: inDays(3), endDate: inDays(2), timeSlots: [] }, 'endDate', 'endDate must not be before startDate'],
      ['POST', '/api/hunter-availability/range', { startDate: inDays(-2), endDate: inDays(2), timeSlots: [] }, 'startDate', /past/],
      ['POST', '/api/hunter-availability/range', { startDate: inDays(360), endDate: inDays(370), timeSlots: [] }, 'endDate', 'endDate must be at most 365 days ahead'],
      ['PUT', '/api/hunter-availability/weekly', { ...EMPTY_WEEK, wed: ['21:00'] }, 'wed', /^Each of wed must be one of/],
      ['PUT', '/api/hunter-availability/weekly', { ...EMPTY_WEEK, fri: undefined }, 'fri', 'fri is required (an empty list is a day off)'],
      ['DELETE', `/api/hunter-availability/${inDays(-1)}`, undefined, 'date', /past/],
      ['DELETE', '/api/hunter-availability/tomorrow', undefined, 'date', 'date must be a real date as YYYY-MM-DD'],
      ['GET', `/api/hunter-availability?startDate=${inDays(0)}&endDate=${inDays(62)}`, undefined, 'endDate', 'The range must be at most 62 days'],
      ['GET', `/api/hunter-availability?endDate=${inDays(2)}`, undefined, 'startDate', 'startDate is required, as YYYY-MM-DD'],
    ];
    for (const [method, path, body, field, message] of cases) {
      const refused = await send(method, path, id, body);
      expect(refused.status, `${method} ${path} ${JSON.stringify(body)} ${JSON.stringify(refused.body)}`).toBe(400);
      expect(refused.body.errors, JSON.stringify(refused.body)).toBeDefined();
      expect(errors(refused.body)[field], `${method} ${path}`).toMatch(message instanceof RegExp ? message : new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      expect(refused.body.message).toContain(errors(refused.body)[field]);
    }
    // Today, 365 days ahead and a 62-day read (including the past) are fine.
    expect((await send('POST', '/api/hunter-availability', id, { date: inDays(0), timeSlots: [] })).status).toBe(200);
    expect((await send('POST', '/api/hunter-availability', id, { date: inDays(365), timeSlots: ['09:00'] })).status).toBe(200);
    expect((await send('GET', `/api/hunter-availability?startDate=${inDays(-30)}&endDate=${inDays(31)}`, id)).body).toHaveLength(62);
  });

  it("counts 'today' on the hunter's own clock: a date they may set is not past there, whatever London's date", async () => {
    // UTC+14 and UTC−11 have no clock changes: whatever the hour of the run, one of the two is on another date than
    // London, and each is checked against its own.
    for (const [zone, place] of [
      ['Pacific/Kiritimati', 'Kiritimati'],
      ['Pacific/Pago_Pago', 'Pago Pago'],
    ] as const) {
      const [id] = await hunter(zone);
      const today = dateIn(zone, Date.now());
      const set = await send('POST', '/api/hunter-availability', id, { date: today, timeSlots: ['10:00'] });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const range = await send('POST', '/api/hunter-availability/range', id, { startDate: today, endDate: addDays(today, 1), timeSlots: [] });
      expect(range.status, JSON.stringify(range.body)).toBe(200);
      expect((await send('DELETE', `/api/hunter-availability/${today}`, id)).status).toBe(200);
      const past = await send('POST', '/api/hunter-availability', id, { date: addDays(today, -1), timeSlots: [] });
      expect(past.status).toBe(400);
      expect(errors(past.body).date).toBe(`date must not be in the past (today is ${today} in ${place})`);
      const far = await send('POST', '/api/hunter-availability', id, { date: addDays(today, 366), timeSlots: [] });
      expect(errors(far.body).date).toBe('date must be at most 365 days ahead');
    }
  });
});
