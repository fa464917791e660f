import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/components/ui/toast';
import { json, stubFetch } from '@/testing/fetch-stub';
import { aBrand, signedIn, signedOut } from '@/testing/data-generators';
import { renderRoute } from '@/testing/test-utils';

const brand = aBrand({
  id: 5,
  name: 'Maison Rose',
  votes: 41,
  views: 99,
  rating: 3.5,
  ratingCount: 8,
  priceCategory: '£££',
  featured: true,
  tags: ['Handmade'],
  hashtags: ['#linen'],
  createdAt: '2026-03-14T10:00:00.000Z',
});

const brandCalls = () => ({
  'GET /api/brands/5': () => json(200, brand),
  'POST /api/brands/5/view': () => json(201, { views: 100 }),
});

/** The vote button's name begins with its visible 'Vote 41', then names the brand. */
const VOTE_FOR_MAISON_ROSE = /^Vote, \d+ votes?, for Maison Rose$/;

beforeEach(() => dismissToast());
afterEach(() => dismissToast());

describe('/brand/{id}/{slug}', () => {
  it('shows the brand, records one page view and names the price level', async () => {
    const calls = stubFetch({ ...signedOut, ...brandCalls() });
    renderRoute('/brand/5/maison-rose');
    expect(await screen.findByText('Loading brand details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maison Rose' })).toBeTruthy();
    expect(screen.getByText('Community rating')).toBeTruthy();
    expect(screen.getByText('(8 reviews)')).toBeTruthy();
    expect(screen.getByText('· Expensive')).toBeTruthy();
    expect(screen.getByText('Featured Brand')).toBeTruthy();
    expect(screen.getByText('Browsing as guest • Sign in to vote and save brands')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Brands/ }).getAttribute('href')).toBe('/brands');
    expect(screen.getByRole('link', { name: 'Handmade' }).getAttribute('href')).toBe('/brands?tag=Handmade');
    expect(screen.getByRole('link', { name: '#linen' }).getAttribute('href')).toBe('/brands?hashtag=%23linen');
    expect(screen.getByText('14 Mar 2026')).toBeTruthy();
    expect(screen.getByText('Photo by Maison Rose')).toBeTruthy();
    expect(screen.getByText('1 / 1')).toBeTruthy();
    expect(await screen.findByText('100')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/brands/5/view')).toHaveLength(1);
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/ });
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('href')).toContain(encodeURIComponent('/brand/5/maison-rose'));
  });

  it("says 'Brand not found' with a way home", async () => {
    stubFetch({ ...signedOut, 'GET /api/brands/abc': () => json(404, { message: 'Brand not found' }) });
    renderRoute('/brand/abc');
    expect(await screen.findByRole('heading', { name: 'Brand not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
  });

  it('asks a guest to sign in to vote or save, without asking the server', async () => {
    const calls = stubFetch({ ...signedOut, ...brandCalls() });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: VOTE_FOR_MAISON_ROSE }));
    expect(screen.getByRole('status').textContent).toContain('Sign in required');
    expect(screen.getByRole('status').textContent).toContain('Please sign in to vote for brands.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status').textContent).toContain('Please sign in to save brands.');
    expect(calls.some((call) => call.url.endsWith('/vote') || call.url.includes('/save'))).toBe(false);
  });

  it('records a vote, shows the new count and refetches the brand', async () => {
    let votes = 41;
    const calls = stubFetch({
      ...signedIn,
      'GET /api/brands/5': () => json(200, { ...brand, votes }),
      'POST /api/brands/5/view': () => json(201, { views: 100 }),
      'GET /api/brands/5/saved': () => json(200, { isSaved: false }),
      'POST /api/brands/5/vote': () => {
        votes = 42;
        return json(201, { votes: 42, todayVotes: 1 });
      },
    });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: VOTE_FOR_MAISON_ROSE }));
    expect(await screen.findByText('Vote recorded!')).toBeTruthy();
    expect(screen.getByText('Thanks for supporting this brand.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('vote-count').textContent).toBe('42'));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/brands/5')).toHaveLength(2));
  });

  it("shows the already-voted toast with the server's reason when the vote is refused (409)", async () => {
    stubFetch({
      ...signedIn,
      ...brandCalls(),
      'GET /api/brands/5/saved': () => json(200, { isSaved: false }),
      'POST /api/brands/5/vote': () =>
        json(409, { statusCode: 409, message: 'You have already voted for this brand in the last 24 hours.' }),
    });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: VOTE_FOR_MAISON_ROSE }));
    expect(await screen.findByText("Oops we think you've already voted")).toBeTruthy();
    expect(screen.getByText('You have already voted for this brand in the last 24 hours.')).toBeTruthy();
  });

  it('saves and removes a brand with the spec toasts', async () => {
    let saved = false;
    const calls = stubFetch({
      ...signedIn,
      ...brandCalls(),
      'GET /api/brands/5/saved': () => json(200, { isSaved: saved }),
      'POST /api/brands/5/save': () => {
        saved = true;
        return json(201, { isSaved: true });
      },
      'DELETE /api/brands/5/save': () => json(500, { message: 'boom' }),
    });
    renderRoute('/brand/5');
    const button = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Brand saved!')).toBeTruthy();
    expect(screen.getByText('You can find it in your saved brands.')).toBeTruthy();
    const savedButton = await screen.findByRole('button', { name: 'Saved' });
    expect(savedButton.getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((call) => call.url === '/api/brands/5/saved')).toHaveLength(2);

    fireEvent.click(savedButton);
    expect(await screen.findByText('Failed to remove brand')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Error');
  });

  it("copies the link ('Link copied!') or says it could not", async () => {
    stubFetch({ ...signedOut, ...brandCalls() });
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: /Copy Link/ }));
    expect(await screen.findByText('Link copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/brand/5/maison-rose`);
    fireEvent.click(screen.getByRole('button', { name: /Copy Link/ }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    expect(screen.getByText('Unable to copy link')).toBeTruthy();
  });

  it("offers the four networks under 'Share this brand', each carrying the brand's name and canonical address", async () => {
    stubFetch({ ...signedOut, ...brandCalls() });
    renderRoute('/brand/5');
    const panel = await screen.findByRole('region', { name: 'Share this brand' });
    const canonical = `${window.location.origin}/brand/5/maison-rose`;
    for (const network of ['WhatsApp', 'Facebook', 'X/Twitter', 'LinkedIn']) {
      // Its name is its icon's letter, if any ('f', 'in'), then the network's.
      const link = within(panel).getByRole('link', { name: (name) => name.endsWith(network) });
      const href = decodeURIComponent(link.getAttribute('href') ?? '');
      expect(href, network).toContain('Maison Rose');
      expect(href, network).toContain(canonical);
    }
  });

  it("shares from the header's Share menu, whose code comes with the first press: an email, or the link copied", async () => {
    stubFetch({ ...signedOut, ...brandCalls() });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoute('/brand/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    // One press opens the menu once its code has arrived.
    expect((await screen.findByRole('menuitem', { name: 'Email' })).getAttribute('href')).toMatch(/^mailto:/);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(await screen.findByText('Link copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/brand/5/maison-rose`);
  });

  it('copies the canonical URL the gateway named, whatever address the page was opened at', async () => {
    stubFetch({ ...signedOut, ...brandCalls() });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const link = Object.assign(document.createElement('link'), { rel: 'canonical', href: 'https://hunted.example/brand/5' });
    document.head.append(link);
    try {
      renderRoute('/Brand/5/old-name');
      fireEvent.click(await screen.findByRole('button', { name: /Copy Link/ }));
      expect(await screen.findByText('Link copied!')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith('https://hunted.example/brand/5/maison-rose');
    } finally {
      link.remove();
    }
  });
});
