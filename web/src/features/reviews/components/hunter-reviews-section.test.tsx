import type { HunterReviewPage, PublicHunterReview } from '@hunted/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOut } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { HunterReviewsSection } from './hunter-reviews-section';

const review = (id: number, overrides: Partial<PublicHunterReview> = {}): PublicHunterReview => ({
  id,
  hunterId: 7,
  rating: 5,
  text: `Review number ${id}, really helpful.`,
  reviewerName: `Client ${id}`,
  sessionType: 'whatsappVideo',
  sessionMonth: 'November 2026',
  createdAt: '2026-11-02T10:00:00.000Z',
  reply: null,
  ...overrides,
});

const page = (change: Partial<HunterReviewPage>): HunterReviewPage => ({
  reviews: [],
  total: 0,
  rating: null,
  earlier: [],
  earlierTotal: 0,
  ...change,
});

const sofia = { id: 7, name: 'Sofia Marin' };

describe('HunterReviewsSection: earlier reviews (decision 0090)', () => {
  it('shows earlier reviews apart, under their own heading with why, and counts only the others', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/hunters/7/reviews?limit=10&offset=0': () =>
        json(200, page({ reviews: [review(3, { rating: 4 })], total: 1, rating: 4, earlier: [review(1, { rating: 1 })], earlierTotal: 1 })),
    });
    renderWithProviders(<HunterReviewsSection hunter={sofia} />);

    const counted = await screen.findByRole('list', { name: 'Reviews of Sofia Marin' });
    expect(within(counted).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Review by Client 3']);
    expect(screen.getByRole('heading', { name: /^Reviews/ }).textContent).toBe('Reviews(1)');

    const heading = screen.getByRole('heading', { name: 'Earlier reviews, not counted in the rating' });
    const earlier = screen.getByRole('list', { name: 'Earlier reviews of Sofia Marin' });
    expect(within(earlier).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Review by Client 1']);
    expect(heading.nextElementSibling?.textContent).toBe(
      'Written before reviews needed a paid session or one Sofia Marin confirmed took place.',
    );
  });

  it('shows only earlier reviews when none counts yet, with no rating, and no earlier heading when there are none', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/hunters/7/reviews?limit=10&offset=0': () => json(200, page({ earlier: [review(1)], earlierTotal: 1 })),
    });
    const first = renderWithProviders(<HunterReviewsSection hunter={sofia} />);
    expect(await screen.findByText('No reviews count towards the rating yet.')).toBeTruthy();
    // No count and no stars beside the heading: nothing counts.
    expect(screen.getByRole('heading', { name: /^Reviews/ }).textContent).toBe('Reviews');
    expect(screen.getByRole('heading', { name: /^Reviews/ }).nextElementSibling).toBeNull();
    expect(screen.getByRole('list', { name: 'Earlier reviews of Sofia Marin' })).toBeTruthy();
    expect(screen.queryByText('No reviews yet')).toBeNull();
    first.unmount();

    stubFetch({
      ...signedOut,
      'GET /api/hunters/7/reviews?limit=10&offset=0': () => json(200, page({ reviews: [review(2)], total: 1, rating: 5 })),
    });
    renderWithProviders(<HunterReviewsSection hunter={sofia} />);
    await screen.findByRole('list', { name: 'Reviews of Sofia Marin' });
    expect(screen.queryByRole('heading', { name: 'Earlier reviews, not counted in the rating' })).toBeNull();
  });
});
