import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
