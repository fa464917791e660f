import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { withProfile } from './hunter-dashboard.test-fixtures';

// The pick card's chunk cannot be fetched (a deploy since the page loaded, a dropped connection).
vi.mock('@/features/hunters/components/pick-of-the-day-card', () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

describe("/hunter-dashboard on the hunter's pick day, when the card's code cannot be fetched", () => {
  it('draws the dashboard without the card and says how to get it, rather than spinning for ever', async () => {
    stubFetch({
      ...withProfile,
      'GET /api/hunter-picks/mine': () => json(200, { day: '2026-11-27', isMyDay: true, pick: null }),
    });
    renderRoute('/hunter-dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome back, Sofia Marin/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Today is your Hunter's Pick" })).toBeTruthy();
    expect(
      screen.getByText('Its card could not be loaded. Reload the page to choose your brand.').getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByRole('button', { name: 'Publish my pick' })).toBeNull();
  });
});
