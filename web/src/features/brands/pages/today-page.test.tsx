import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { aTodayBrand, page, signedIn, signedOut } from '@/testing/data-generators';
import { renderRoute } from '@/testing/test-utils';

const featured = aTodayBrand({
  id: 1,
  name: 'Pick Of The Day',
  todayVotes: 9,
  tags: ['Handmade', 'Locally Made', 'Gives Back', 'Happy Staff', 'Hunted Luxe', 'Animal Friendly'],
  hashtags: ['#a', '#b', '#c', '#d', '#e'],
});
const ranked = Array.from({ length: 12 }, (_, index) =>
  aTodayBrand({
    id: 100 + index,
    name: `Ranked ${index + 1}`,
    todayVotes: 20 - index,
    tags: ['Handmade', 'Locally Made', 'Gives Back', 'Happy Staff'],
    hashtags: ['#one', '#two', '#three', '#four', '#five'],
  }),
);
const nextPage = [aTodayBrand({ id: 200, name: 'Ranked 13', todayVotes: 0 })];

const todayCalls = {
  'GET /api/brands/today?limit=12&offset=0': () => page(ranked, 13),
  'GET /api/brands/today?limit=12&offset=12': () => page(nextPage, 13),
  'GET /api/brands/featured': () => json(200, featured),
  'GET /api/brands/top?limit=3': () => json(200, ranked.slice(0, 3)),
  'GET /api/hunter-picks/today': () => json(200, { pick: null }),
};

describe('/today', () => {
  it("shows the Hunter's Pick beside the crowd's #1, linking to the brand, the hunter's page and open times", async () => {
    const pick = {
      day: '2026-11-27',
      hunter: { id: 7, name: 'Ada Lind', profileImageUrl: null },
      brand: { id: 42, name: 'Loom & Co', imageUrl: '/loom.png' },
      brandName: 'Loom & Co',
      note: 'Hand-woven in Skye.\nThe grey one sells out first.',
      pickedAt: '2026-11-27T09:00:00.000Z',
    };
    stubFetch({ ...signedOut, ...todayCalls, 'GET /api/hunter-picks/today': () => json(200, { pick }) });
    renderRoute('/today');
    const card = (await screen.findByRole('heading', { name: "Hunter's Pick" })).closest('section')!;
    expect(within(card).getByRole('link', { name: 'Loom & Co' }).getAttribute('href')).toBe('/brand/42/loom-co');
    expect(within(card).getByText(/Hand-woven in Skye\./).textContent).toBe('Hand-woven in Skye.\nThe grey one sells out first.');
    expect(within(card).getByRole('link', { name: /Picked by Ada Lind/ }).getAttribute('href')).toBe('/hunters/7/ada-lind');
    expect(within(card).getByRole('link', { name: 'See open times' }).getAttribute('href')).toBe('/book-session/7');
    // Side by side with the featured brand, the crowd's #1.
    const featuredCard = screen.getByRole('heading', { name: 'Featured Brand of the Day' }).closest('section')!;
    expect(featuredCard.parentElement).toBe(card.parentElement);
  });

  it('shows the featured brand, the ranking, the leaderboard and a real countdown', async () => {
    stubFetch({ ...signedOut, ...todayCalls });
    renderRoute('/today');
    expect(await screen.findByRole('heading', { level: 1, name: "Today's Featured Brands" })).toBeTruthy();
    expect(screen.getByText(/^Next update in \d+h \d+m$/)).toBeTruthy();
    expect(screen.getByText('Loading brands...')).toBeTruthy();

    const featuredCard = (await screen.findByRole('heading', { name: 'Featured Brand of the Day' })).closest(
      'section',
    )!;
    expect(within(featuredCard).getByText('#1 Today')).toBeTruthy();
    expect(within(featuredCard).getByText('+2 more')).toBeTruthy(); // 6 tags, 4 shown
    expect(within(featuredCard).getByText('+1 more')).toBeTruthy(); // 5 hashtags, 4 shown

    const first = (await screen.findByRole('heading', { name: 'Ranked 1' })).closest('article')!;
    expect(within(first).getByText('+1 more')).toBeTruthy(); // 4 tags, 3 shown
    expect(within(first).getByText('+2 more')).toBeTruthy(); // 5 hashtags, 3 shown

    const board = screen.getByRole('heading', { name: "Today's Leaderboard" }).closest('section')!;
    expect(
      within(board)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Ranked 120 votes', '2Ranked 219 votes', '3Ranked 318 votes']);
    expect(screen.getByRole('link', { name: 'Submit a Brand' }).getAttribute('href')).toBe('/api/login');
  });

  it("loads the next page with 'Load More Brands'", async () => {
    const calls = stubFetch({ ...signedIn, ...todayCalls });
    renderRoute('/today');
    fireEvent.click(await screen.findByRole('button', { name: 'Load More Brands' }));
    expect(await screen.findByRole('heading', { name: 'Ranked 13' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/brands/today?limit=12&offset=12');
    expect(screen.queryByRole('button', { name: 'Load More Brands' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Submit a Brand' }).getAttribute('href')).toBe('/submit');
  });

  it('refetches when a filter changes, and says when nothing matches', async () => {
    const calls = stubFetch({
      ...signedOut,
      ...todayCalls,
      'GET /api/brands/today?category=Shoes&limit=12&offset=0': () => page([], 0),
    });
    renderRoute('/today');
    await screen.findByRole('heading', { name: 'Ranked 1' });
    const categories = screen.getByRole('group', { name: 'Category' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All Categories', 'Clothing', 'Dresses', 'Shoes', 'Bags', 'Accessories']);
    fireEvent.click(within(categories).getByRole('button', { name: 'Shoes' }));
    expect(await screen.findByText('No brands found matching your criteria.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/brands/today?category=Shoes&limit=12&offset=0');
  });
});
