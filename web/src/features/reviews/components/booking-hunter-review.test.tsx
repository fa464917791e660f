import { HUNTER_REVIEW_MESSAGES, type HunterReview } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hunterReviewProblems } from './hunter-review-form';
import { aMyBooking, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

const held = (overrides: Parameters<typeof aMyBooking>[0] = {}) =>
  aMyBooking({
    id: 'b1',
    status: 'completed',
    canCancel: false,
    canReschedule: false,
    attendance: 'held',
    reviewableUntil: inAWeek(),
    ...overrides,
  });

function aReview(overrides: Partial<HunterReview> = {}): HunterReview {
  return {
    id: 4,
    hunterId: 7,
    bookingId: 'b1',
    rating: 4,
    text: 'Sofia found me the perfect coat in an hour.',
    reviewerName: 'Ada L.',
    sessionType: 'whatsappVideo',
    sessionStartsAt: '2026-12-01T10:00:00.000Z',
    createdAt: '2026-12-02T09:00:00.000Z',
    reply: null,
    ...overrides,
  };
}

const row = () => screen.findByRole('listitem', { name: 'WhatsApp Video Call with Sofia Marin' });

describe('reviewing the hunter from /my-bookings', () => {
  it("checks the stars and the text's length before sending, then sends the review", async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () => json(200, [held()]),
      'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [] }),
      'POST /api/hunter-reviews': () => json(201, aReview()),
    });
    renderRoute('/my-bookings');
    fireEvent.click(await within(await row()).findByRole('button', { name: 'Write a review' }));
    const form = screen.getByRole('form', { name: 'Review your session with Sofia Marin' });

    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    const alerts = within(form).getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([HUNTER_REVIEW_MESSAGES.rating, HUNTER_REVIEW_MESSAGES.text]);
    expect(calls.some((call) => call.url === '/api/hunter-reviews')).toBe(false);

    // The stars are a radio group: each star is a radio named for its count.
    const stars = within(form).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    fireEvent.click(within(form).getByRole('radio', { name: 'Your rating: 5 stars' }));
    const text = within(form).getByLabelText('Your review');
    fireEvent.change(text, { target: { value: '  Too short ' } });
    expect(within(form).getByText('12 / 2,000')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'Short one' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([HUNTER_REVIEW_MESSAGES.text]);
    expect(text.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(text, { target: { value: '  Sofia found me the perfect coat in an hour.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/hunter-reviews')).toBe(true));
    const sent = calls.find((call) => call.url === '/api/hunter-reviews');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      bookingId: 'b1',
      rating: 5,
      text: 'Sofia found me the perfect coat in an hour.',
    });
    expect(await screen.findByText('Review submitted!')).toBeTruthy();
  });

  it("shows the server's refusal as it gives it", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () => json(200, [held()]),
      'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [] }),
      'POST /api/hunter-reviews': () =>
        json(409, { statusCode: 409, message: HUNTER_REVIEW_MESSAGES.already }),
    });
    // The review-request email links here: the booking's form is open at once.
    renderRoute('/my-bookings?review=b1');
    const form = await screen.findByRole('form', { name: 'Review your session with Sofia Marin' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Your rating: 3 stars' }));
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Helpful and quick to answer.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(HUNTER_REVIEW_MESSAGES.already));
  });

  it("shows a written review with the hunter's reply instead of the form, and offers none once the window closed", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [
          held(),
          held({ id: 'b2', hunterName: 'Leo Park', reviewableUntil: new Date(Date.now() - 60_000).toISOString() }),
          held({ id: 'b3', hunterName: 'Mia Rossi', reviewableUntil: null, attendance: 'no_show' }),
        ]),
      'GET /api/hunter-reviews/mine': () =>
        json(200, {
          written: [aReview({ reply: { text: 'Thank you, Ada!', createdAt: '2026-12-03T09:00:00.000Z' } })],
          received: [],
        }),
    });
    renderRoute('/my-bookings?review=b1');
    const reviewed = await row();
    const mine = await within(reviewed).findByRole('region', { name: 'Your review' });
    expect(within(mine).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(mine.textContent).toContain('Sofia found me the perfect coat in an hour.');
    expect(mine.textContent).toContain('Reply from Sofia Marin');
    expect(mine.textContent).toContain('Thank you, Ada!');
    expect(within(reviewed).queryByRole('button', { name: 'Write a review' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();

    const late = screen.getByRole('listitem', { name: 'WhatsApp Video Call with Leo Park' });
    expect(within(late).queryByRole('button', { name: 'Write a review' })).toBeNull();
    const noShow = screen.getByRole('listitem', { name: 'WhatsApp Video Call with Mia Rossi' });
    expect(within(noShow).queryByRole('button', { name: 'Write a review' })).toBeNull();
  });
});

describe('a free session on /my-bookings (decision 0090)', () => {
  it('says its review waits for the hunter to confirm it took place, and offers it once they have', async () => {
    const endedAnHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    stubFetch({
      ...signedIn,
      'GET /api/my-bookings?limit=50&offset=0': () =>
        json(200, [
          held({ id: 'b5', hunterName: 'Nia Free', price: 0, attendance: null, reviewableUntil: null, endsAt: endedAnHourAgo }),
          held({ id: 'b6', hunterName: 'Ola Marked', price: 0, endsAt: endedAnHourAgo }),
        ]),
      'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [] }),
    });
    renderRoute('/my-bookings');
    const unmarked = await screen.findByRole('listitem', { name: 'WhatsApp Video Call with Nia Free' });
    expect(await within(unmarked).findByText('You can review this free session once Nia Free confirms it took place.')).toBeTruthy();
    expect(within(unmarked).queryByRole('button', { name: 'Write a review' })).toBeNull();
    const marked = screen.getByRole('listitem', { name: 'WhatsApp Video Call with Ola Marked' });
    expect(within(marked).getByRole('button', { name: 'Write a review' })).toBeTruthy();
    expect(marked.textContent).not.toContain('confirms it took place');
  });
});

describe('hunterReviewProblems', () => {
  it('asks for 1–5 whole stars and 10–2,000 characters, not counting spaces around them', () => {
    expect(hunterReviewProblems(5, 'Ten chars!')).toEqual({});
    expect(hunterReviewProblems(0, 'Ten chars!').rating).toBe(HUNTER_REVIEW_MESSAGES.rating);
    expect(hunterReviewProblems(6, 'Ten chars!').rating).toBe(HUNTER_REVIEW_MESSAGES.rating);
    expect(hunterReviewProblems(3, '   Ten chars!   ').text).toBeUndefined();
    expect(hunterReviewProblems(3, 'x'.repeat(2000)).text).toBeUndefined();
    expect(hunterReviewProblems(3, '  123456789  ').text).toBe(HUNTER_REVIEW_MESSAGES.text);
    expect(hunterReviewProblems(3, 'x'.repeat(2001)).text).toBe(HUNTER_REVIEW_MESSAGES.text);
  });
});
