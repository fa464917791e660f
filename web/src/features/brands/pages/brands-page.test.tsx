import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { SCROLL_STORAGE_KEY } from '../lib/scroll-memory';
import { aBrand, signedIn, signedOut } from '@/testing/data-generators';
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
});
const nordic = aBrand({ id: 12, name: 'Nordic Knit', category: 'Dresses', rating: 3, hashtags: ['#wool', '#linen'] });
const atelier = aBrand({ id: 13, name: 'Atelier Uno', category: 'Shoes', rating: 2, hashtags: ['#avantgarde'] });
const everyone = [maison, nordic, atelier];

afterEach(() => sessionStorage.clear());

describe('/brands', () => {
  it('applies category, tag and hashtag from the address on arrival', async () => {
    const calls = stubFetch({
      ...signedOut,
      'GET /api/brands': () => json(200, everyone),
      'GET /api/brands?category=Dresses&tag=Handmade&hashtag=%23linen': () => json(200, [maison]),
    });
    renderRoute('/brands?category=Dresses&tag=Handmade&hashtag=%23linen');

    expect(await screen.findByText('1 brand(s) found')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/brands?category=Dresses&tag=Handmade&hashtag=%23linen');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Dresses');
    expect((screen.getByLabelText('Brand Characteristics') as HTMLSelectElement).value).toBe('Handmade');
    expect((screen.getByLabelText('Hashtag') as HTMLSelectElement).value).toBe('#linen');
  });

  it('writes filter changes to the address, and Reset Filters restores the defaults', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/brands': () => json(200, everyone),
      'GET /api/brands?location=France&minRating=4': () => json(200, [maison]),
    });
    const router = renderRoute('/brands');
    expect(await screen.findByText('3 brand(s) found')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'France' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    expect(router.state.location.search).toBe('?location=France&rating=4');
    expect(await screen.findByText('1 brand(s) found')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Reset Filters' })[0]!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('3 brand(s) found')).toBeTruthy();
  });

  it('offers every option of the spec, hashtags from the unfiltered list', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/brands': () => json(200, everyone),
      'GET /api/brands?category=Shoes': () => json(200, [atelier]),
    });
    renderRoute('/brands?category=Shoes');
    await screen.findByText('1 brand(s) found');
    const options = (label: string) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((option) => option.value);
    expect(options('Rating')).toEqual(['any', '2', '2.5', '3', '3.5', '4', '4.5']);
    expect(options('Location')).toEqual(['all', 'UK', 'France', 'Italy', 'Spain', 'Sweden', 'Greece', 'Denmark']);
    expect((screen.getByLabelText('Location') as HTMLSelectElement).options[0]?.textContent).toBe('All Countries');
    expect(options('Hashtag')).toEqual(['all', '#avantgarde', '#linen', '#slowfashion', '#wool']);
  });

  it('shows every card field, ranks within the category, and links to the slugged page', async () => {
    stubFetch({ ...signedOut, 'GET /api/brands': () => json(200, everyone) });
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
  });

  it('shows the empty state with Reset Filters, and the guest banner', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/brands': () => json(200, everyone),
      'GET /api/brands?priceCategory=%C2%A3%C2%A3%C2%A3%C2%A3': () => json(200, []),
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
    stubFetch({ ...signedIn, 'GET /api/brands': () => json(200, everyone) });
    renderRoute('/brands');
    await screen.findByText('3 brand(s) found');
    expect(screen.queryByRole('link', { name: /Back to Home/ })).toBeNull();
  });

  it('renders a long list in batches', async () => {
    const many = Array.from({ length: 60 }, (_, index) => aBrand({ id: 1000 + index, name: `Label ${index}` }));
    stubFetch({ ...signedOut, 'GET /api/brands': () => json(200, many) });
    renderRoute('/brands');
    expect(await screen.findByText('60 brand(s) found')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Show more brands' }));
    expect(screen.getAllByRole('article')).toHaveLength(48);
  });

  it('searches on the server once typing pauses', async () => {
    const calls = stubFetch({
      ...signedOut,
      'GET /api/brands': () => json(200, everyone),
      'GET /api/brands?search=knit': () => json(200, [nordic]),
    });
    const router = renderRoute('/brands');
    await screen.findByText('3 brand(s) found');
    fireEvent.change(screen.getByLabelText('Search brands'), { target: { value: 'knit' } });
    expect(await screen.findByText('1 brand(s) found', {}, { timeout: 2000 })).toBeTruthy();
    expect(router.state.location.search).toBe('?search=knit');
    expect(calls.filter((call) => call.url.includes('search=')).map((call) => call.url)).toEqual([
      '/api/brands?search=knit',
    ]);
  });

  it('remembers the scroll position on View Details and restores it 100 ms after the list loads', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/brands': () => json(200, everyone),
      'GET /api/brands/11': () => json(404, {}),
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(window, 'scrollY', { value: 1234, configurable: true });
    const router = renderRoute('/brands');
    await screen.findByText('3 brand(s) found');

    fireEvent.click(screen.getAllByRole('link', { name: /View Details/ })[0]!);
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!)).toMatchObject({ y: 1234, search: '' });
    expect(await screen.findByRole('heading', { name: 'Brand not found' })).toBeTruthy();
    scrollTo.mockClear();

    await act(() => router.navigate('/brands'));
    await screen.findByText('3 brand(s) found');
    const shownAt = Date.now();
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 1234, behavior: 'instant' }), {
      timeout: 1000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(80);
  });

  it('remembers the scroll position when the page unloads', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/brands?category=Shoes': () => json(200, [atelier]),
      'GET /api/brands': () => json(200, everyone),
    });
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    renderRoute('/brands?category=Shoes');
    await screen.findByText('1 brand(s) found');
    window.dispatchEvent(new Event('beforeunload'));
    expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!)).toMatchObject({ y: 640, search: 'category=Shoes' });
  });
});
