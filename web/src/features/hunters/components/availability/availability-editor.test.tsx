import { AVAILABILITY_SLOTS, type AvailabilityDay, type AvailabilitySlot, type WeeklyHours } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { aHunter } from '@/testing/data-generators';
import { renderWithProviders } from '@/testing/test-utils';
import { AvailabilityEditor } from './availability-editor';

const NOVEMBER = 'GET /api/hunter-availability?startDate=2026-11-01&endDate=2026-11-30';
const DECEMBER = 'GET /api/hunter-availability?startDate=2026-12-01&endDate=2026-12-31';
const WEEKLY = 'GET /api/hunter-availability/weekly';
const ALL = [...AVAILABILITY_SLOTS];

const weekly: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: [], sun: [] };

/** November 2026 as the server resolves it from `weekly`, with the given dates' own records. */
function november(own: AvailabilityDay[] = []): AvailabilityDay[] {
  return Array.from({ length: 30 }, (_, index) => {
    const date = `2026-11-${String(index + 1).padStart(2, '0')}`;
    const found = own.find((day) => day.date === date);
    if (found) return found;
    const weekend = [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
    return { date, timeSlots: weekend ? [] : ALL, isAvailable: !weekend, source: 'weekly' } as AvailabilityDay;
  });
}

const dayButton = (date: string) => document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;
/** The day's accessible name: the visually hidden text read in place of the short figures drawn. */
const dayName = (date: string) => dayButton(date).querySelector('.sr-only')?.textContent ?? null;
const bodyOf = (calls: RecordedCall[], method: string, url: string): unknown =>
  JSON.parse(String(calls.find((call) => call.init.method === method && call.url === url)?.init.body));

const zoneBefore = process.env.TZ;
beforeEach(() => {
  // 23:30 UTC on Tuesday 24 November 2026 is already Wednesday in Tokyo (the browser's zone here) but still Tuesday
  // in London, so the calendar's today is the 24th.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T23:30:00Z'));
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => {
  vi.useRealTimers();
  // Put back, not deleted: an unset TZ reads as 'Etc/Unknown' in this runtime, which later tests would inherit.
  process.env.TZ = zoneBefore;
});

describe('Manage Your Availability', () => {
  it("names the hunter's own zone as the clock of the hours", async () => {
    stubFetch({
      [NOVEMBER]: () => json(200, november()),
      [WEEKLY]: () => json(200, weekly),
      'GET /api/hunter-profile': () => json(200, { ...aHunter(), timeZone: 'Europe/Madrid' }),
    });
    renderWithProviders(<AvailabilityEditor />);
    expect(await screen.findByText('Choose the hours clients can book you. Times are Madrid time (Europe/Madrid).')).toBeTruthy();
  });

  it('shows the month from Sunday with 42 days; past and other months’ days cannot be picked', async () => {
    stubFetch({ [NOVEMBER]: () => json(200, november()), [WEEKLY]: () => json(200, weekly) });
    renderWithProviders(<AvailabilityEditor />);
    expect(screen.getByRole('heading', { name: 'Manage Your Availability' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'November 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(42);
    await waitFor(() => expect(dayName('2026-11-25')).toContain('12 hours offered'));
    expect(dayButton('2026-11-23').disabled).toBe(true); // past
    expect(dayButton('2026-11-24').disabled).toBe(false); // today in London (already the 25th in Tokyo)
    expect(dayName('2026-11-24')).toBe('Tuesday, 24 November 2026, 12 hours offered, today');
    expect(dayButton('2026-12-01').disabled).toBe(true); // next month's day filling the last week
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
  });

  it("counts today on the hunter's own clock: in Athens the 24th is already past", async () => {
    stubFetch({
      [NOVEMBER]: () => json(200, november()),
      [WEEKLY]: () => json(200, weekly),
      'GET /api/hunter-profile': () => json(200, { ...aHunter(), timeZone: 'Europe/Athens' }),
    });
    renderWithProviders(<AvailabilityEditor />);
    // 23:30 UTC is 01:30 on the 25th in Athens (UTC+2 in November), whatever London or the browser say.
    await waitFor(() => expect(dayName('2026-11-25')).toBe('Wednesday, 25 November 2026, 12 hours offered, today'));
    expect(dayButton('2026-11-24').disabled).toBe(true);
  });

  it('marks the hours clients have booked on the picked date, and adds them to the key', async () => {
    stubFetch({ [NOVEMBER]: () => json(200, november()), [WEEKLY]: () => json(200, weekly) });
    const bookedHours = new Map<string, AvailabilitySlot[]>([['2026-11-26', ['10:00', '11:00']]]);
    renderWithProviders(<AvailabilityEditor bookedHours={bookedHours} />);
    await waitFor(() => expect(dayName('2026-11-26')).toContain('hours offered'));
    fireEvent.click(dayButton('2026-11-26'));
    const hours = screen.getByRole('group', { name: 'Hours on Thursday, 26 November 2026' });
    expect(within(hours).getByRole('button', { name: '10:00 (booked)' })).toBeTruthy();
    expect(within(hours).getByRole('button', { name: '11:00 (booked)' })).toBeTruthy();
    expect(within(hours).getByRole('button', { name: '12:00' })).toBeTruthy();
    expect(screen.getByText('Booked by a client')).toBeTruthy();
    fireEvent.click(dayButton('2026-11-27'));
    expect(
      within(screen.getByRole('group', { name: /Hours on Friday/ })).queryByRole('button', { name: /booked/ }),
    ).toBeNull();
    expect(screen.queryByText('Booked by a client')).toBeNull();
  });

  it('picks a day and shows its 12 hours; picking it again clears the selection', async () => {
    stubFetch({ [NOVEMBER]: () => json(200, november()), [WEEKLY]: () => json(200, weekly) });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() => expect(dayName('2026-11-26')).toContain('hours offered'));
    fireEvent.click(dayButton('2026-11-26'));
    expect(dayButton('2026-11-26').getAttribute('aria-pressed')).toBe('true');
    const hours = screen.getByRole('group', { name: 'Hours on Thursday, 26 November 2026' });
    expect(within(hours).getAllByRole('button')).toHaveLength(12);
    expect(within(hours).getAllByRole('button', { pressed: true })).toHaveLength(12);
    expect(
      screen.getByText('Follows your Thursday weekly hours. A change here applies to this date only.'),
    ).toBeTruthy();
    fireEvent.click(dayButton('2026-11-26'));
    expect(screen.queryByRole('group', { name: /Hours on/ })).toBeNull();
    expect(screen.getByText('Pick a date to edit its hours')).toBeTruthy();
  });

  it('switching a day on saves all 12 hours for the date, with the success toast', async () => {
    let saved = false;
    const calls = stubFetch({
      [NOVEMBER]: () =>
        json(200, november(saved ? [{ date: '2026-11-28', timeSlots: ALL, isAvailable: true, source: 'date' }] : [])),
      [WEEKLY]: () => json(200, weekly),
      'POST /api/hunter-availability': () => {
        saved = true;
        return json(200, { date: '2026-11-28', timeSlots: ALL, isAvailable: true, source: 'date' });
      },
    });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() => expect(dayName('2026-11-28')).toContain('day off'));
    fireEvent.click(dayButton('2026-11-28'));
    const hours = screen.getByRole('group', { name: 'Hours on Saturday, 28 November 2026' });
    // A day off: every hour grey and disabled.
    for (const slot of within(hours).getAllByRole('button')) {
      expect(slot.getAttribute('data-state')).toBe('day-off');
      expect((slot as HTMLButtonElement).disabled).toBe(true);
    }
    fireEvent.click(screen.getByRole('switch', { name: 'Available on Saturday, 28 November 2026' }));
    expect(await screen.findByText('Availability Updated')).toBeTruthy();
    expect(screen.getByText('Your availability has been updated successfully.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/hunter-availability')).toEqual({
      date: '2026-11-28',
      timeSlots: ALL,
      isAvailable: true,
    });
    // The saved date now has hours of its own: marked on the calendar, with a way back to its weekday's hours.
    await waitFor(() => expect(dayName('2026-11-28')).toContain('own hours'));
    expect(within(dayButton('2026-11-28')).getByTestId('own-hours-mark')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset to weekly hours' })).toBeTruthy();
    expect(within(hours).getAllByRole('button', { pressed: true })).toHaveLength(12);
  });

  it('toggles one hour off (red), switches the day off (cleared), and says when saving failed', async () => {
    let answer: 'ok' | 'fail' = 'ok';
    const calls = stubFetch({
      [NOVEMBER]: () => json(200, november()),
      [WEEKLY]: () => json(200, weekly),
      'POST /api/hunter-availability': () =>
        answer === 'ok'
          ? json(200, { date: '2026-11-25', timeSlots: [], isAvailable: false, source: 'date' })
          : json(500, {}),
    });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() => expect(dayName('2026-11-25')).toContain('12 hours offered'));
    fireEvent.click(dayButton('2026-11-25'));
    const hours = screen.getByRole('group', { name: 'Hours on Wednesday, 25 November 2026' });
    fireEvent.click(within(hours).getByRole('button', { name: '14:00' }));
    await screen.findByText('Availability Updated');
    expect(bodyOf(calls, 'POST', '/api/hunter-availability')).toEqual({
      date: '2026-11-25',
      timeSlots: ALL.filter((slot) => slot !== '14:00'),
      isAvailable: true,
    });

    calls.length = 0;
    answer = 'fail';
    fireEvent.click(screen.getByRole('switch', { name: 'Available on Wednesday, 25 November 2026' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to update availability. Please try again.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/hunter-availability')).toEqual({
      date: '2026-11-25',
      timeSlots: [],
      isAvailable: false,
    });
    // The failed change is not kept: the day shows what the server has.
    await waitFor(() =>
      expect(within(hours).getByRole('button', { name: '14:00' }).getAttribute('data-state')).toBe('offered'),
    );
  });

  it('takes one hour off after another, each save starting from the last, and names the day by what is left', async () => {
    // The server keeps what each POST (the last call made) sends as the date's own hours.
    let own: AvailabilityDay[] = [];
    const calls: RecordedCall[] = stubFetch({
      [NOVEMBER]: () => json(200, november(own)),
      [WEEKLY]: () => json(200, weekly),
      'POST /api/hunter-availability': () => {
        const sent = JSON.parse(String(calls.at(-1)!.init.body)) as Omit<AvailabilityDay, 'source'>;
        own = [{ ...sent, source: 'date' }];
        return json(200, own[0]);
      },
    });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() => expect(dayName('2026-11-25')).toContain('12 hours offered'));
    fireEvent.click(dayButton('2026-11-25'));
    const hours = screen.getByRole('group', { name: 'Hours on Wednesday, 25 November 2026' });
    fireEvent.click(within(hours).getByRole('button', { name: '09:00' }));
    await waitFor(() =>
      expect(within(hours).getByRole('button', { name: '09:00' }).getAttribute('data-state')).toBe('not-offered'),
    );
    fireEvent.click(within(hours).getByRole('button', { name: '10:00' }));
    await waitFor(() =>
      expect(within(hours).getByRole('button', { name: '10:00' }).getAttribute('data-state')).toBe('not-offered'),
    );

    const posts = calls.filter((call) => call.init.method === 'POST').map((call) => JSON.parse(String(call.init.body)));
    expect(posts).toEqual([
      { date: '2026-11-25', timeSlots: ALL.filter((slot) => slot !== '09:00'), isAvailable: true },
      { date: '2026-11-25', timeSlots: ALL.filter((slot) => slot !== '09:00' && slot !== '10:00'), isAvailable: true },
    ]);
    expect((within(hours).getByRole('button', { name: '11:00' }) as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(dayName('2026-11-25')).toBe('Wednesday, 25 November 2026, 10 hours offered, own hours'));
  });

  it('shows the not-offered hour in red while the day is on', async () => {
    const own: AvailabilityDay = { date: '2026-11-27', timeSlots: ['09:00'], isAvailable: true, source: 'date' };
    stubFetch({ [NOVEMBER]: () => json(200, november([own])), [WEEKLY]: () => json(200, weekly) });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() => expect(dayName('2026-11-27')).toContain('1 hour offered, own hours'));
    fireEvent.click(dayButton('2026-11-27'));
    const hours = screen.getByRole('group', { name: 'Hours on Friday, 27 November 2026' });
    expect(within(hours).getByRole('button', { name: '09:00' }).getAttribute('data-state')).toBe('offered');
    expect(within(hours).getByRole('button', { name: '10:00' }).getAttribute('data-state')).toBe('not-offered');
  });

  it('resets a date with its own hours to its weekday’s (DELETE)', async () => {
    let own = true;
    const calls = stubFetch({
      [NOVEMBER]: () =>
        json(200, november(own ? [{ date: '2026-11-30', timeSlots: [], isAvailable: false, source: 'date' }] : [])),
      [WEEKLY]: () => json(200, weekly),
      'DELETE /api/hunter-availability/2026-11-30': () => {
        own = false;
        return json(200, { date: '2026-11-30', timeSlots: ALL, isAvailable: true, source: 'weekly' });
      },
    });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() => expect(dayName('2026-11-30')).toContain('own hours'));
    fireEvent.click(dayButton('2026-11-30'));
    expect(screen.getByText('Changed from your Monday hours.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to weekly hours' }));
    expect(await screen.findByText('Availability Updated')).toBeTruthy();
    expect(calls.some((call) => call.init.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(dayName('2026-11-30')).not.toContain('own hours'));
    expect(screen.getByText('Follows your Monday weekly hours. A change here applies to this date only.')).toBeTruthy();
  });

  it('shows an empty month, without a message, when the month cannot be read', async () => {
    const calls = stubFetch({ [NOVEMBER]: () => json(500, {}), [WEEKLY]: () => json(200, weekly) });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() => expect(calls.some((call) => call.url.includes('startDate'))).toBe(true));
    await waitFor(() =>
      expect(dayButton('2026-11-25').closest('[aria-busy]')!.getAttribute('aria-busy')).toBe('false'),
    );
    expect(dayButton('2026-11-25').disabled).toBe(false);
    expect(dayName('2026-11-25')).toBe('Wednesday, 25 November 2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Update Failed')).toBeNull();
    fireEvent.click(dayButton('2026-11-25'));
    const hours = screen.getByRole('group', { name: 'Hours on Wednesday, 25 November 2026' });
    for (const slot of within(hours).getAllByRole('button')) expect(slot.getAttribute('data-state')).toBe('day-off');
  });

  it('moves between months, reading the month shown', async () => {
    const calls = stubFetch({
      [NOVEMBER]: () => json(200, november()),
      [DECEMBER]: () => json(200, []),
      [WEEKLY]: () => json(200, weekly),
    });
    renderWithProviders(<AvailabilityEditor />);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain(DECEMBER.slice(4)));
    expect(dayButton('2026-12-01').disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeTruthy();
  });
});

