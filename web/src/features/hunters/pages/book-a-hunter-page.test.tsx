import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { aHunter, page, signedIn, signedOut } from '@/testing/data-generators';
import { renderRoute } from '@/testing/test-utils';

const LIST = '/api/hunters?limit=24&offset=0';
const longBio = `${'Wardrobe edits, capsule planning and honest advice. '.repeat(5)}The end.`;

const sofia = aHunter({
  id: 1,
  name: 'Sofia Marin',
  location: 'Spain',
  rating: 4.3,
  reviewCount: 17,
  yearsExperience: 8,
  totalSessions: 120,
  pricePerSession: 45,
  bio: longBio,
  instagramUrl: 'https://instagram.com/sofia',
});
// Priced in euros (decision 0105): the card writes the hunter's own currency.
const busy = aHunter({ id: 2, name: 'Bea Busy', availabilityStatus: 'Busy', instagramUrl: 'javascript:alert(1)', currency: 'EUR', pricePerSession: 60 });
const away = aHunter({ id: 3, name: 'Una Away', availabilityStatus: 'Unavailable', instagramUrl: '/relative' });

const card = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;

describe('/book-a-hunter', () => {
  it("marks verified hunters, and shows 'New' (never 5.0) for a hunter without reviews", async () => {
    const nina = aHunter({ id: 9, name: 'Nina Nouvelle', rating: null, reviewCount: 0 });
    const unverified = aHunter({ id: 10, name: 'Otto Other', verified: false });
    stubFetch({ ...signedOut, [`GET ${LIST}`]: () => page([sofia, nina, unverified], 3) });
    renderRoute('/book-a-hunter');
    expect(await screen.findByText('3 hunters available')).toBeTruthy();

    expect(within(card('Sofia Marin')).getByRole('img', { name: 'Verified hunter' })).toBeTruthy();
    expect(within(card('Sofia Marin')).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(within(card('Otto Other')).queryByRole('img', { name: 'Verified hunter' })).toBeNull();

    const fresh = card('Nina Nouvelle');
    expect(within(fresh).getByText('New')).toBeTruthy();
    expect(within(fresh).getByText('No reviews yet')).toBeTruthy();
    expect(within(fresh).queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(fresh.textContent).not.toContain('5.0');
  });

  it('shows the loading text, then the count from x-total-count', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({ ...signedOut, [`GET ${LIST}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute('/book-a-hunter');
    expect(await screen.findByRole('heading', { name: 'Book a Hunter' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search by name or keyword')).toBeTruthy();
    expect(await screen.findByText('Loading hunters...')).toBeTruthy();
    answer(page([sofia, busy, away], 57));
    expect(await screen.findByText('57 hunters available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show more hunters' })).toBeTruthy();
  });

  it('applies the filters from the address and writes changes back to it', async () => {
    const calls = stubFetch({
      ...signedOut,
      'GET /api/hunters?price=40-60&location=Spain&specialty=Footwear&limit=24&offset=0': () => page([sofia], 1),
      'GET /api/hunters?price=40-60&location=Spain&specialty=Footwear&service=Wardrobe+Audit&language=Spanish&sort=price-low&limit=24&offset=0':
        () => page([], 0),
      [`GET ${LIST}`]: () => page([sofia, busy], 2),
    });
    const router = renderRoute('/book-a-hunter?price=40-60&location=Spain&specialty=Footwear');
    expect(await screen.findByText('1 hunters available')).toBeTruthy();
    expect((screen.getByLabelText('Price per session') as HTMLSelectElement).value).toBe('40-60');
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe('Spain');
    expect((screen.getByLabelText('Specialty') as HTMLSelectElement).value).toBe('Footwear');

    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'Wardrobe Audit' } });
    // "Speaks" (issue 39): the languages hunters list, kept in the address like the other filters.
    expect((screen.getByLabelText('Speaks') as HTMLSelectElement).value).toBe('all');
    fireEvent.change(screen.getByLabelText('Speaks'), { target: { value: 'Spanish' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-low' } });
    expect(router.state.location.search).toBe(
      '?price=40-60&location=Spain&specialty=Footwear&service=Wardrobe+Audit&language=Spanish&sort=price-low',
    );
    expect(await screen.findByText('No hunters found matching your criteria.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain(
      '/api/hunters?price=40-60&location=Spain&specialty=Footwear&service=Wardrobe+Audit&language=Spanish&sort=price-low&limit=24&offset=0',
    );

    fireEvent.click(screen.getAllByRole('button', { name: 'Reset Filters' })[0]!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('2 hunters available')).toBeTruthy();
  });

  it('shows "≈ £51" beside a euro price to a visitor in the UK, at the reference rates read once', async () => {
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const rates = { asOf: '2026-12-01', pencePerUnit: { GBP: 100, EUR: 85, SEK: 7.3, DKK: 11.4, NOK: 7.1, CHF: 90, PLN: 19.8 } };
    const calls = stubFetch({ ...signedOut, [`GET ${LIST}`]: () => page([sofia, busy], 2), 'GET /api/hunters/reference-rates': () => json(200, rates) });
    renderRoute('/book-a-hunter');
    await screen.findByText('2 hunters available');
    await waitFor(() => expect(card('Bea Busy').textContent).toContain('from €60 (≈ £51) per session'));
    // The visitor's own currency needs no guide.
    expect(card('Sofia Marin').textContent).toContain('from £45 per session');
    expect(calls.filter((call) => call.url === '/api/hunters/reference-rates')).toHaveLength(1);
    language.mockRestore();
  });

  it('shows every card field, the status colours and only http(s) Instagram links', async () => {
    stubFetch({ ...signedOut, [`GET ${LIST}`]: () => page([sofia, busy, away], 3) });
    renderRoute('/book-a-hunter');
    await screen.findByText('3 hunters available');

    const first = within(card('Sofia Marin'));
    expect(first.getByRole('img', { name: "Sofia Marin's initials" }).textContent).toBe('SM');
    expect(first.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(first.getByText('(17 reviews)')).toBeTruthy();
    expect(first.getByText('Spain')).toBeTruthy();
    expect(first.getByText(/8 years experience/)).toBeTruthy();
    expect(first.getByText(/120 sessions completed/)).toBeTruthy();
    expect(card('Sofia Marin').textContent).toContain('from £45 per session');
    expect(card('Bea Busy').textContent).toContain('from €60 per session');
    expect(first.getByText('Available').getAttribute('data-tone')).toBe('green');
    expect(within(card('Bea Busy')).getByText('Busy').getAttribute('data-tone')).toBe('yellow');
    expect(within(card('Una Away')).getByText('Unavailable').getAttribute('data-tone')).toBe('red');

    expect(first.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe('https://instagram.com/sofia');
    expect(within(card('Bea Busy')).queryByRole('link', { name: /Instagram/ })).toBeNull();
    expect(within(card('Una Away')).queryByRole('link', { name: /Instagram/ })).toBeNull();
  });

  it("expands a long bio with 'View more'", async () => {
    stubFetch({ ...signedOut, [`GET ${LIST}`]: () => page([sofia, busy], 2) });
    renderRoute('/book-a-hunter');
    await screen.findByText('2 hunters available');
    const more = within(card('Sofia Marin')).getByRole('button', { name: 'View more' });
    const bio = document.getElementById('hunter-bio-1')!;
    expect(bio.className).toContain('line-clamp-3');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('View less');
    expect(bio.className).not.toContain('line-clamp-3');
    expect(within(card('Bea Busy')).queryByRole('button', { name: 'View more' })).toBeNull();
  });

  it('sends a guest to sign in, returning to the schedule; Book Now is disabled when Unavailable', async () => {
    stubFetch({ ...signedOut, [`GET ${LIST}`]: () => page([sofia, away], 2) });
    renderRoute('/book-a-hunter');
    await screen.findByText('2 hunters available');
    const login = '/api/login?returnTo=%2Fbook-session%2F1';
    const first = within(card('Sofia Marin'));
    expect(first.getByRole('link', { name: 'Book Now with Sofia Marin' }).getAttribute('href')).toBe(login);
    expect(first.getByRole('link', { name: 'View Schedule of Sofia Marin' }).getAttribute('href')).toBe(login);
    expect(first.getByRole('link', { name: 'Send Message to Sofia Marin' }).getAttribute('href')).toBe(login);
    expect((within(card('Una Away')).getByRole('button', { name: 'Book Now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("links each card's name to the hunter's public page, keeping its Book buttons", async () => {
    stubFetch({ ...signedOut, [`GET ${LIST}`]: () => page([sofia, busy], 2) });
    renderRoute('/book-a-hunter');
    await screen.findByText('2 hunters available');
    const first = within(card('Sofia Marin'));
    expect(first.getByRole('link', { name: 'Sofia Marin' }).getAttribute('href')).toBe('/hunters/1/sofia-marin');
    expect(first.getByRole('link', { name: 'Book Now with Sofia Marin' })).toBeTruthy();
    expect(within(card('Bea Busy')).getByRole('link', { name: 'Bea Busy' }).getAttribute('href')).toBe('/hunters/2/bea-busy');
  });

  it('sends a member straight to /book-session/{id}', async () => {
    stubFetch({ ...signedIn, [`GET ${LIST}`]: () => page([sofia], 1) });
    renderRoute('/book-a-hunter');
    await screen.findByText('1 hunters available');
    const first = within(card('Sofia Marin'));
    // The links follow the current-user call, which may answer after the list.
    await waitFor(() =>
      expect(first.getByRole('link', { name: 'Book Now with Sofia Marin' }).getAttribute('href')).toBe('/book-session/1'),
    );
    for (const name of ['Book Now with Sofia Marin', 'View Schedule of Sofia Marin', 'Send Message to Sofia Marin']) {
      expect(first.getByRole('link', { name }).getAttribute('href')).toBe('/book-session/1');
    }
  });

  it("names the server's complaint about a bad value", async () => {
    stubFetch({
      ...signedOut,
      'GET /api/hunters?price=cheap&limit=24&offset=0': () => json(400, { message: 'price must be one of 20-40, 40-60' }),
    });
    renderRoute('/book-a-hunter?price=cheap');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('price must be one of 20-40, 40-60');
  });

  it('writes the settled search to the address and asks the server for it', async () => {
    const calls = stubFetch({
      ...signedOut,
      [`GET ${LIST}`]: () => page([sofia, busy], 2),
      'GET /api/hunters?search=vintage&limit=24&offset=0': () => page([busy], 1),
    });
    const router = renderRoute('/book-a-hunter');
    await screen.findByText('2 hunters available');
    fireEvent.change(screen.getByPlaceholderText('Search by name or keyword'), { target: { value: ' vintage' } });
    expect(await screen.findByText('1 hunters available')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=vintage');
    expect(calls.map((call) => call.url)).toContain('/api/hunters?search=vintage&limit=24&offset=0');
  });

  it('loads the next 24 hunters after the first page', async () => {
    const first = Array.from({ length: 24 }, (_, index) => aHunter({ id: 100 + index, name: `Page One ${index}` }));
    stubFetch({
      ...signedOut,
      [`GET ${LIST}`]: () => page(first, 25),
      'GET /api/hunters?limit=24&offset=24': () => page([aHunter({ id: 200, name: 'Last Hunter' })], 25),
    });
    renderRoute('/book-a-hunter');
    await screen.findByText('25 hunters available');
    expect(screen.getAllByRole('article')).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Show more hunters' }));
    expect(await screen.findByRole('heading', { name: 'Last Hunter' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Show more hunters' })).toBeNull();
  });
});
