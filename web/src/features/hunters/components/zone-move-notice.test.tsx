import type { Hunter, HunterBooking } from '@hunted/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aHunter, aHunterBooking } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { useHunterProfile } from '../api/get-hunter-profile';
import { HunterSettings } from './hunter-settings';

const hunter = aHunter({ id: 12, name: 'Sofia Marchetti', timeZone: 'Europe/London' });

const ahead = [
  aHunterBooking({ startsAt: '2026-12-10T15:00:00.000Z' }),
  aHunterBooking({ startsAt: '2026-12-08T10:00:00.000Z' }),
  aHunterBooking({ startsAt: '2026-12-09T23:30:00.000Z', status: 'pending_payment' }),
  aHunterBooking({ startsAt: '2026-12-14T09:00:00.000Z' }),
];
const notAhead = [
  aHunterBooking({ startsAt: '2026-12-08T11:00:00.000Z', status: 'cancelled' }),
  aHunterBooking({ startsAt: '2026-12-08T12:00:00.000Z', status: 'expired' }),
  aHunterBooking({ startsAt: '2026-12-01T10:00:00.000Z', status: 'completed' }),
];

/** As the dashboard does: the profile read by its query, the bookings handed down. */
function SettingsTab({ bookings }: { bookings: HunterBooking[] | undefined }) {
  const profile = useHunterProfile();
  return profile.data ? <HunterSettings hunter={profile.data} bookings={bookings} /> : null;
}

function render(bookings: HunterBooking[] | undefined) {
  let stored: Hunter = hunter;
  const calls = stubFetch({
    'GET /api/hunter-profile': () => json(200, stored),
    'PATCH /api/hunters/12': () => {
      const sent = JSON.parse(String(calls.at(-1)?.init.body)) as Partial<Hunter>;
      stored = { ...stored, ...sent, updatedAt: '2026-12-07T12:00:01.000Z' } as Hunter;
      return json(200, stored);
    },
  });
  renderWithProviders(<SettingsTab bookings={bookings} />);
  return calls;
}

const zoneSelect = () => screen.getByLabelText('Time Zone') as HTMLSelectElement;
const pickZone = (zone: string) => fireEvent.change(zoneSelect(), { target: { value: zone } });
const notice = () => screen.queryByRole('status', { name: 'Sessions at new local times' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
const toastWith = (text: string) =>
  screen.queryAllByRole('status').find((element) => element.textContent?.includes(text)) ?? null;

describe('a change of zone with sessions ahead (issue 38)', () => {
  beforeEach(() => {
    // Only Date: the waits below run on real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says under the select, before saving, which sessions ahead show at new local times', async () => {
    render([...ahead, ...notAhead]);
    await screen.findByLabelText('Time Zone');
    expect(zoneSelect().value).toBe('Europe/London');
    expect(notice()).toBeNull();

    pickZone('Europe/Athens');
    expect(notice()?.textContent).toBe(
      '4 upcoming sessions stay at the same moment for your clients. In Europe/Athens they will show at new local ' +
        'times: Tue 8 Dec 10:00 → 12:00, Wed 9 Dec 23:30 → Thu 10 Dec 01:30, Thu 10 Dec 15:00 → 17:00, and 1 more.',
    );

    // Back to the saved zone, or to one whose clock reads alike: nothing moves.
    pickZone('Europe/London');
    expect(notice()).toBeNull();
    pickZone('Europe/Lisbon');
    expect(notice()).toBeNull();
  });

  it('says after the save how many now show at new local times, the clients’ unchanged', async () => {
    const calls = render([...ahead, ...notAhead]);
    await screen.findByLabelText('Time Zone');
    pickZone('Europe/Athens');
    save();
    await waitFor(() =>
      expect(toastWith('Profile Updated')?.textContent).toContain(
        "4 upcoming sessions now show at new local times (Europe/Athens). Your clients' times are unchanged.",
      ),
    );
    expect(JSON.parse(String(calls.find((call) => call.init.method === 'PATCH')?.init.body))).toMatchObject({
      timeZone: 'Europe/Athens',
    });
    // The form starts again from the saved zone: nothing left to say under it.
    await waitFor(() => expect(zoneSelect().value).toBe('Europe/Athens'));
    expect(notice()).toBeNull();
  });

  it('says nothing more than before with no sessions ahead', async () => {
    render(notAhead);
    await screen.findByLabelText('Time Zone');
    pickZone('Europe/Athens');
    expect(notice()).toBeNull();
    save();
    await waitFor(() =>
      expect(toastWith('Profile Updated')?.textContent).toContain('Your hunter profile has been updated successfully.'),
    );
    expect(toastWith('new local times')).toBeNull();
  });

  it('says nothing while the bookings are not all read', async () => {
    render(undefined);
    await screen.findByLabelText('Time Zone');
    pickZone('Europe/Athens');
    expect(notice()).toBeNull();
  });
});
