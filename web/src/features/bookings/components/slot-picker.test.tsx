import type { SessionTypeKey } from '@hunted/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewerTimeZoneForTests } from '@/lib/time-zone';
import { aSlotsResponse } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { SlotPicker, type SlotChoice } from './slot-picker';

const MADRID = 'Europe/Madrid';

/**
 * Lucía in Madrid offers the week of Monday 23 March 2026, whose Sunday (the 29th) moves both Madrid's and London's
 * clocks forward at 01:00 UTC: 10:00 in Madrid is 09:00 in London on either side of it. Her midnight start on
 * Tuesday is still Monday evening in London.
 */
const lucia = (sessionType: SessionTypeKey) => ({
  [`GET /api/hunters/7/slots?from=2026-03-22&to=2026-03-30&sessionType=${sessionType}`]: () =>
    json(
      200,
      aSlotsResponse(
        7,
        sessionType,
        '2026-03-22',
        { '2026-03-24': ['00:00', '10:00'], '2026-03-28': ['10:00'], '2026-03-29': ['10:00'] },
        9,
        MADRID,
      ),
    ),
});

function Picker({ sessionType, onChoice }: { sessionType: SessionTypeKey; onChoice: (choice: SlotChoice) => void }) {
  const [selected, setSelected] = useState<SlotChoice | null>(null);
  return (
    <SlotPicker
      hunterId={7}
      sessionType={sessionType}
      selected={selected}
      onSelect={(choice) => {
        setSelected(choice);
        onChoice(choice);
      }}
    />
  );
}

function renderPicker(viewerZone: string, sessionType: SessionTypeKey = 'whatsappVideo') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-23T06:00:00Z')); // Monday 23 March, before the clocks change
  setViewerTimeZoneForTests(viewerZone);
  stubFetch(lucia(sessionType));
  const chosen: SlotChoice[] = [];
  renderWithProviders(<Picker sessionType={sessionType} onChoice={(choice) => chosen.push(choice)} />);
  return chosen;
}

const days = () => screen.getByRole('group', { name: 'Days' });

afterEach(() => {
  vi.useRealTimers();
});

describe("the slot picker in the client's zone, the hunter's beside", () => {
  it("shows a London client London times with Madrid's beside, across the clock change, and sends Madrid's back", async () => {
    const chosen = renderPicker('Europe/London');

    // Tuesday 00:00 in Madrid is 23:00 on Monday in London: it is Monday's, with Madrid's date beside.
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Days' })).getByRole('button', { name: 'Mon 23 Mar, 1 time' }),
    );
    expect(
      screen.getByRole('button', { name: 'Mon 23 Mar at 23:00 your time · 00:00 on Tue 24 Mar in Madrid' }),
    ).toBeTruthy();

    fireEvent.click(within(days()).getByRole('button', { name: 'Tue 24 Mar, 1 time' }));
    const tuesday = screen.getByRole('button', { name: 'Tue 24 Mar at 09:00 your time · 10:00 in Madrid' });
    expect(tuesday.textContent).toBe('09:0010:00 in Madrid');

    // Saturday (GMT and CET) and Sunday (BST and CEST): an hour apart on both sides of the change.
    fireEvent.click(within(days()).getByRole('button', { name: 'Sat 28 Mar, 1 time' }));
    expect(screen.getByRole('button', { name: 'Sat 28 Mar at 09:00 your time · 10:00 in Madrid' })).toBeTruthy();
    fireEvent.click(within(days()).getByRole('button', { name: 'Sun 29 Mar, 1 time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sun 29 Mar at 09:00 your time · 10:00 in Madrid' }));

    // The note names the client's zone and both of its offsets that week.
    expect(
      screen.getByText('Times are in your time zone, Europe/London (GMT +0:00; GMT +1:00 from 29 Mar)'),
    ).toBeTruthy();
    // What goes back to the API is the hunter's date and time, and the start itself.
    expect(chosen.at(-1)).toMatchObject({
      date: '2026-03-29',
      timeZone: MADRID,
      slot: { time: '10:00', startsAt: '2026-03-29T08:00:00.000Z' },
    });
  });

  it('shows a client in Madrid only the one time, as their clocks agree', async () => {
    const chosen = renderPicker(MADRID);

    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Days' })).getByRole('button', { name: 'Tue 24 Mar, 2 times' }),
    );
    const section = screen.getByRole('region', { name: 'Times on Tue 24 Mar' });
    expect(
      within(section)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['00:00', '10:00']);
    expect(screen.queryByText(/in Madrid/)).toBeNull();
    fireEvent.click(within(days()).getByRole('button', { name: 'Sun 29 Mar, 1 time' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sun 29 Mar at 10:00' }));
    expect(
      screen.getByText('Times are in your time zone, Europe/Madrid (GMT +1:00; GMT +2:00 from 29 Mar)'),
    ).toBeTruthy();
    expect(chosen.at(-1)).toMatchObject({ date: '2026-03-29', slot: { time: '10:00' } });
  });

  it("puts the place's time first for an in-person session, on the place's days", async () => {
    const chosen = renderPicker('Europe/London', 'inPerson');

    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Days' })).getByRole('button', { name: 'Tue 24 Mar, 2 times' }),
    );
    expect(
      screen.getByRole('button', { name: 'Tue 24 Mar at 00:00 in Madrid · 23:00 on Mon 23 Mar your time' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tue 24 Mar at 10:00 in Madrid · 09:00 your time' }));
    expect(screen.getByText(/^Times are Madrid's, where the session takes place: Europe\/Madrid/)).toBeTruthy();
    expect(chosen.at(-1)).toMatchObject({ date: '2026-03-24', slot: { time: '10:00' } });
  });
});
