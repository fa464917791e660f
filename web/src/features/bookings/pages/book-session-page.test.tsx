import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CANCELLATION_POLICY,
  DEFAULT_SESSION_TYPES,
  EXPRESS_REQUEST,
  PAYOUT_MESSAGES,
  bookingQuestionAbout,
} from '@hunted/contracts';
import { BOOKING_CHOICE_KEY } from '../lib/booking-choice';
import { aBrand, aHunter, aSlotsResponse, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const sofia = aHunter({
  id: 7,
  name: 'Sofia Marin',
  specialties: ['Luxury Fashion', 'Fine Jewelry'],
  adviceTypes: ['Personal Shopping'],
  languages: ['English', 'French', 'Italian'],
  instagramUrl: 'https://instagram.com/sofia',
});

/** Only Date is faked: the page's timers and Testing Library's waits keep running. */
function today(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('/book-session/{hunterId}', () => {
  it("says 'Hunter not found' for a hunter that does not exist", async () => {
    stubFetch({ ...signedIn, 'GET /api/hunters/999': () => json(404, { message: 'Hunter not found' }) });
    renderRoute('/book-session/999');
    expect(await screen.findByRole('heading', { name: 'Hunter not found' })).toBeTruthy();
  });

  it('keeps Continue disabled until a type and a slot are chosen, then stores the booking choice and goes to pay', async () => {
    today('2026-07-06T08:00:00Z'); // Monday 6 July 2026, summer
    const calls = stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/hunters/7/slots?from=2026-07-05&to=2026-07-13&sessionType=whatsappVideo': () =>
        json(
          200,
          aSlotsResponse(7, 'whatsappVideo', '2026-07-06', {
            '2026-07-07': ['10:00', '10:30'],
            '2026-07-11': ['09:00'],
          }),
        ),
    });
    const router = renderRoute('/book-session/7');
    expect(await screen.findByRole('heading', { name: 'Sofia Marin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Style Specialties\s*2/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Services\s*1/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Languages\s*3/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow on Instagram' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Hunters' }).getAttribute('href')).toBe('/book-a-hunter');
    expect(screen.getByRole('link', { name: 'View profile and reviews' }).getAttribute('href')).toBe(
      '/hunters/7/sofia-marin',
    );
    // Beside Continue, before anything is committed: the terms that the booking is made on.
    const agreement = screen.getByText(/By booking you agree to the/);
    expect(within(agreement).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(within(agreement).getByRole('link', { name: 'Privacy Notice' }).getAttribute('href')).toBe('/privacy');

    // Only the enabled types, each with its price and length (in-person is off by default).
    const typeSelect = screen.getByLabelText('Service type');
    const options = within(typeSelect)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Choose a service type',
      'WhatsApp Voice Message — £50 · 30 min',
      'WhatsApp Video Call — £80 · 60 min',
      'Ask Me a Question — £25 · 15 min',
    ]);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveProperty('disabled', true);

    fireEvent.change(typeSelect, { target: { value: 'whatsappVideo' } });
    expect(continueButton).toHaveProperty('disabled', true);
    expect(await screen.findByRole('button', { name: 'Tue 7 Jul at 10:30' })).toBeTruthy();
    // Monday to Friday, and Saturday because it offers a time; Sunday offers none. The first day with a time is open.
    const days = within(screen.getByRole('group', { name: 'Days' })).getAllByRole('button');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual([
      'Mon 6 Jul, 0 times',
      'Tue 7 Jul, 2 times',
      'Wed 8 Jul, 0 times',
      'Thu 9 Jul, 0 times',
      'Fri 10 Jul, 0 times',
      'Sat 11 Jul, 1 time',
    ]);
    expect(screen.getByRole('button', { name: 'Tue 7 Jul, 2 times' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Sat 11 Jul, 1 time' }));
    expect(screen.getByRole('button', { name: 'Sat 11 Jul at 09:00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tue 7 Jul at 10:30' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tue 7 Jul, 2 times' }));
    expect(screen.getByText(/Europe\/London \(GMT \+1:00\)/)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/hunters/7/slots'))).toBe(true);

    // Before a time is chosen the policy states the refund rules, linked to the terms.
    const policy = screen.getByRole('region', { name: 'Cancellation policy' });
    for (const rule of CANCELLATION_POLICY.rules) expect(within(policy).getByText(rule)).toBeTruthy();
    expect(within(policy).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms#cancellations');
    expect(within(policy).queryByRole('checkbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Tue 7 Jul at 10:30' }));
    expect(within(screen.getByRole('group', { name: 'Booking summary' })).getByText('£80')).toBeTruthy();
    // Tomorrow is within the 14-day cancellation period: Continue waits for the express request.
    expect(within(policy).getByText(EXPRESS_REQUEST.withinPeriod)).toBeTruthy();
    const request = within(policy).getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel });
    expect(request).toHaveProperty('checked', false);
    expect(continueButton).toHaveProperty('disabled', true);
    expect(screen.getByText('Tick the box above to continue with this time.')).toBeTruthy();
    fireEvent.click(request);
    expect(continueButton).toHaveProperty('disabled', false);
    // Another time is another request: the box is cleared, and ticked again.
    fireEvent.click(screen.getByRole('button', { name: 'Tue 7 Jul at 10:00' }));
    expect(within(policy).getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel })).toHaveProperty('checked', false);
    expect(continueButton).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Tue 7 Jul at 10:30' }));
    fireEvent.click(within(policy).getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel }));
    fireEvent.click(continueButton);

    // The payment route loads lazily; the router moves once its code is in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    expect(JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!)).toEqual({
      hunterId: 7,
      sessionDate: '2026-07-07',
      sessionTime: '10:30',
      // The start itself and the hunter's zone the date and time are in, for the payment page to show.
      startsAt: '2026-07-07T09:30:00.000Z',
      timeZone: 'Europe/London',
      sessionType: 'whatsappVideo',
      duration: 60,
      price: 80,
      // The passport could not be read here (no answer stubbed): none of it is shared; the question stays the hunter's.
      passport: { savedBrands: false, votedBrands: false, reviewedBrands: false, filterHabits: false, question: true },
      expressRequest: true,
    });
  });

  it('asks no express request for a time 14 or more days ahead, and says the 14-day right applies', async () => {
    today('2026-07-06T08:00:00Z');
    stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/hunters/7/slots?from=2026-07-05&to=2026-07-13&sessionType=whatsappVideo': () =>
        json(200, aSlotsResponse(7, 'whatsappVideo', '2026-07-06', {})),
      'GET /api/hunters/7/slots?from=2026-07-12&to=2026-07-20&sessionType=whatsappVideo': () =>
        json(200, aSlotsResponse(7, 'whatsappVideo', '2026-07-13', {})),
      'GET /api/hunters/7/slots?from=2026-07-19&to=2026-07-27&sessionType=whatsappVideo': () =>
        json(200, aSlotsResponse(7, 'whatsappVideo', '2026-07-20', { '2026-07-21': ['10:00'] })),
    });
    const router = renderRoute('/book-session/7');
    fireEvent.change(await screen.findByLabelText('Service type'), { target: { value: 'whatsappVideo' } });
    // Nothing is free this week: the picker opens on next week by itself, and says so.
    await screen.findByRole('button', { name: 'Mon 13 Jul, 0 times' });
    expect(screen.getByText('Nothing is free for the rest of this week, so here is next week.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tue 21 Jul at 10:00' }));
    const policy = screen.getByRole('region', { name: 'Cancellation policy' });
    expect(within(policy).getByText(EXPRESS_REQUEST.beyondPeriod)).toBeTruthy();
    expect(within(policy).queryByRole('checkbox')).toBeNull();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveProperty('disabled', false);
    fireEvent.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    expect(JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!)).not.toHaveProperty('expressRequest');
  });

  it('shows the style passport part by part and stores exactly what is left switched on', async () => {
    today('2026-07-06T08:00:00Z');
    const loom = { id: 42, name: 'Loom & Co', imageUrl: '/loom.png' };
    const kiln = { id: 43, name: 'Kiln Studio', imageUrl: '/kiln.png' };
    stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/style-passport': () =>
        json(200, {
          savedBrands: [loom],
          votedBrands: [kiln],
          reviewedBrands: [],
          filterHabits: { valueTags: [{ value: 'Handmade', uses: 3 }], priceLevels: [] },
        }),
      'GET /api/hunters/7/slots?from=2026-07-05&to=2026-07-13&sessionType=whatsappVideo': () =>
        json(200, aSlotsResponse(7, 'whatsappVideo', '2026-07-06', { '2026-07-07': ['10:30'] })),
    });
    const router = renderRoute('/book-session/7');
    const passport = (await screen.findByRole('heading', { name: 'Your style passport' })).closest('section')!;
    expect(await within(passport).findByRole('link', { name: /Loom & Co/ })).toBeTruthy();
    expect(within(passport).getByRole('link', { name: /Kiln Studio/ })).toBeTruthy();
    expect(within(passport).getByText(/Handmade/)).toBeTruthy();
    const voted = within(passport).getByRole('switch', { name: 'Brands you voted for' });
    expect(voted.getAttribute('aria-checked')).toBe('true');
    // Nothing reviewed: nothing to share, so its switch is off and cannot be turned on.
    const reviewed = within(passport).getByRole('switch', { name: 'Brands you reviewed' });
    expect(reviewed.getAttribute('aria-checked')).toBe('false');
    expect(reviewed).toHaveProperty('disabled', true);
    fireEvent.click(voted);
    expect(voted.getAttribute('aria-checked')).toBe('false');

    fireEvent.change(screen.getByLabelText('Service type'), { target: { value: 'whatsappVideo' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Tue 7 Jul at 10:30' }));
    fireEvent.click(screen.getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    expect(JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!).passport).toEqual({
      savedBrands: true,
      votedBrands: false,
      reviewedBrands: false,
      filterHabits: true,
      question: true,
    });
  });

  it("states London's winter offset for a winter week", async () => {
    today('2026-11-23T08:00:00Z'); // Monday 23 November 2026
    stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/hunters/7/slots?from=2026-11-22&to=2026-11-30&sessionType=askQuestion': () =>
        json(200, aSlotsResponse(7, 'askQuestion', '2026-11-23', { '2026-11-24': ['14:00'] })),
    });
    renderRoute('/book-session/7');
    fireEvent.change(await screen.findByLabelText('Service type'), { target: { value: 'askQuestion' } });
    expect(await screen.findByRole('button', { name: 'Tue 24 Nov at 14:00' })).toBeTruthy();
    expect(screen.getByText(/Europe\/London \(GMT \+0:00\)/)).toBeTruthy();
    expect(screen.queryByText(/GMT \+1:00/)).toBeNull();
  });

  it('shows the next week when asked, and never a week before this one', async () => {
    today('2026-10-19T08:00:00Z'); // the week before the clocks go back on Sunday 25 October
    stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/hunters/7/slots?from=2026-10-18&to=2026-10-26&sessionType=whatsappVoice': () =>
        json(200, aSlotsResponse(7, 'whatsappVoice', '2026-10-19', { '2026-10-20': ['09:00'] })),
      'GET /api/hunters/7/slots?from=2026-10-25&to=2026-11-02&sessionType=whatsappVoice': () =>
        json(200, aSlotsResponse(7, 'whatsappVoice', '2026-10-26', { '2026-10-27': ['09:00'] })),
    });
    renderRoute('/book-session/7');
    fireEvent.change(await screen.findByLabelText('Service type'), { target: { value: 'whatsappVoice' } });
    expect(await screen.findByRole('button', { name: 'Tue 20 Oct at 09:00' })).toBeTruthy();
    expect(screen.getByText(/GMT \+1:00/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous week' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('button', { name: 'Tue 27 Oct at 09:00' })).toBeTruthy();
    expect(screen.getByText(/Europe\/London \(GMT \+0:00\)/)).toBeTruthy();
  });

  it("shows a hunter's paid types as not taking paid bookings until their payouts are enabled; free ones stay bookable", async () => {
    today('2026-07-06T08:00:00Z');
    const notYetPaid = aHunter({
      id: 8,
      name: 'Nina Nouvelle',
      rating: null,
      reviewCount: 0,
      takesPaidBookings: false,
      sessionTypes: {
        ...DEFAULT_SESSION_TYPES,
        askQuestion: { ...DEFAULT_SESSION_TYPES.askQuestion, enabled: true, price: 0 },
      },
    });
    stubFetch({
      ...signedIn,
      'GET /api/hunters/8': () => json(200, notYetPaid),
      'GET /api/hunters/8/slots?from=2026-07-05&to=2026-07-13&sessionType=askQuestion': () =>
        json(200, aSlotsResponse(8, 'askQuestion', '2026-07-06', { '2026-07-07': ['10:00'] })),
    });
    renderRoute('/book-session/8');
    expect(await screen.findByRole('heading', { name: 'Nina Nouvelle' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Verified hunter' })).toBeTruthy();
    expect(screen.getByText('New · no reviews yet')).toBeTruthy();

    const typeSelect = screen.getByLabelText('Service type');
    const options = within(typeSelect).getAllByRole('option') as HTMLOptionElement[];
    const paid = options.filter((option) => option.textContent!.includes(PAYOUT_MESSAGES.notTakingPaid));
    expect(paid.map((option) => option.value)).toEqual(['whatsappVoice', 'whatsappVideo']);
    expect(paid.every((option) => option.disabled)).toBe(true);
    const free = options.find((option) => option.value === 'askQuestion')!;
    expect(free.disabled).toBe(false);
    expect(free.textContent).toContain('£0');
    expect(screen.getByText(/Free sessions can be booked now/)).toBeTruthy();

    fireEvent.change(typeSelect, { target: { value: 'askQuestion' } });
    expect(await screen.findByRole('button', { name: 'Tue 7 Jul at 10:00' })).toBeTruthy();
  });
});

describe('/book-session/{hunterId}?about={brandId}', () => {
  it("starts the question as a word about the brand ('Book a session about {brand}' on its page)", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/brands/5': () => json(200, aBrand({ id: 5, name: 'Maison Rose' })),
    });
    renderRoute('/book-session/7?about=5');
    const question = (await screen.findByRole('textbox')) as HTMLTextAreaElement;
    await waitFor(() => expect(question.value).toBe(bookingQuestionAbout('Maison Rose')));
    expect(question.value).toBe("I'd love your advice about Maison Rose.");
  });

  it('leaves a question the client already wrote alone', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/brands/5': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/book-session/7?about=5');
    const question = (await screen.findByRole('textbox')) as HTMLTextAreaElement;
    fireEvent.change(question, { target: { value: 'About my wedding outfit' } });
    answer(json(200, aBrand({ id: 5, name: 'Maison Rose' })));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/brands/5')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(question.value).toBe('About my wedding outfit');
  });

  it('asks nothing for an id that is not one', async () => {
    const calls = stubFetch({ ...signedIn, 'GET /api/hunters/7': () => json(200, sofia) });
    renderRoute('/book-session/7?about=nonsense');
    expect(((await screen.findByRole('textbox')) as HTMLTextAreaElement).value).toBe('');
    expect(calls.some((call) => call.url.startsWith('/api/brands'))).toBe(false);
  });
});
