import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { withProfile } from './hunter-dashboard.test-fixtures';

// This project shares modules between the files of a worker (isolate: false in vitest.config.ts), and a mock reaches
// only the modules loaded after it: the dashboard keeps the card's code once an earlier file has loaded it. The app's
// modules are loaded afresh for this file, and again for the next one, so the mock stays in this file.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

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
