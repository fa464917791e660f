import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCELLATION_POLICY, type SiteSettings } from '@hunted/contracts';
import { BOOKING_CHOICE_KEY } from '../lib/booking-choice';
import { aMyBooking, aSlotsResponse, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { setViewerTimeZoneForTests } from '@/lib/time-zone';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const row = (name: string) => screen.getByRole('listitem', { name });

describe('/my-bookings', () => {
  it("shows a session on the client's clock with the hunter's beside when they differ, the place's first in person", async () => {
    setViewerTimeZoneForTests('Europe/London');
    const bookings = [
      // Lucía in Madrid: 10:00 there is 09:00 in London in winter.
      aMyBooking({
        id: 'b1',
        hunterName: 'Lucía Moreno',
        hunterLocation: 'Spain',
        hunterTimeZone: 'Europe/Madrid',
        startsAt: '2026-12-01T09:00:00.000Z',
      }),
      aMyBooking({
        id: 'b2',
        hunterName: 'Mia Rossi',
        hunterLocation: 'Italy',
        hunterTimeZone: 'Europe/Rome',
        sessionType: 'inPerson',
        startsAt: '2026-12-02T14:00:00.000Z',
      }),
    ];
    stubFetch({
      ...signedIn,
      'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [] }),
      'GET /api/my-bookings?limit=50&offset=0': () => json(200, bookings),
    });
    renderRoute('/my-bookings');
    const lucia = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Lucía Moreno' });
    expect(lucia.textContent).toContain('Tuesday, 1 December 2026 at 09:00 your time (GMT) · 10:00 in Madrid');
    expect(row('In-Person Consultation with Mia Rossi').textContent).toContain(
      'Wednesday, 2 December 2026 at 15:00 in Rome (CET) · 14:00 your time',
    );
    expect(screen.getByText(/in your time zone \(Europe\/London\)/)).toBeTruthy();
  });

  it("shows 'No bookings yet' and 'Browse Hunters' when there are none", async () => {
    stubFetch({ ...signedIn, 'GET /api/my-bookings?limit=50&offset=0': () => json(200, []) });
    renderRoute('/my-bookings');
    expect(await screen.findByRole('heading', { name: 'No bookings yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Hunters' }).getAttribute('href')).toBe('/book-a-hunter');
    expect(screen.getByRole('link', { name: 'Book New Session' }).getAttribute('href')).toBe('/book-a-hunter');
  });

  it('lists each booking with its date and time on the client clock (London here), price in pounds and status; Reschedule only when confirmed', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [] }),
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [
          aMyBooking({
            id: 'b1',
            sessionType: 'whatsappVideo',
            price: 8000,
            sessionDate: '2026-12-01',
            sessionTime: '10:00',
          }),
          aMyBooking({
            id: 'b2',
            sessionType: 'askQuestion',
            hunterName: 'Leo Park',
            status: 'completed',
            price: 2550,
            canReschedule: false,
            canCancel: false,
          }),
          aMyBooking({
            id: 'b3',
            sessionType: 'inPerson',
            hunterName: 'Mia Rossi',
            status: 'cancelled',
            price: 15000,
            canReschedule: true,
            canCancel: false,
          }),
        ]),
    });
    renderRoute('/my-bookings');
    const confirmed = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    expect(confirmed.textContent).toContain('Tuesday, 1 December 2026 at 10:00 (GMT)');
    expect(confirmed.textContent).toContain('£80.00');
    expect(within(confirmed).getByText('Confirmed')).toBeTruthy();
    expect(within(confirmed).getByRole('link', { name: 'Message Sofia Marin' }).getAttribute('href')).toMatch(/^\/messages\?hunter=\d+$/);
    expect(within(confirmed).getByRole('button', { name: 'Reschedule' })).toBeTruthy();

    const completed = row('Ask Me a Question with Leo Park');
    expect(completed.textContent).toContain('£25.50');
    expect(within(completed).getByText('Completed')).toBeTruthy();
    expect(within(completed).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    // Even if the server said it could, a booking that is not confirmed offers no Reschedule.
    const cancelled = row('In-Person Consultation with Mia Rossi');
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled).queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });

  it("reads 50 bookings at a time: 'Load more bookings' brings the rest, so none is left out", async () => {
    const page = (items: unknown[], total: number) =>
      new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': String(total) } });
    const first = Array.from({ length: 50 }, (_, i) => aMyBooking({ id: `p1-${i}`, hunterName: `Hunter ${i}` }));
    const calls = stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () => page(first, 51),
      'GET /api/my-bookings?limit=50&offset=50': () => page([aMyBooking({ id: 'last', hunterName: 'Last Hunter' })], 51),
    });
    renderRoute('/my-bookings');
    expect(await screen.findByText('Showing 50 of 51 bookings', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Last Hunter' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more bookings' }));
    expect(await screen.findByRole('heading', { name: 'Last Hunter' })).toBeTruthy();
    expect(screen.getAllByRole('listitem', { name: /^WhatsApp Video Call with / })).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Load more bookings' })).toBeNull();
    expect(calls.map((call) => call.url).filter((url) => url.startsWith('/api/my-bookings'))).toEqual([
      '/api/my-bookings?limit=50&offset=0',
      '/api/my-bookings?limit=50&offset=50',
    ]);
  }, 30_000);

  it('reschedules a confirmed booking to a time picked from the same week view', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const calls = stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [aMyBooking({ id: 'b1', sessionDate: '2026-12-01', sessionTime: '10:00' })]),
      'GET /api/hunters/7/slots?from=2026-11-22&to=2026-11-30&sessionType=whatsappVideo': () =>
        json(200, aSlotsResponse(7, 'whatsappVideo', '2026-11-23', { '2026-11-26': ['14:00', '15:30'] })),
      'POST /api/bookings/b1/reschedule': () => json(200, { id: 'b1', status: 'confirmed' }),
    });
    renderRoute('/my-bookings');
    const booking = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    fireEvent.click(within(booking).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm new time' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Thu 26 Nov at 15:30' }));
    fireEvent.click(confirm);
    expect(await screen.findByText('Booking Rescheduled')).toBeTruthy();
    const call = calls.find((recorded) => recorded.url === '/api/bookings/b1/reschedule');
    expect(JSON.parse(String(call?.init.body))).toEqual({ sessionDate: '2026-11-26', sessionTime: '15:30' });
  });

  it("shows the server's sentence when a limit refuses the move (429)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const wait = 'This booking was moved only a few minutes ago — you can move it again in 7 minutes';
    stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [aMyBooking({ id: 'b1', sessionDate: '2026-12-01', sessionTime: '10:00' })]),
      'GET /api/hunters/7/slots?from=2026-11-22&to=2026-11-30&sessionType=whatsappVideo': () =>
        json(200, aSlotsResponse(7, 'whatsappVideo', '2026-11-23', { '2026-11-26': ['14:00', '15:30'] })),
      'POST /api/bookings/b1/reschedule': () => json(429, { statusCode: 429, message: wait }),
    });
    renderRoute('/my-bookings');
    const booking = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    fireEvent.click(within(booking).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Thu 26 Nov at 15:30' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new time' }));
    expect(await screen.findByText('Reschedule Failed')).toBeTruthy();
    expect(screen.getByText(wait)).toBeTruthy();
  });

  it('states the refund before cancelling, and cancels once confirmed', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [
          aMyBooking({ id: 'b1', price: 8000, refundIfCancelledPence: 8000 }),
          aMyBooking({
            id: 'b2',
            hunterName: 'Leo Park',
            price: 5000,
            refundIfCancelledPence: 0,
            canReschedule: false,
          }),
        ]),
      'POST /api/bookings/b1/cancel': () => json(200, { id: 'b1', status: 'cancelled' }),
    });
    renderRoute('/my-bookings');
    const late = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Leo Park' });
    fireEvent.click(within(late).getByRole('button', { name: 'Cancel' }));
    const lateDialog = await screen.findByRole('alertdialog');
    expect(lateDialog.textContent).toContain('It starts in less than 24 hours, so cancelling now refunds nothing.');
    fireEvent.click(within(lateDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(row('WhatsApp Video Call with Sofia Marin')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Cancel this booking?' })).toBeTruthy();
    expect(dialog.textContent).toContain('You will get a full refund of £80.00.');
    expect(calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/bookings/b1/cancel')).toBe(true));
    expect(calls.some((call) => call.url === '/api/bookings/b2/cancel')).toBe(false);
  });

  it('offers Pay and Release on a live hold; Pay stores the choice and opens the payment page', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [
          aMyBooking({
            id: 'h1',
            status: 'pending_payment',
            price: 8000,
            canReschedule: false,
            canCancel: false,
            expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
          }),
        ]),
      'POST /api/bookings/h1/release': () => json(200, { id: 'h1', status: 'expired' }),
    });
    const router = renderRoute('/my-bookings');
    const hold = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    expect(within(hold).getByText('Awaiting payment')).toBeTruthy();
    expect(within(hold).getByRole('timer').textContent).toMatch(/Held for you for (9|10):\d\d/);
    expect(within(hold).queryByRole('button', { name: 'Reschedule' })).toBeNull();

    fireEvent.click(within(hold).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/bookings/h1/release')).toBe(true));

    fireEvent.click(within(hold).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    expect(JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!)).toMatchObject({
      hunterId: 7,
      sessionDate: '2026-12-01',
      sessionTime: '10:00',
      sessionType: 'whatsappVideo',
      duration: 60,
      price: 80,
    });
  });

  it("shows a paid booking's receipt: the operator, the hunter, the service, the price with its platform fee, how to complain", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/site': () =>
        json(200, {
          operator: { name: 'Hunted Test Ltd', address: '9 Loom Yard, Leeds LS1 4AP', email: 'legal@hunted.test' },
        } satisfies SiteSettings),
      'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [] }),
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [
          aMyBooking({ id: 'paid', price: 8000, platformFeePence: 200 }),
          aMyBooking({ id: 'free', sessionType: 'askQuestion', hunterName: 'Leo Park', price: 0, platformFeePence: 0 }),
          aMyBooking({
            id: 'held',
            hunterName: 'Mia Rossi',
            status: 'pending_payment',
            expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
          }),
        ]),
    });
    renderRoute('/my-bookings');
    const paid = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    const receipt = paid.querySelector('details')!;
    expect(within(receipt).getByText('Receipt')).toBeTruthy();
    const text = await waitFor(() => {
      const shown = receipt.textContent ?? '';
      expect(shown).toContain('Hunted Test Ltd, 9 Loom Yard, Leeds LS1 4AP');
      return shown;
    });
    expect(text).toContain('legal@hunted.test');
    expect(text).toContain('Sofia Marin');
    expect(text).toContain('WhatsApp Video Call, Tuesday, 1 December 2026 at 10:00 (GMT), 60 min');
    expect(text).toMatch(/Session£78\.00/);
    expect(text).toMatch(/Platform fee£2\.00/);
    expect(text).toMatch(/Total paid£80\.00/);
    expect(within(receipt).getByRole('link', { name: 'contact page', hidden: true }).getAttribute('href')).toBe('/contact');
    // A free session has no price to account for; a hold is not paid yet.
    expect(within(row('Ask Me a Question with Leo Park')).queryByText('Receipt')).toBeNull();
    expect(within(row('WhatsApp Video Call with Mia Rossi')).queryByText('Receipt')).toBeNull();
  });

  it('states the cancellation policy beside Pay on a hold, with the express request it was made with, and carries it', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [
          aMyBooking({
            id: 'h2',
            status: 'pending_payment',
            startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
            createdAt: new Date().toISOString(),
            expressRequestAt: '2026-11-28T09:00:00.000Z',
            canReschedule: false,
            canCancel: false,
            expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
          }),
        ]),
    });
    const router = renderRoute('/my-bookings');
    const hold = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    const policy = within(hold).getByRole('region', { name: 'Cancellation policy' });
    expect(within(policy).getByText(CANCELLATION_POLICY.rules[2])).toBeTruthy();
    expect(policy.textContent).toContain(
      'You asked for this session to take place within the cancellation period on Saturday, 28 November 2026 at 09:00',
    );
    fireEvent.click(within(hold).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    expect(JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!)).toMatchObject({ expressRequest: true });
  });
});
