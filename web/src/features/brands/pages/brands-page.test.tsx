import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_RESTORE_DELAY_MS } from '@/config/directory';
import { json, stubFetch } from '@/testing/fetch-stub';
import { SCROLL_STORAGE_KEY } from '../lib/scroll-memory';
import { aBrand, page, signedIn, signedOut } from '@/testing/data-generators';
import { renderRoute } from '@/testing/test-utils';

const maison = aBrand({
  id: 11,
  name: 'Maison Rosé & Co.',
  category: 'Dresses',
  location: 'France',
  rating: 4.5,
  ratingCount: 12,
  votes: 7,
  tags: ['Handmade', 'Locally Made', 'Gives Back', 'Happy Staff', 'Hunted Luxe'],
  hashtags: ['#slowfashion', '#linen'],
  etsyUrl: 'https://etsy.com/shop/maison',
  tiktokUrl: 'https://tiktok.com/@maison',
  categoryRank: 1,
});
const nordic = aBrand({
  id: 12,
  name: 'Nordic Knit',
  category: 'Dresses',
  rating: 3,
  hashtags: ['#wool', '#linen'],
  categoryRank: 2,
});
const atelier = aBrand({
  id: 13,
  name: 'Atelier Uno',
  category: 'Shoes',
  rating: 2,
  hashtags: ['#avantgarde'],
  categoryRank: null,
});
const everyone = [maison, nordic, atelier];

const LIST = '/api/brands?limit=24&offset=0';
/** The directory's hashtags as the server sorts them; deliberately not what the listed brands carry. */
const HASHTAGS = ['#avantgarde', '#linen', '#slowfashion', '#upcycled', '#wool'];
const guest = { ...signedOut, 'GET /api/brands/hashtags': () => json(200, HASHTAGS) };
const listUrls = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => url.startsWith('/api/brands?'));

afterEach(() => {
  sessionStorage.clear();
  // Set by the scroll tests; the window outlives this file (isolate: false).
  Reflect.deleteProperty(window, 'scrollY');
});

