import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { member } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

describe('the header', () => {
  it("opens the phone menu's links and closes it with Escape or a choice", async () => {
    stubFetch({ 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }), 'GET /api/brands/today?limit=24': () => json(200, []) });
    const router = renderRoute('/faq');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('mobile-nav')!;
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Today', 'Brands', 'Book a Hunter', 'Become a Hunter']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.getElementById('mobile-nav')).toBeNull();
    fireEvent.click(toggle);
    fireEvent.click(within(document.getElementById('mobile-nav')!).getByRole('link', { name: 'Brands' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands'));
    expect(document.getElementById('mobile-nav')).toBeNull();
  });

  it("loads the member's menu once signed in, in a button of the same look", async () => {
    stubFetch({ 'GET /api/auth/user': () => json(200, member), 'GET /api/conversations/unread-count': () => json(200, { messages: 0, conversations: 0 }) });
    renderRoute('/faq');
    const banner = await screen.findByRole('banner');
    const button = await within(banner).findByRole('button', { name: 'Ada' });
    await waitFor(() => expect(within(banner).getByRole('button', { name: 'Ada' }).hasAttribute('disabled')).toBe(false));
    expect(button).toBeTruthy();
  });

  it("shows the member's photo, and a menu naming them that opens Edit Profile or signs them out", async () => {
    stubFetch({
      'GET /api/auth/user': () => json(200, { ...member, profileImageUrl: '/api/auth/avatars/a1' }),
      'GET /api/conversations/unread-count': () => json(200, { messages: 0, conversations: 0 }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const router = renderRoute('/faq');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(within(banner).getByRole('button', { name: 'Ada' }).hasAttribute('disabled')).toBe(false));
    expect(banner.querySelector('img')?.getAttribute('src')).toBe('/api/auth/avatars/a1');

    const openMenu = async () => {
      fireEvent.keyDown(within(banner).getByRole('button', { name: 'Ada' }), { key: 'Enter' });
      return screen.findByRole('menu');
    };
    const menu = await openMenu();
    expect(within(menu).getByText('Ada')).toBeTruthy();
    expect(within(menu).getByText('Member')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Edit Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-profile'));

    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Sign Out' }));
    expect(assign).toHaveBeenCalledWith('/api/logout');
  });
});
