import { act, screen, within } from '@testing-library/react';
import { PAGE_PATHS } from '@hunted/contracts';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { signedIn, signedOut } from '@/testing/data-generators';
import { findOnTestClock, useTestClock } from '@/testing/test-clock';
import { renderRoute } from '@/testing/test-utils';
import { routes } from './router';

/** The id of the page route a path lands on. */
function pageFor(path: string): { id: string | undefined; params: Record<string, string | undefined> } {
  const matches = matchRoutes(routes, path) ?? [];
  const deepest = matches[matches.length - 1];
  return { id: deepest?.route.id, params: deepest?.params ?? {} };
}

describe('route table', () => {
  it.each([
    ['/', 'home'],
    ['/brands', 'brands'],
    ['/today', 'today'],
    ['/book-a-hunter', 'book-a-hunter'],
    ['/become-hunter', 'become-hunter'],
    ['/booking-confirmed', 'booking-confirmed'],
    ['/admin', 'admin'],
    ['/faq', 'faq'],
    ['/contact', 'contact'],
    ['/terms', 'terms'],
    ['/hunter-terms', 'hunter-terms'],
    ['/privacy', 'privacy'],
    ['/cookies', 'cookies'],
    ['/submit', 'submit'],
    ['/saved', 'saved'],
    ['/my-bookings', 'my-bookings'],
    ['/messages', 'messages'],
    ['/create-hunter-profile', 'create-hunter-profile'],
    ['/hunter-dashboard', 'hunter-dashboard'],
    ['/edit-profile', 'edit-profile'],
    ['/unsubscribe', 'unsubscribe'],
    ['/account-deleted', 'account-deleted'],
  ])('%s opens %s', (path, id) => {
    expect(pageFor(path).id).toBe(id);
  });

  it('ignores letter case', () => {
    expect(pageFor('/BRANDS').id).toBe('brands');
    expect(pageFor('/Edit-Profile').id).toBe('edit-profile');
    expect(pageFor('/Brand/12/Some-Slug').id).toBe('brand');
  });

  it('accepts one trailing slash', () => {
    expect(pageFor('/today/').id).toBe('today');
    expect(pageFor('/SAVED/').id).toBe('saved');
    expect(pageFor('/brand/12/').id).toBe('brand');
  });

  it('names the parameters, with the brand slug optional', () => {
    expect(pageFor('/brand/12')).toEqual({ id: 'brand', params: { id: '12', slug: undefined } });
    expect(pageFor('/brand/12/maison-rose')).toEqual({ id: 'brand', params: { id: '12', slug: 'maison-rose' } });
    expect(pageFor('/book-session/7')).toMatchObject({ id: 'book-session', params: { hunterId: '7' } });
    expect(pageFor('/hunters/7')).toEqual({ id: 'hunter', params: { id: '7', slug: undefined } });
    expect(pageFor('/hunters/7/sofia-marin')).toEqual({ id: 'hunter', params: { id: '7', slug: 'sofia-marin' } });
    expect(pageFor('/Payment/7/')).toMatchObject({ id: 'payment', params: { hunterId: '7' } });
  });

  it('sends every other path to the not-found page', () => {
    for (const path of ['/nope', '/brand', '/brand/1/slug/extra', '/brands/extra', '/book-session', '/api-docs']) {
      expect(pageFor(path).id, path).toBe('not-found');
    }
  });
});

describe('pages', () => {
  it("shows 'Page Not Found' for an unknown path", async () => {
    stubFetch(signedOut);
    renderRoute('/Does/Not/Exist');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('opens a deep link in another case, with a trailing slash, as its page', async () => {
    stubFetch(signedOut);
    renderRoute('/FAQ/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it("shows 'Sign In' in the header when the current-user call fails outright", async () => {
    stubFetch({});
    renderRoute('/');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('asks a guest on /saved to sign in and never renders the page', async () => {
    stubFetch(signedOut);
    renderRoute('/Saved/');
    expect(await screen.findByRole('heading', { name: 'Please sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Brands' }).getAttribute('href')).toBe('/brands');
    expect(screen.queryByRole('heading', { name: 'Saved Brands' })).toBeNull();
  });

  it('tells a guest on /submit why they must sign in', async () => {
    stubFetch(signedOut);
    renderRoute('/submit');
    expect(await screen.findByText('You need to be signed in to submit a brand.')).toBeTruthy();
  });

  it('greets a signed-in user in the header and opens their profile form', async () => {
    stubFetch(signedIn);
    renderRoute('/edit-profile/');
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Ada')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages');
    expect(within(header).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(((await screen.findByLabelText('Last Name')) as HTMLInputElement).value).toBe('Lovelace');
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Email address cannot be changed')).toBeTruthy();
    expect(screen.getByLabelText('Change photo')).toBeTruthy();
  });
});

describe('guest redirects', () => {
  it.each([
    ['/my-bookings', 'Unauthorized - You are logged out. Logging in again...', 500],
    ['/messages?conversation=4', 'Unauthorized - You are logged out. Logging in again...', 500],
    ['/hunter-dashboard', 'Authentication Required', 1000],
    ['/create-hunter-profile', 'Authentication Required', 1000],
  ])('%s explains, then sends the guest to /api/login', async (path, title, delayMs) => {
    // The page's delay on the test's clock, moved on once the explanation is shown rather than waited for.
    useTestClock();
    stubFetch(signedOut);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderRoute(path);
    await findOnTestClock(() => screen.getByRole('heading', { name: title }));
    // Its timer was set when the explanation was drawn, within the test clock's last millisecond.
    await act(() => vi.advanceTimersByTimeAsync(delayMs - 2));
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2));
    expect(assign).toHaveBeenCalledWith('/api/login');
  });
});

describe('the pages the gateway knows', () => {
  /** Every path pattern of the table; an index route is its parent's path. */
  function patterns(list: RouteObject[], parent = '/'): string[] {
    return list.flatMap((route) => {
      const own = route.index ? parent : (route.path ?? parent);
      return route.children ? patterns(route.children, own) : [own];
    });
  }

  it("are exactly the router's routes, so a path the SPA shows 'Page Not Found' for is the gateway's 404", () => {
    const routed = patterns(routes).filter((path) => path !== '*');
    expect(new Set(routed)).toEqual(new Set(Object.values(PAGE_PATHS)));
  });
});