describe('/brands', () => {
  it('applies category, tag and hashtag from the address on arrival, asking for the first page', async () => {
    const calls = stubFetch({
      ...guest,
      [`GET ${LIST}`]: () => page(everyone, 3),
      'GET /api/brands?category=Dresses&tag=Handmade&hashtag=%23linen&limit=24&offset=0': () => page([maison], 1),
    });
    renderRoute('/brands?category=Dresses&tag=Handmade&hashtag=%23linen');

    expect(await screen.findByText('1 brand(s) found')).toBeTruthy();
    expect(listUrls(calls)).toEqual(['/api/brands?category=Dresses&tag=Handmade&hashtag=%23linen&limit=24&offset=0']);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Dresses');
    expect((screen.getByLabelText('Brand Characteristics') as HTMLSelectElement).value).toBe('Handmade');
    expect((screen.getByLabelText('Hashtag') as HTMLSelectElement).value).toBe('#linen');
  });

  it('asks the server again from offset 0 on a filter change, and Reset Filters restores the defaults', async () => {
    const calls = stubFetch({
      ...guest,
      [`GET ${LIST}`]: () => page(everyone, 3),
      'GET /api/brands?location=France&limit=24&offset=0': () => page([maison, nordic], 2),
      'GET /api/brands?location=France&minRating=4&limit=24&offset=0': () => page([maison], 1),
    });
    const router = renderRoute('/brands');
    expect(await screen.findByText('3 brand(s) found')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'France' } });
    expect(await screen.findByText('2 brand(s) found')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    expect(router.state.location.search).toBe('?location=France&rating=4');
    expect(await screen.findByText('1 brand(s) found')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(listUrls(calls)).toEqual([
      LIST,
      '/api/brands?location=France&limit=24&offset=0',
      '/api/brands?location=France&minRating=4&limit=24&offset=0',
    ]);

    fireEvent.click(screen.getAllByRole('button', { name: 'Reset Filters' })[0]!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('3 brand(s) found')).toBeTruthy();
  });

  it('offers every option of the spec, hashtags from the directory endpoint, never the whole list', async () => {
    const calls = stubFetch({
      ...guest,
      'GET /api/brands?category=Shoes&limit=24&offset=0': () => page([atelier], 1),
    });
    renderRoute('/brands?category=Shoes');
    await screen.findByText('1 brand(s) found');
    const options = (label: string) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((option) => option.value);
    expect(options('Rating')).toEqual(['any', '2', '2.5', '3', '3.5', '4', '4.5']);
    expect(options('Location')).toEqual(['all', 'UK', 'France', 'Italy', 'Spain', 'Sweden', 'Greece', 'Denmark']);
    expect((screen.getByLabelText('Location') as HTMLSelectElement).options[0]?.textContent).toBe('All Countries');
    expect(options('Hashtag')).toEqual(['all', ...HASHTAGS]);
    expect((screen.getByLabelText('Hashtag') as HTMLSelectElement).options[0]?.textContent).toBe('All Hashtags');
    expect(calls.map((call) => call.url)).toContain('/api/brands/hashtags');
    expect(listUrls(calls)).toEqual(['/api/brands?category=Shoes&limit=24&offset=0']);
  });

  it('keeps the chosen hashtag selectable when the directory does not list it, and a non-array answer is no hashtags', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/brands/hashtags': () => json(200, { hashtags: ['#linen'] }),
      'GET /api/brands?hashtag=%23rare&limit=24&offset=0': () => page([atelier], 1),
    });
    renderRoute('/brands?hashtag=%23rare');
    await screen.findByText('1 brand(s) found');
    const select = screen.getByLabelText('Hashtag') as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.value)).toEqual(['all', '#rare']);
    expect(select.value).toBe('#rare');
  });

  it('shows every card field, the rank the server counted, and links to the slugged page', async () => {
    stubFetch({ ...guest, [`GET ${LIST}`]: () => page(everyone, 3) });
    renderRoute('/brands');
    const card = (await screen.findByRole('heading', { name: 'Maison Rosé & Co.' })).closest('article')!;
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('#1 in Dresses')).toBeTruthy();
    expect(inCard.getByText('France')).toBeTruthy();
    expect(inCard.getByText('(12 reviews)')).toBeTruthy();
    expect(inCard.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(inCard.getByText('+1 more')).toBeTruthy();
    expect(inCard.getByRole('link', { name: '#slowfashion' }).getAttribute('href')).toBe(
      '/brands?hashtag=%23slowfashion',
    );
    expect(inCard.getByRole('link', { name: 'Handmade' }).getAttribute('href')).toBe('/brands?tag=Handmade');
    expect(inCard.getByRole('link', { name: /Etsy shop/ }).getAttribute('href')).toBe('https://etsy.com/shop/maison');
    expect(inCard.getByRole('link', { name: /TikTok/ })).toBeTruthy();
    expect(inCard.getByText('7 votes')).toBeTruthy();
    expect(inCard.getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe('/brand/11/maison-ros-co');
    const nordicCard = screen.getByRole('heading', { name: 'Nordic Knit' }).closest('article') as HTMLElement;
    expect(within(nordicCard).getByText('#2 in Dresses')).toBeTruthy();
    // Not counted yet: no badge rather than a guess.
    const atelierCard = screen.getByRole('heading', { name: 'Atelier Uno' }).closest('article') as HTMLElement;
    expect(within(atelierCard).queryByText(/ in Shoes$/)).toBeNull();
  });

  it('shows the empty state with Reset Filters, and the guest banner', async () => {
    stubFetch({
      ...guest,
      [`GET ${LIST}`]: () => page(everyone, 3),
      'GET /api/brands?priceCategory=%C2%A3%C2%A3%C2%A3%C2%A3&limit=24&offset=0': () => page([], 0),
    });
    const router = renderRoute('/brands?priceCategory=££££');
    expect(await screen.findByText('No brands match your current filters')).toBeTruthy();
    expect(screen.getByText('0 brand(s) found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/login');
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset Filters' }).at(-1)!);
    expect(router.state.location.search).toBe('');
  });

  it('hides the guest banner from members', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/brands/hashtags': () => json(200, HASHTAGS),
      [`GET ${LIST}`]: () => page(everyone, 3),
    });
    renderRoute('/brands');
    await screen.findByText('3 brand(s) found');
    expect(screen.queryByRole('link', { name: /Back to Home/ })).toBeNull();
  });

  it('counts the whole result from the total and reads the next page on Show more brands', async () => {
    const first = Array.from({ length: 24 }, (_, index) => aBrand({ id: 1000 + index, name: `Label ${index}` }));
    const rest = Array.from({ length: 6 }, (_, index) => aBrand({ id: 2000 + index, name: `Later ${index}` }));
    const calls = stubFetch({
      ...guest,
      [`GET ${LIST}`]: () => page(first, 30),
      'GET /api/brands?limit=24&offset=24': () => page(rest, 30),
    });
    renderRoute('/brands');
    expect(await screen.findByText('30 brand(s) found')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(24);

    fireEvent.click(screen.getByRole('button', { name: 'Show more brands' }));
    expect(await screen.findByRole('heading', { name: 'Later 5' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(screen.getByText('30 brand(s) found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more brands' })).toBeNull();
    expect(listUrls(calls)).toEqual([LIST, '/api/brands?limit=24&offset=24']);
  });

  it('searches on the server once typing pauses', async () => {
    const calls = stubFetch({
      ...guest,
      [`GET ${LIST}`]: () => page(everyone, 3),
      'GET /api/brands?search=knit&limit=24&offset=0': () => page([nordic], 1),
    });
    const router = renderRoute('/brands');
    await screen.findByText('3 brand(s) found');
    fireEvent.change(screen.getByLabelText('Search brands'), { target: { value: 'knit' } });
    expect(await screen.findByText('1 brand(s) found', {}, { timeout: 2000 })).toBeTruthy();
    expect(router.state.location.search).toBe('?search=knit');
    expect(calls.filter((call) => call.url.includes('search=')).map((call) => call.url)).toEqual([
      '/api/brands?search=knit&limit=24&offset=0',
    ]);
  });

  it('remembers the scroll position on View Details and restores it 100 ms after the list loads', async () => {
    stubFetch({
      ...guest,
      [`GET ${LIST}`]: () => page(everyone, 3),
      'GET /api/brands/11': () => json(404, {}),
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(window, 'scrollY', { value: 1234, configurable: true });
    const router = renderRoute('/brands');
    await screen.findByText('3 brand(s) found');

    fireEvent.click(screen.getAllByRole('link', { name: /View Details/ })[0]!);
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!)).toMatchObject({ y: 1234, loaded: 3, search: '' });
    expect(await screen.findByRole('heading', { name: 'Brand not found' })).toBeTruthy();
    scrollTo.mockClear();

    // The list comes back from the cache in the render that arms the page's timer, so the test's clock runs from
    // here: "100 ms" is then the page's delay, not how soon a busy machine noticed the list. (findBy* and vi.waitFor
    // would move that clock; act has drawn the list already.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(() => router.navigate('/brands'));
    expect(screen.getByText('3 brand(s) found')).toBeTruthy();
    const restored = { top: 1234, behavior: 'instant' };
    expect(scrollTo).not.toHaveBeenCalledWith(restored);
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_RESTORE_DELAY_MS - 1));
    expect(scrollTo).not.toHaveBeenCalledWith(restored);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scrollTo).toHaveBeenCalledWith(restored);
  });

  it('reads pages back to as many brands as were loaded before scrolling to the remembered position', async () => {
    const pageOf = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => aBrand({ id: from + index, name: `Label ${from + index}` }));
    const calls = stubFetch({
      ...guest,
      [`GET ${LIST}`]: () => page(pageOf(1, 24), 60),
      'GET /api/brands?limit=24&offset=24': () => page(pageOf(25, 24), 60),
      'GET /api/brands?limit=24&offset=48': () => page(pageOf(49, 12), 60),
    });
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ y: 3000, loaded: 40, search: '' }));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderRoute('/brands');

    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 3000, behavior: 'instant' }), {
      timeout: 4_000,
    });
    expect(screen.getAllByRole('article')).toHaveLength(48);
    expect(listUrls(calls)).toEqual([LIST, '/api/brands?limit=24&offset=24']);
  });

  it('remembers the scroll position when the page unloads', async () => {
    stubFetch({
      ...guest,
      'GET /api/brands?category=Shoes&limit=24&offset=0': () => page([atelier], 1),
      [`GET ${LIST}`]: () => page(everyone, 3),
    });
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    renderRoute('/brands?category=Shoes');
    await screen.findByText('1 brand(s) found');
    window.dispatchEvent(new Event('beforeunload'));
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!)).toMatchObject({
      y: 640,
      loaded: 1,
      search: 'category=Shoes',
    });
  });
});
