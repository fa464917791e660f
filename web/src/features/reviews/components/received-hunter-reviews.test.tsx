import { HUNTER_REVIEW_MESSAGES, type HunterReview, type MyHunterReviews } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { ReceivedHunterReviews } from './received-hunter-reviews';

const review = (overrides: Partial<HunterReview>): HunterReview => ({
  id: 1,
  hunterId: 7,
  bookingId: 'b1',
  rating: 4,
  text: 'Found me the perfect vintage Kelly in two weeks.',
  reviewerName: 'Ada L.',
  sessionType: 'whatsappVideo',
  sessionStartsAt: '2026-11-10T10:00:00.000Z',
  createdAt: '2026-11-11T09:00:00.000Z',
  reply: null,
  ...overrides,
});

describe('ReceivedHunterReviews', () => {
  it('shows stars, text, reviewer and session, and a reply form only where there is no reply yet', async () => {
    const mine: MyHunterReviews = {
      written: [],
      received: [
        review({ id: 1 }),
        review({
          id: 2,
          reviewerName: 'Grace H.',
          rating: 5,
          sessionType: 'inPerson',
          reply: { text: 'Thank you, Grace!', createdAt: '2026-11-12T09:00:00.000Z' },
        }),
      ],
    };
    stubFetch({ 'GET /api/hunter-reviews/mine': () => json(200, mine) });
    renderWithProviders(<ReceivedHunterReviews />);
    const ada = await screen.findByRole('article', { name: 'Review by Ada L.' });
    expect(within(ada).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(ada.textContent).toContain('Found me the perfect vintage Kelly in two weeks.');
    expect(ada.textContent).toContain('WhatsApp Video Call');
    expect(within(ada).getByRole('button', { name: 'Reply to Ada L.' })).toBeTruthy();

    const grace = screen.getByRole('article', { name: 'Review by Grace H.' });
    expect(grace.textContent).toContain('In-Person Consultation');
    expect(grace.textContent).toContain('Thank you, Grace!');
    expect(within(grace).queryByRole('button', { name: /Reply/ })).toBeNull();
  });

  it("replies once: a blank reply is refused, the server's refusal is shown, and the reply shows after", async () => {
    let attempts = 0;
    const replied = review({ id: 9, reply: { text: 'So glad it worked!', createdAt: '2026-11-12T09:00:00.000Z' } });
    const calls = stubFetch({
      'GET /api/hunter-reviews/mine': () =>
        json(200, { written: [], received: [attempts >= 2 ? replied : review({ id: 9 })] }),
      'POST /api/hunter-reviews/9/reply': () =>
        ++attempts === 1
          ? json(409, { statusCode: 409, message: HUNTER_REVIEW_MESSAGES.alreadyReplied })
          : json(201, replied),
    });
    renderWithProviders(<ReceivedHunterReviews />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reply to Ada L.' }));
    const post = () => fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    post();
    expect(screen.getByRole('alert').textContent).toBe('Write your reply');
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Your reply to Ada L.'), { target: { value: 'So glad it worked!' } });
    post();
    expect(await screen.findByText(HUNTER_REVIEW_MESSAGES.alreadyReplied)).toBeTruthy();
    post();
    const article = screen.getByRole('article', { name: 'Review by Ada L.' });
    await waitFor(() => expect(within(article).queryByRole('textbox')).toBeNull());
    expect(article.textContent).toContain('Your reply ·');
    expect(article.textContent).toContain('So glad it worked!');
    expect(within(article).queryByRole('button', { name: /Reply/ })).toBeNull();
    expect(within(article).queryByRole('textbox')).toBeNull();
    const body = calls.filter((call) => call.init.method === 'POST').map((call) => JSON.parse(String(call.init.body)));
    expect(body.at(-1)).toEqual({ text: 'So glad it worked!' });
  });
});
