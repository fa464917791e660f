import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BrandHunterEdits, PublishedHunterEdit } from '@hunted/contracts';
import { aBrand, aHunter, signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const brand = aBrand({ id: 5, name: 'Maison Rose' });
const KNOWN_BY = '/api/hunters?brand=5&limit=6';
const EDITS = '/api/brands/5/hunter-edits?limit=3&offset=0';

const published: PublishedHunterEdit = {
  id: 40,
  hunter: { id: 7, name: 'Sofia Marin', profileImageUrl: null },
  title: 'Linen for the summer',
  note: '',
  items: [
    {
      position: 1,
      brand: { id: 5, name: 'Maison Rose', imageUrl: '/rose.jpg' },
      brandName: 'Maison Rose',
      itemName: 'Linen shirt',
      productUrl: null,
      photoUrl: null,
      why: 'Breathes on a warm day',
    },
  ],
  sentAt: '2026-11-20T10:00:00.000Z',
  publishedAt: '2026-11-21T10:00:00.000Z',
};

function brandPage(auth: Record<string, () => Response>, knownBy: unknown[], edits: BrandHunterEdits) {
  return stubFetch({
    ...auth,
    'GET /api/brands/5': () => json(200, brand),
    'POST /api/brands/5/view': () => json(201, { views: 1 }),
    [`GET ${KNOWN_BY}`]: () => json(200, knownBy),
    [`GET ${EDITS}`]: () => json(200, edits),
  });
}

describe("a brand's page: what hunters say of it (issue 25)", () => {
  it("lists the hunters who know the brand, with 'Book a session about {brand}', and the edits naming it", async () => {
    const sofia = aHunter({ id: 7, name: 'Sofia Marin', rating: 4.5, reviewCount: 3, pricePerSession: 45 });
    const nina = aHunter({ id: 9, name: 'Nina Nouvelle', rating: null, reviewCount: 0 });
    brandPage(signedIn, [sofia, nina], { hunterCount: 2, total: 1, edits: [published] });
    renderRoute('/brand/5/maison-rose');

    const hunters = await screen.findByTestId('hunters-who-know-brand');
    expect(within(hunters).getByRole('heading', { name: 'Hunters who know this brand' })).toBeTruthy();
    expect(within(hunters).getByRole('link', { name: 'Sofia Marin' }).getAttribute('href')).toBe(
      '/hunters/7/sofia-marin',
    );
    expect(hunters.textContent).toContain('£45');
    expect(within(hunters).getByText('New')).toBeTruthy();
    const book = within(hunters).getAllByRole('link', { name: 'Book a session about Maison Rose' });
    expect(book.map((link) => link.getAttribute('href'))).toEqual([
      '/book-session/7?about=5',
      '/book-session/9?about=5',
    ]);

    const edits = await screen.findByTestId('brand-hunter-edits');
    expect(within(edits).getByRole('heading', { name: "In 2 hunters' edits" })).toBeTruthy();
    expect(within(edits).getByRole('heading', { name: 'Linen for the summer' })).toBeTruthy();
    expect(within(edits).getByRole('link', { name: 'Sofia Marin' }).getAttribute('href')).toBe(
      '/hunters/7/sofia-marin',
    );
    expect(edits.textContent).toContain('Linen shirt');
    expect(within(edits).queryByRole('button', { name: 'Show more edits' })).toBeNull();
  });

  it('sends a guest to sign in first, then to the booking about the brand', async () => {
    brandPage(signedOut, [aHunter({ id: 7, name: 'Sofia Marin' })], { hunterCount: 0, total: 0, edits: [] });
    renderRoute('/brand/5/maison-rose');
    const link = await screen.findByRole('link', { name: 'Book a session about Maison Rose' });
    expect(link.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent('/book-session/7?about=5')}`);
  });

  it('shows neither section while no hunter knows the brand', async () => {
    const calls = brandPage(signedOut, [], { hunterCount: 0, total: 0, edits: [] });
    renderRoute('/brand/5/maison-rose');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maison Rose' })).toBeTruthy();
    await waitFor(() => {
      expect(calls.some((call) => call.url === KNOWN_BY)).toBe(true);
      expect(calls.some((call) => call.url === EDITS)).toBe(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('hunters-who-know-brand')).toBeNull();
    expect(screen.queryByTestId('brand-hunter-edits')).toBeNull();
    expect(screen.queryByText(/hunters' edits/)).toBeNull();
  });
});
