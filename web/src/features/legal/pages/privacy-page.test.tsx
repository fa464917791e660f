import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { legalPageCalls } from '../testing';

describe('/privacy', () => {
  it('names the operator, what is held and for how long, the processors and how to use each right', async () => {
    stubFetch(legalPageCalls);
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' });
    await waitFor(() => expect(document.title).toBe('Privacy Notice · Hunted'));
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 6 December 2026');
    expect(await screen.findByText(/Hunted is run by Hunted Test Ltd, the controller/)).toBeTruthy();

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(table).getByText(/The IP address of a vote is deleted after 30 days/)).toBeTruthy();
    expect(within(table).getByText(/six years after the end of their UK tax year/)).toBeTruthy();
    expect(within(table).getByText(/deleted after 90 days/)).toBeTruthy();

    const processors = screen.getByRole('region', { name: '3. Who else handles your data' });
    for (const name of ['Stripe', 'Our email provider', 'Our hosting provider'])
      expect(within(processors).getByText(name)).toBeTruthy();

    const rights = screen.getByRole('region', { name: '4. Your rights and how to use them' });
    expect(within(rights).getByRole('link', { name: 'Your data section of your profile' }).getAttribute('href')).toBe(
      '/edit-profile#your-data',
    );
    expect(within(rights).getByRole('link', { name: 'Email preferences' }).getAttribute('href')).toBe(
      '/edit-profile#email-preferences',
    );
    expect(within(rights).getByText(/Information Commissioner/)).toBeTruthy();
    for (const right of ['access', 'erasure', 'object'])
      expect(within(rights).getAllByText(right).length).toBeGreaterThan(0);
  });
});
