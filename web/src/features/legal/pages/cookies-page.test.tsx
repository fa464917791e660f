import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { legalPageCalls } from '../testing';

describe('/cookies', () => {
  it('lists each cookie with its purpose and lifetime, and says why there is no banner', async () => {
    stubFetch(legalPageCalls);
    renderRoute('/cookies');
    await screen.findByRole('heading', { level: 1, name: 'Cookie Notice' });
    await waitFor(() => expect(document.title).toBe('Cookie Notice · Hunted'));
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 3 December 2026');
    expect(await screen.findByText('Hunted Test Ltd')).toBeTruthy();

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('__Host-hunted.sid (hunted.sid in development)');
    expect(rows[1]!.textContent).toContain('Keeps you signed in');
    expect(rows[1]!.textContent).toContain('7 days from when you sign in, or until you sign out');
    expect(rows[2]!.textContent).toContain('__stripe_mid, __stripe_sid');

    expect(screen.getByText(/you will not see a cookie banner/)).toBeTruthy();
    expect(screen.getByText(/we will ask for your consent with a banner before setting it/)).toBeTruthy();
  });
});