describe('Weekly hours', () => {
  it('edits the week as a draft and saves it whole (PUT)', async () => {
    const calls = stubFetch({
      [NOVEMBER]: () => json(200, november()),
      [WEEKLY]: () => json(200, weekly),
      'PUT /api/hunter-availability/weekly': () => json(200, weekly),
    });
    renderWithProviders(<AvailabilityEditor />);
    const save = await screen.findByRole('button', { name: 'Save weekly hours' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Available on Saturdays' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Saturday hours' })).getByRole('button', { name: '20:00' }),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Available on Mondays' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(save);
    expect(await screen.findByText('Availability Updated')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', '/api/hunter-availability/weekly')).toEqual({
      ...weekly,
      mon: [],
      sat: ALL.filter((slot) => slot !== '20:00'),
    });
  });

  it('puts the saved week back on Discard, with nothing sent', async () => {
    const calls = stubFetch({ [NOVEMBER]: () => json(200, november()), [WEEKLY]: () => json(200, weekly) });
    renderWithProviders(<AvailabilityEditor />);
    const save = await screen.findByRole('button', { name: 'Save weekly hours' });
    const monday = screen.getByRole('switch', { name: 'Available on Mondays' });
    const mondayWas = monday.getAttribute('aria-checked');
    fireEvent.click(monday);
    expect(monday.getAttribute('aria-checked')).not.toBe(mondayWas);
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('switch', { name: 'Available on Mondays' }).getAttribute('aria-checked')).toBe(mondayWas);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(save).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.init.method === 'PUT')).toEqual([]);
  });

  it('shows the week as saved: each day on or off, and the hours each offers', async () => {
    const saved: WeeklyHours = { ...weekly, sat: ALL.filter((slot) => slot !== '20:00') };
    stubFetch({ [NOVEMBER]: () => json(200, november()), [WEEKLY]: () => json(200, saved) });
    renderWithProviders(<AvailabilityEditor />);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Available on Saturdays' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByRole('switch', { name: 'Available on Mondays' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Available on Sundays' }).getAttribute('aria-checked')).toBe('false');
    const saturday = screen.getByRole('group', { name: 'Saturday hours' });
    expect(within(saturday).getByRole('button', { name: '20:00' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(saturday).getByRole('button', { name: '19:00' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('Block dates', () => {
  it('blocks a range in one call with no hours, and refuses a range that ends before it starts', async () => {
    const calls = stubFetch({
      [NOVEMBER]: () => json(200, november()),
      [DECEMBER]: () => json(200, []),
      [WEEKLY]: () => json(200, weekly),
      'POST /api/hunter-availability/range': () =>
        json(200, [
          { date: '2026-12-24', timeSlots: [], isAvailable: false, source: 'date' },
          { date: '2026-12-25', timeSlots: [], isAvailable: false, source: 'date' },
        ]),
    });
    renderWithProviders(<AvailabilityEditor />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect(from.min).toBe('2026-11-24');
    fireEvent.change(from, { target: { value: '2026-12-24' } });
    fireEvent.change(to, { target: { value: '2026-12-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block dates' }));
    expect(screen.getByRole('alert').textContent).toBe('The last day must be on or after the first day.');
    fireEvent.change(to, { target: { value: '2026-12-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block dates' }));
    expect(await screen.findByText('Availability Updated')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/hunter-availability/range')).toEqual({
      startDate: '2026-12-24',
      endDate: '2026-12-25',
      timeSlots: [],
    });
    // The calendar moves to the blocked month.
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
  });
});
