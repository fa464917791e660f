import { TIME_ZONE_PATH } from '@hunted/contracts';
import { browserTimeZone } from '@/lib/time-zone';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

/** What the rest of /edit-profile asks for, answered so the page draws whole. */
const restOfPage = {
  'GET /api/email-preferences': () => json(200, { preferences: {} }),
  'GET /api/account/data-exports/current': () => json(200, { export: null }),
  'GET /api/account/deletion': () => json(200, { deletion: null }),
};

const puts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.init.method === 'PUT' && call.url === TIME_ZONE_PATH).map((call) => JSON.parse(String(call.init.body)));

describe('/edit-profile, time zone', () => {
  it('shows the zone emails use and saves another the moment it is chosen, with a toast', async () => {
    let user = { ...member, timeZone: 'Europe/London' };
    const calls = stubFetch({
      ...restOfPage,
      'GET /api/auth/user': () => json(200, user),
      [`PUT ${TIME_ZONE_PATH}`]: () => {
        user = { ...user, timeZone: 'Europe/Paris' };
        return json(200, user);
      },
    });
    renderRoute('/edit-profile');

    const section = await screen.findByRole('region', { name: 'Time zone' });
    expect(within(section).getByText(/Emails and calendar invites from Hunted show times in this zone/)).toBeTruthy();
    const select = await within(section).findByLabelText<HTMLSelectElement>('Your time zone');
    expect(select.value).toBe('Europe/London');
    expect(within(section).getByText('Now: Europe/London.')).toBeTruthy();
    // Europe's zones come first.
    expect(select.options[0]!.value).toMatch(/^Europe\//);

    fireEvent.change(select, { target: { value: 'Europe/Paris' } });
    expect(await screen.findByText('Time zone saved')).toBeTruthy();
    expect(screen.getByText('Your emails and calendar invites now show times in Europe/Paris time.')).toBeTruthy();
    expect(puts(calls)).toEqual([{ timeZone: 'Europe/Paris' }]);
    await waitFor(() => expect(within(section).getByText('Now: Europe/Paris.')).toBeTruthy());
    expect(select.value).toBe('Europe/Paris');
  });

  it("says why a save failed, in the server's words, and keeps the zone", async () => {
    stubFetch({
      ...restOfPage,
      'GET /api/auth/user': () => json(200, { ...member, timeZone: 'Europe/London' }),
      [`PUT ${TIME_ZONE_PATH}`]: () =>
        json(400, { statusCode: 400, message: 'timeZone must be a time zone name from the IANA database' }),
    });
    renderRoute('/edit-profile');
    const select = await screen.findByLabelText<HTMLSelectElement>('Your time zone');
    fireEvent.change(select, { target: { value: 'Europe/Madrid' } });
    expect(await screen.findByText('Could not save your time zone')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('Europe/London'));
  });

  it("fills a missing zone from the browser once after sign-in, never to overwrite (onlyIfUnset), not on every page", async () => {
    const browserZone = browserTimeZone()!;
    let user: Omit<typeof member, 'timeZone'> & { timeZone: string | null } = { ...member, id: 'u-no-zone', timeZone: null };
    const calls = stubFetch({
      ...restOfPage,
      'GET /api/auth/user': () => json(200, user),
      [`PUT ${TIME_ZONE_PATH}`]: () => {
        user = { ...user, timeZone: browserZone };
        return json(200, user);
      },
    });
    const router = renderRoute('/edit-profile');
    await waitFor(() => expect(puts(calls)).toEqual([{ timeZone: browserZone, onlyIfUnset: true }]));
    const select = await screen.findByLabelText<HTMLSelectElement>('Your time zone');
    await waitFor(() => expect(select.value).toBe(browserZone));

    await router.navigate('/');
    await router.navigate('/edit-profile');
    await screen.findByLabelText('Your time zone');
    expect(puts(calls)).toHaveLength(1);
  });
});
