import {
  BOOKING_ERRORS,
  CANCELLATION_POLICY,
  EXPRESS_REQUEST,
  fullDateLabel,
  LEGAL_DOCUMENT_VERSIONS,
  PAYOUT_MESSAGES,
  VETTING_MESSAGES,
} from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_CHOICE_KEY, type BookingChoice } from '../lib/booking-choice';
import { aHunter, signedIn } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

// This project shares modules between the files of a worker (isolate: false in vitest.config.ts), and a mock reaches
// only the modules loaded after it: the checkout an earlier file loaded keeps the real Stripe. The app's modules are
// loaded afresh for this file, and again for the next one, so the stand-ins below stay in this file.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

// Stripe's real components load a script from stripe.com; these stand-ins expose what the page drives.
const confirmPayment = vi.fn();
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(() => Promise.resolve({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="payment-element">Card details</div>,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

const paidChoice: BookingChoice = {
  hunterId: 7,
  sessionDate: '2026-12-01',
  sessionTime: '10:00',
  sessionType: 'whatsappVideo',
  duration: 60,
  price: 80,
};

const hold = () => ({
  bookingId: 'hold-1',
  clientSecret: 'sim_abc123_secret',
  amount: 8000,
  currency: 'GBP',
  platformFeePence: 200,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
});

const bodyOf = (calls: RecordedCall[], key: string) => {
  const call = calls.find((recorded) => `${recorded.init.method ?? 'GET'} ${recorded.url}` === key);
  return call ? (JSON.parse(String(call.init.body)) as Record<string, unknown>) : undefined;
};

function storeChoice(choice: BookingChoice) {
  sessionStorage.setItem(BOOKING_CHOICE_KEY, JSON.stringify(choice));
}

const paidAnswers = (mode: 'simulated' | 'stripe') => ({
  ...signedIn,
  'GET /api/hunters/7': () => json(200, aHunter({ id: 7, name: 'Sofia Marin' })),
  'GET /api/bookings/payment-config': () =>
    json(200, mode === 'simulated' ? { mode } : { mode, publishableKey: 'pk_test_123' }),
  // Each provider's client secret: Stripe's 'pi_…_secret_…', the simulated 'sim_…_secret'.
  'POST /api/create-payment-intent': () =>
    json(201, mode === 'stripe' ? { ...hold(), clientSecret: 'pi_42_secret_abc' } : hold()),
  'POST /api/bookings': () => json(201, { id: 'hold-1', status: 'confirmed' }),
  'POST /api/bookings/hold-1/release': () => json(200, { id: 'hold-1', status: 'expired' }),
});

beforeEach(() => confirmPayment.mockReset());
afterEach(() => sessionStorage.clear());

describe('/payment/{hunterId}', () => {
  it("says 'No booking data found' without a stored choice", async () => {
    stubFetch({ ...signedIn });
    renderRoute('/payment/7');
    expect(await screen.findByRole('heading', { name: 'No booking data found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Hunters' }).getAttribute('href')).toBe('/book-a-hunter');
  });

  it('books a free session at once, without a payment', async () => {
    storeChoice({ ...paidChoice, sessionType: 'askQuestion', duration: 15, price: 0 });
    const calls = stubFetch({ ...signedIn, 'POST /api/bookings': () => json(201, { id: 'b9', status: 'confirmed' }) });
    renderRoute('/payment/7');
    expect(await screen.findByRole('heading', { name: 'Free Session Confirmed!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Bookings' }).getAttribute('href')).toBe('/my-bookings');
    expect(bodyOf(calls, 'POST /api/bookings')).toMatchObject({
      hunterId: 7,
      sessionDate: '2026-12-01',
      sessionTime: '10:00',
      sessionType: 'askQuestion',
      price: 0,
      stripePaymentIntentId: null,
    });
    expect(calls.filter((call) => call.url === '/api/create-payment-intent')).toHaveLength(0);
    expect(calls.filter((call) => call.url === '/api/bookings')).toHaveLength(1);
    expect(sessionStorage.getItem(BOOKING_CHOICE_KEY)).toBeNull();
  });

  it('asks for the updated terms when the hold answers 409 terms-not-accepted, records the acceptance and holds again', async () => {
    storeChoice(paidChoice);
    let holds = 0;
    const calls = stubFetch({
      ...paidAnswers('simulated'),
      'POST /api/create-payment-intent': () =>
        ++holds === 1
          ? json(409, {
              statusCode: 409,
              code: 'terms-not-accepted',
              document: 'terms',
              version: LEGAL_DOCUMENT_VERSIONS.terms,
              message: 'We have updated our terms. Please read and accept them to continue.',
            })
          : json(200, hold()),
      'POST /api/account/terms-acceptances': () => json(200, { acceptances: [], accepted: ['terms'] }),
    });
    renderRoute('/payment/7');
    const dialog = await screen.findByRole('dialog', { name: 'We have updated our terms' });
    expect(within(dialog).getByText(fullDateLabel(LEGAL_DOCUMENT_VERSIONS.terms))).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Read the Terms of Service/ }).getAttribute('href')).toBe('/terms');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(bodyOf(calls, 'POST /api/account/terms-acceptances')).toEqual({ document: 'terms', version: LEGAL_DOCUMENT_VERSIONS.terms });
    expect(holds).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the express request made on the booking page with the hold, and states the policy before paying', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
    try {
      storeChoice({ ...paidChoice, expressRequest: true });
      const calls = stubFetch(paidAnswers('simulated'));
      renderRoute('/payment/7');
      expect(await screen.findByRole('heading', { name: 'Payment System Configuration Required' })).toBeTruthy();
      expect(bodyOf(calls, 'POST /api/create-payment-intent')).toMatchObject({ expressRequest: true });
      const policy = screen.getByRole('region', { name: 'Cancellation policy' });
      expect(within(policy).getByText(CANCELLATION_POLICY.rules[0])).toBeTruthy();
      expect(within(policy).getByText(/You asked for this session to take place within the cancellation period/)).toBeTruthy();
      expect(within(policy).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms#cancellations');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends no express request for a free session weeks ahead, and says the 14-day right applies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T09:00:00Z'));
    try {
      storeChoice({ ...paidChoice, sessionType: 'askQuestion', duration: 15, price: 0 });
      const calls = stubFetch({ ...signedIn, 'POST /api/bookings': () => json(201, { id: 'b9', status: 'confirmed' }) });
      renderRoute('/payment/7');
      expect(await screen.findByRole('heading', { name: 'Free Session Confirmed!' })).toBeTruthy();
      expect(bodyOf(calls, 'POST /api/bookings')).toMatchObject({ expressRequest: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back to the schedule, in the server\'s words, when a hold is refused for want of the express request', async () => {
    storeChoice(paidChoice);
    stubFetch({
      ...paidAnswers('simulated'),
      'POST /api/create-payment-intent': () => json(400, { message: EXPRESS_REQUEST.required }),
      'GET /api/hunters/7/slots': () => json(200, { hunterId: 7, sessionType: 'whatsappVideo', duration: 60, days: [] }),
    });
    const router = renderRoute('/payment/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/book-session/7'));
    expect(await screen.findByText(EXPRESS_REQUEST.required)).toBeTruthy();
  });

  it("sends the client's question and photo ids with the hold, and with a free booking", async () => {
    storeChoice({ ...paidChoice, notes: 'Which coat suits me?', photoIds: ['p1', 'p2'] });
    const calls = stubFetch(paidAnswers('simulated'));
    renderRoute('/payment/7');
    expect(await screen.findByRole('heading', { name: 'Payment System Configuration Required' })).toBeTruthy();
    expect(bodyOf(calls, 'POST /api/create-payment-intent')).toMatchObject({
      notes: 'Which coat suits me?',
      photoIds: ['p1', 'p2'],
    });
  });

  it('books a free question with its question and photos', async () => {
    storeChoice({ ...paidChoice, sessionType: 'askQuestion', price: 0, notes: 'Is navy my colour?', photoIds: ['p9'] });
    const calls = stubFetch({ ...signedIn, 'POST /api/bookings': () => json(201, { id: 'b9', status: 'confirmed' }) });
    renderRoute('/payment/7');
    expect(await screen.findByRole('heading', { name: 'Free Session Confirmed!' })).toBeTruthy();
    expect(bodyOf(calls, 'POST /api/bookings')).toMatchObject({ notes: 'Is navy my colour?', photoIds: ['p9'] });
  });

  it('in simulated mode holds the time, shows the breakdown and countdown, and confirms with the sim_ payment', async () => {
    storeChoice(paidChoice);
    const calls = stubFetch(paidAnswers('simulated'));
    const router = renderRoute('/payment/7');
    expect(await screen.findByRole('heading', { name: 'Complete Your Booking' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Payment System Configuration Required' })).toBeTruthy();
    expect(bodyOf(calls, 'POST /api/create-payment-intent')).toMatchObject({
      hunterId: 7,
      sessionType: 'whatsappVideo',
      sessionDate: '2026-12-01',
      sessionTime: '10:00',
      duration: 60,
    });

    const order = within(screen.getByLabelText('Order breakdown'));
    expect(order.getByText('£78.00')).toBeTruthy();
    expect(order.getByText('£2.00')).toBeTruthy();
    expect(order.getByText('£80.00')).toBeTruthy();
    const agreement = screen.getByText(/By paying you agree to the/);
    expect(within(agreement).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    // A 'sim_' hold is the simulated provider's: no card form, and no need to ask for Stripe's key.
    expect(calls.some((call) => call.url === '/api/bookings/payment-config')).toBe(false);
    expect(screen.getByRole('timer').textContent).toMatch(/holding this time for you for 1[45]:\d\d/);
    expect(await screen.findByText('Sofia Marin')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Simulate Successful Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmed'));
    expect(bodyOf(calls, 'POST /api/bookings')).toMatchObject({
      hunterId: 7,
      stripePaymentIntentId: 'sim_abc123',
      bookingId: 'hold-1',
    });
    expect(sessionStorage.getItem(BOOKING_CHOICE_KEY)).toBeNull();
  });

  it('gives the hold back when the client goes back to the schedule', async () => {
    storeChoice(paidChoice);
    const calls = stubFetch(paidAnswers('simulated'));
    const router = renderRoute('/payment/7');
    await screen.findByRole('heading', { name: 'Payment System Configuration Required' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Back to Schedule' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/book-session/7'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/bookings/hold-1/release')).toBe(true));
  });

  it('in stripe mode pays through the Payment Element, books, toasts and opens My Bookings', async () => {
    storeChoice(paidChoice);
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_42', status: 'succeeded' } });
    const calls = stubFetch({
      ...paidAnswers('stripe'),
      'POST /api/create-payment-intent': () => json(201, { ...hold(), clientSecret: 'pi_42_secret_abc' }),
    });
    const router = renderRoute('/payment/7');
    expect(await screen.findByTestId('payment-element')).toBeTruthy();
    expect(screen.getByTestId('stripe-elements').getAttribute('data-client-secret')).toBe('pi_42_secret_abc');
    expect(screen.queryByText('Payment System Configuration Required')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Pay £80.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-bookings'));
    expect(confirmPayment).toHaveBeenCalledTimes(1);
    const [options] = confirmPayment.mock.calls[0] as [{ redirect: string; confirmParams: { return_url: string } }];
    expect(options.redirect).toBe('if_required');
    expect(options.confirmParams.return_url).toMatch(/\/booking-confirmed$/);
    expect(bodyOf(calls, 'POST /api/bookings')).toMatchObject({ stripePaymentIntentId: 'pi_42', bookingId: 'hold-1' });
    expect(await screen.findByText('Booking Confirmed')).toBeTruthy();
    expect(screen.getByText('Your session has been successfully booked!')).toBeTruthy();
  });

  it("shows the provider's message when the card fails, and lets the client try again", async () => {
    storeChoice(paidChoice);
    let finish: (value: unknown) => void = () => undefined;
    confirmPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const calls = stubFetch(paidAnswers('stripe'));
    renderRoute('/payment/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £80.00' }));
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toHaveProperty('disabled', true);
    finish({ error: { type: 'card_error', message: 'Your card was declined.' } });
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay £80.00' })).toHaveProperty('disabled', false);
    expect(calls.some((call) => call.url === '/api/bookings')).toBe(false);
  });

  it("says 'Booking Error' when the booking cannot be created after paying", async () => {
    storeChoice(paidChoice);
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_42', status: 'succeeded' } });
    stubFetch({ ...paidAnswers('stripe'), 'POST /api/bookings': () => json(500, { message: 'boom' }) });
    renderRoute('/payment/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £80.00' }));
    expect(await screen.findByText('Booking Error')).toBeTruthy();
    expect(screen.getByText('Failed to create booking. Please try again.')).toBeTruthy();
  });

  it("returns to the schedule with the server's sentence when the time was just taken (409)", async () => {
    storeChoice(paidChoice);
    stubFetch({
      ...paidAnswers('simulated'),
      'POST /api/create-payment-intent': () => json(409, { statusCode: 409, message: BOOKING_ERRORS.slotTaken }),
    });
    const router = renderRoute('/payment/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/book-session/7'));
    expect(await screen.findByText(BOOKING_ERRORS.slotTaken)).toBeTruthy();
  });

  it.each([PAYOUT_MESSAGES.notTakingPaid, VETTING_MESSAGES.notApproved])(
    "returns to the schedule with the server's sentence when the hunter cannot take the booking (409 '%s')",
    async (message) => {
      storeChoice(paidChoice);
      stubFetch({
        ...paidAnswers('simulated'),
        'POST /api/create-payment-intent': () => json(409, { statusCode: 409, message }),
      });
      const router = renderRoute('/payment/7');
      await waitFor(() => expect(router.state.location.pathname).toBe('/book-session/7'));
      expect(await screen.findByText(message)).toBeTruthy();
    },
  );

  it("returns to the schedule with the server's sentence when a limit refuses the hold (429)", async () => {
    storeChoice(paidChoice);
    const limit =
      'You have started 20 bookings in the last 24 hours, the most allowed — you can hold another time in 3 hours';
    stubFetch({
      ...paidAnswers('simulated'),
      'POST /api/create-payment-intent': () => json(429, { statusCode: 429, message: limit }),
    });
    const router = renderRoute('/payment/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/book-session/7'));
    expect(await screen.findByText(limit)).toBeTruthy();
  });

  it("signs in again after the 'Unauthorized' toast when the session ended", async () => {
    storeChoice(paidChoice);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    stubFetch({
      ...paidAnswers('simulated'),
      'POST /api/create-payment-intent': () => json(401, { message: 'Unauthorized' }),
    });
    renderRoute('/payment/7');
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'));
  });
});
