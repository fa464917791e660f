import { BOOKING_ACTION_MESSAGES, type BookingJoining } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMyBooking, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const noReviews = { 'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [] }) };

function bookingsAre(...bookings: ReturnType<typeof aMyBooking>[]) {
  return { 'GET /api/my-bookings?limit=50&offset=0': () => json(200, bookings) };
}

const joiningOf = async (name: string) =>
  within(await screen.findByRole('listitem', { name })).getByRole('region', { name: 'How to join' });

describe('/my-bookings: the session itself', () => {
  it('shows how to join each confirmed booking: WhatsApp with its wa.me link, the in-person place, messages, pending, or when they come', async () => {
    const whatsapp: BookingJoining = { kind: 'whatsapp', phone: '+447700900123', link: 'https://wa.me/447700900123' };
    stubFetch({
      ...signedIn,
      ...noReviews,
      ...bookingsAre(
        aMyBooking({ id: 'b1', hunterName: 'Sofia Marin', sessionType: 'whatsappVideo', joining: whatsapp }),
        aMyBooking({
          id: 'b2',
          hunterName: 'Mia Rossi',
          sessionType: 'inPerson',
          joining: { kind: 'inPerson', area: 'Covent Garden', address: '12 Floral Street, London WC2E 9DH' },
        }),
        aMyBooking({ id: 'b3', hunterName: 'Leo Park', sessionType: 'askQuestion', joining: { kind: 'messages' } }),
        aMyBooking({ id: 'b4', hunterName: 'Ana Silva', sessionType: 'whatsappVoice', joining: { kind: 'pending' } }),
        aMyBooking({ id: 'b5', hunterName: 'Zoe Hart', status: 'cancelled', joining: null }),
        aMyBooking({
          id: 'b6',
          hunterName: 'Ida Wells',
          sessionType: 'whatsappVoice',
          joining: {
            kind: 'later',
            releasesAt: '2026-12-07T10:00:00.000Z',
            message: "You'll get the WhatsApp number 24 hours before",
          },
        }),
      ),
    });
    renderRoute('/my-bookings');
    const video = await joiningOf('WhatsApp Video Call with Sofia Marin');
    expect(video.textContent).toContain('+447700900123');
    const open = within(video).getByRole('link', { name: /Open WhatsApp/ });
    expect(open.getAttribute('href')).toBe('https://wa.me/447700900123');
    expect(open.getAttribute('target')).toBe('_blank');

    const inPerson = await joiningOf('In-Person Consultation with Mia Rossi');
    expect(inPerson.textContent).toContain('Covent Garden');
    expect(inPerson.textContent).toContain('12 Floral Street, London WC2E 9DH');
    expect((await joiningOf('Ask Me a Question with Leo Park')).textContent).toContain(
      'Your hunter will answer in Messages',
    );
    expect((await joiningOf('WhatsApp Voice Message with Ana Silva')).textContent).toContain(
      'Your hunter will message you the joining details',
    );
    // Still cancellable for a full refund: when the number comes, not the number (decision 0088).
    const later = (await joiningOf('WhatsApp Voice Message with Ida Wells')).textContent;
    expect(later).toContain("You'll get the WhatsApp number 24 hours before");
    expect(later).toContain('Mon 7 Dec, 10:00');
    const cancelled = screen.getByRole('listitem', { name: 'WhatsApp Video Call with Zoe Hart' });
    expect(within(cancelled).queryByRole('region', { name: 'How to join' })).toBeNull();
  });

  it("shows the client's question and photos, and the hunter's reason on a booking the hunter cancelled", async () => {
    stubFetch({
      ...signedIn,
      ...noReviews,
      ...bookingsAre(
        aMyBooking({
          id: 'b1',
          notes: 'Does a camel coat suit me?',
          photoUrls: ['/api/media/booking-photos/p1', '/api/media/booking-photos/p2'],
        }),
        aMyBooking({
          id: 'b2',
          hunterName: 'Leo Park',
          status: 'cancelled',
          cancelledBy: 'hunter',
          cancelReason: 'I am unwell that day, sorry',
          canCancel: false,
          canReschedule: false,
        }),
      ),
    });
    renderRoute('/my-bookings');
    const row = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    const question = within(row).getByRole('region', { name: 'Your question' });
    expect(question.textContent).toContain('Does a camel coat suit me?');
    const links = within(question).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/media/booking-photos/p1',
      '/api/media/booking-photos/p2',
    ]);
    const cancelled = screen.getByRole('listitem', { name: 'WhatsApp Video Call with Leo Park' });
    expect(cancelled.textContent).toContain('Leo Park cancelled this session');
    expect(cancelled.textContent).toContain('I am unwell that day, sorry');
  });

  it("answers the hunter's suggested time with Accept or Decline", async () => {
    const proposal = {
      sessionDate: '2026-12-03',
      sessionTime: '14:00',
      startsAt: '2026-12-03T14:00:00.000Z',
      endsAt: '2026-12-03T15:00:00.000Z',
      message: 'Could we move to Thursday?',
      proposedAt: '2026-11-25T10:00:00.000Z',
    };
    const calls = stubFetch({
      ...signedIn,
      ...noReviews,
      ...bookingsAre(aMyBooking({ id: 'b1', proposal }), aMyBooking({ id: 'b2', hunterName: 'Leo Park', proposal })),
      'POST /api/bookings/b1/proposal/accept': () => json(200, { id: 'b1', status: 'confirmed' }),
      'POST /api/bookings/b2/proposal/decline': () => json(409, { statusCode: 409, message: BOOKING_ACTION_MESSAGES.noProposal }),
    });
    renderRoute('/my-bookings');
    const row = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    const suggestion = within(row).getByRole('region', { name: 'Suggested new time' });
    expect(suggestion.textContent).toContain('Thursday, 3 December 2026 at 14:00 (GMT)');
    expect(suggestion.textContent).toContain('Could we move to Thursday?');
    fireEvent.click(within(suggestion).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('New time accepted')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/bookings/b1/proposal/accept' && call.init.method === 'POST')).toBe(true);

    const other = screen.getByRole('listitem', { name: 'WhatsApp Video Call with Leo Park' });
    fireEvent.click(within(other).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(BOOKING_ACTION_MESSAGES.noProposal)).toBeTruthy();
  });

  it('disputes a no-show mark with a reason while it may, then shows the dispute and its status', async () => {
    const calls = stubFetch({
      ...signedIn,
      ...noReviews,
      ...bookingsAre(
        aMyBooking({ id: 'b1', status: 'completed', attendance: 'no_show', canDispute: true, canCancel: false }),
        aMyBooking({
          id: 'b2',
          hunterName: 'Leo Park',
          status: 'completed',
          attendance: 'no_show',
          canDispute: false,
          dispute: {
            status: 'refunded',
            reason: 'I was there',
            openedAt: '2026-12-01T12:00:00.000Z',
            resolvedAt: '2026-12-02T12:00:00.000Z',
            resolutionNote: 'The call log shows you joined.',
          },
        }),
      ),
      'POST /api/bookings/b1/dispute': () => json(200, { id: 'b1' }),
    });
    renderRoute('/my-bookings');
    const row = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });
    const mark = within(row).getByRole('region', { name: 'Marked as a no-show' });
    expect(mark.textContent).toContain('Sofia Marin marked this session as a no-show.');
    fireEvent.click(within(mark).getByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the no-show' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Tell us what happened');
    expect(calls.some((call) => call.url.endsWith('/dispute'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('What happened?'), {
      target: { value: 'I waited on WhatsApp for 20 minutes' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText('Dispute sent')).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/bookings/b1/dispute');
    expect(JSON.parse(String(sent?.init.body))).toEqual({ reason: 'I waited on WhatsApp for 20 minutes' });

    const resolved = screen.getByRole('listitem', { name: 'WhatsApp Video Call with Leo Park' });
    expect(within(resolved).queryByRole('button', { name: 'Dispute' })).toBeNull();
    expect(resolved.textContent).toContain('Dispute resolved — you have been refunded in full');
    expect(resolved.textContent).toContain('The call log shows you joined.');
  });

  it("shows the server's words when a dispute is refused", async () => {
    stubFetch({
      ...signedIn,
      ...noReviews,
      ...bookingsAre(aMyBooking({ id: 'b1', status: 'completed', attendance: 'no_show', canDispute: true })),
      'POST /api/bookings/b1/dispute': () => json(409, { statusCode: 409, message: BOOKING_ACTION_MESSAGES.disputeClosed }),
    });
    renderRoute('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the no-show' });
    fireEvent.change(within(dialog).getByLabelText('What happened?'), { target: { value: 'I was there' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(BOOKING_ACTION_MESSAGES.disputeClosed));
  });
});
