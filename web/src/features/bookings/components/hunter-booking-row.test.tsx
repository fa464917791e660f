import { BOOKING_ACTION_MESSAGES, type HunterBooking } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { aHunterBooking } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { HunterBookingRow } from './hunter-booking-row';

function renderRow(booking: HunterBooking, hoursZone?: string) {
  // The passport's brands link to their pages, so the row renders inside a router.
  renderWithProviders(
    <MemoryRouter>
      <ul>
        <HunterBookingRow booking={booking} hoursZone={hoursZone} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByRole('listitem', { name: `WhatsApp Video Call with ${booking.clientName}` });
}
const posts = (calls: ReturnType<typeof stubFetch>, action: string) =>
  calls
    .filter((call) => call.init.method === 'POST' && call.url.endsWith(`/${action}`))
    .map((call) => JSON.parse(String(call.init.body)) as unknown);

describe('HunterBookingRow', () => {
  it('says when the client receives the joining details (decision 0088)', () => {
    stubFetch({});
    const row = renderRow(aHunterBooking({ status: 'confirmed', joiningReleasesAt: '2026-12-07T10:00:00.000Z' }));
    expect(row.textContent).toContain('Ada Lovelace gets your joining details from Mon 7 Dec, 10:00');
  });

  it("shows the client's question and photos; a thumbnail opens the photo", async () => {
    const row = renderRow(
      aHunterBooking({
        notes: 'Which of these bags suits a small frame?',
        photoUrls: ['/api/media/booking-photos/p1', '/api/media/booking-photos/p2'],
      }),
    );
    expect(row.textContent).toContain('Which of these bags suits a small frame?');
    const photos = within(within(row).getByRole('list', { name: "Client's photos" })).getAllByRole('button');
    expect(photos).toHaveLength(2);
    fireEvent.click(photos[1]!);
    const viewer = await screen.findByRole('dialog', { name: 'Photo 2 from Ada Lovelace' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/api/media/booking-photos/p2');
  });

  it('cancels only with a reason the client receives', async () => {
    const booking = aHunterBooking({ id: 'b1', canCancel: true, canPropose: true });
    const calls = stubFetch({
      'POST /api/hunter-bookings/b1/cancel': () => json(200, { ...booking, status: 'cancelled' }),
    });
    const row = renderRow(booking);
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(BOOKING_ACTION_MESSAGES.reasonRequired);
    expect(posts(calls, 'cancel')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason for the client'), { target: { value: '  I am unwell.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls, 'cancel')).toEqual([{ reason: 'I am unwell.' }]);
  });

  it('suggests another time on the 30-minute grid with an optional message', async () => {
    const booking = aHunterBooking({ id: 'b2', canCancel: true, canPropose: true });
    const calls = stubFetch({ 'POST /api/hunter-bookings/b2/proposal': () => json(200, booking) });
    const row = renderRow(booking);
    fireEvent.click(within(row).getByRole('button', { name: 'Suggest another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest another time' });
    const times = [...(within(dialog).getByLabelText("New time (your hours' time zone)") as HTMLSelectElement).options]
      .map((option) => option.value)
      .filter(Boolean);
    expect(times.slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
    expect(times.every((time) => time.endsWith(':00') || time.endsWith(':30'))).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    expect(await within(dialog).findByText('Choose a date')).toBeTruthy();
    // 'Choose a time' is also the select's placeholder option: the message is the one the select points to.
    const timeSelect = within(dialog).getByLabelText("New time (your hours' time zone)");
    expect(document.getElementById(timeSelect.getAttribute('aria-describedby')!)?.textContent).toBe('Choose a time');
    expect(posts(calls, 'proposal')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('New date'), { target: { value: '2026-12-09' } });
    fireEvent.change(timeSelect, { target: { value: '14:30' } });
    fireEvent.change(within(dialog).getByLabelText(/Message to the client/), { target: { value: '  Afternoon?  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls, 'proposal')).toEqual([
      { sessionDate: '2026-12-09', sessionTime: '14:30', message: 'Afternoon?' },
    ]);

    // Sent, the dialog starts afresh.
    fireEvent.click(within(row).getByRole('button', { name: 'Suggest another time' }));
    const again = await screen.findByRole('dialog', { name: 'Suggest another time' });
    expect(within(again).getByLabelText('New date')).toHaveProperty('value', '');
    expect(within(again).getByLabelText(/Message to the client/)).toHaveProperty('value', '');
  });

  it("takes a suggested time on the hunter's own clock and sends it on the clock of their hours", async () => {
    // Lucía's hours are Madrid's; her browser is in London today: 14:30 for her is 15:30 in Madrid.
    const booking = aHunterBooking({
      id: 'b4',
      canCancel: true,
      canPropose: true,
      startsAt: '2026-12-08T09:00:00.000Z',
    });
    const calls = stubFetch({ 'POST /api/hunter-bookings/b4/proposal': () => json(200, booking) });
    const row = renderRow(booking, 'Europe/Madrid');
    expect(row.textContent).toContain('Tuesday, 8 December 2026 at 09:00 (GMT)');
    fireEvent.click(within(row).getByRole('button', { name: 'Suggest another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest another time' });
    fireEvent.change(within(dialog).getByLabelText('New date'), { target: { value: '2026-12-09' } });
    fireEvent.change(within(dialog).getByLabelText('New time (Europe/London)'), { target: { value: '14:30' } });
    expect(within(dialog).getByText(/That is 15:30 on Wednesday, 9 December 2026 in Europe\/Madrid/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls, 'proposal')).toEqual([{ sessionDate: '2026-12-09', sessionTime: '15:30', message: null }]);
  });

  it('offers attendance only when the server allows it', () => {
    const row = renderRow(aHunterBooking({ canCancel: true, canPropose: true, canMarkAttendance: false }));
    expect(within(row).queryByRole('button', { name: 'Mark as held' })).toBeNull();
    expect(within(row).queryByRole('button', { name: "Client didn't show" })).toBeNull();
  });

  it('marks held at once, and a no-show only after a warning about refunds and disputes', async () => {
    const booking = aHunterBooking({ id: 'b3', status: 'completed', canMarkAttendance: true });
    const calls = stubFetch({ 'POST /api/hunter-bookings/b3/attendance': () => json(200, booking) });
    const row = renderRow(booking);
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Suggest another time' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: "Client didn't show" }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark Ada Lovelace as a no-show?' });
    expect(confirm.textContent).toContain('There is no refund for a no-show');
    expect(confirm.textContent).toContain('dispute it within 48 hours');
    expect(posts(calls, 'attendance')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark as no-show' }));
    await waitFor(() => expect(posts(calls, 'attendance')).toEqual([{ attendance: 'no_show' }]));

    fireEvent.click(within(row).getByRole('button', { name: 'Mark as held' }));
    await waitFor(() => expect(posts(calls, 'attendance')).toHaveLength(2));
    expect(posts(calls, 'attendance')[1]).toEqual({ attendance: 'held' });
  });

  it('shows a pending suggestion, the attendance, a dispute with its status, and a cancellation reason', () => {
    const proposed = renderRow(
      aHunterBooking({
        clientName: 'Grace Hopper',
        proposal: {
          sessionDate: '2026-12-03',
          sessionTime: '15:30',
          startsAt: '2026-12-03T15:30:00.000Z',
          endsAt: '2026-12-03T16:30:00.000Z',
          message: 'Afternoon instead?',
          proposedAt: '2026-11-25T10:00:00.000Z',
        },
      }),
    );
    expect(proposed.textContent).toContain('Waiting for the client');
    expect(proposed.textContent).toContain('15:30');
    expect(proposed.textContent).toContain('Afternoon instead?');

    const disputed = renderRow(
      aHunterBooking({
        clientName: 'Alan Turing',
        status: 'completed',
        attendance: 'no_show',
        dispute: {
          status: 'open',
          reason: 'I was in the call, nobody answered.',
          openedAt: '2026-12-01T12:00:00.000Z',
          resolvedAt: null,
          resolutionNote: null,
        },
      }),
    );
    expect(disputed.textContent).toContain("Client didn't show");
    expect(disputed.textContent).toContain('Disputed · under review');
    expect(disputed.textContent).toContain('I was in the call, nobody answered.');

    const cancelled = renderRow(
      aHunterBooking({
        clientName: 'Ken Thompson',
        status: 'cancelled',
        cancelledBy: 'hunter',
        cancelReason: 'Unwell.',
      }),
    );
    expect(cancelled.textContent).toContain('You cancelled this session: Unwell.');
  });

  it("opens the client's style passport: only the parts they shared, and says when there is none to see", async () => {
    stubFetch({
      'GET /api/style-passports/b7': () =>
        json(200, {
          bookingId: 'b7',
          shares: { savedBrands: true, votedBrands: false, reviewedBrands: false, filterHabits: true, question: true },
          passport: {
            savedBrands: [{ id: 42, name: 'Loom & Co', imageUrl: '/loom.png' }],
            votedBrands: null,
            reviewedBrands: null,
            filterHabits: { valueTags: [{ value: 'Handmade', uses: 3 }], priceLevels: [{ value: '££', uses: 2 }] },
          },
          visibleUntil: '2026-12-10T12:00:00.000Z',
        }),
      'GET /api/style-passports/b8': () => json(404, { message: 'Style passport not found' }),
    });
    const row = renderRow(aHunterBooking({ id: 'b7', status: 'confirmed' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Style passport' }));
    const dialog = await screen.findByRole('dialog', { name: "Ada Lovelace's style passport" });
    expect(await within(dialog).findByRole('region', { name: 'Brands they saved' })).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Loom & Co/ })
        .getAttribute('href'),
    ).toBe('/brand/42/loom-co');
    expect(within(dialog).queryByRole('region', { name: 'Brands they voted for' })).toBeNull();
    expect(within(dialog).getByText(/Handmade/)).toBeTruthy();
    expect(dialog.textContent).toContain('You can see this until Thursday, 10 December 2026.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    const later = renderRow(aHunterBooking({ id: 'b8', status: 'completed', clientName: 'Ben Ode' }));
    fireEvent.click(within(later).getByRole('button', { name: 'Style passport' }));
    expect(await screen.findByText(/There is no passport to see/)).toBeTruthy();
  });

  it('offers no passport on a cancelled booking', () => {
    const row = renderRow(aHunterBooking({ status: 'cancelled' }));
    expect(within(row).queryByRole('button', { name: 'Style passport' })).toBeNull();
  });
});
