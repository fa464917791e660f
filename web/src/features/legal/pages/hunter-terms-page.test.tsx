import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { legalPageCalls } from '../testing';

describe('/hunter-terms', () => {
  it('shows the hunter terms: vetting, the fee in each currency, Stripe Connect payouts, suspension', async () => {
    stubFetch(legalPageCalls);
    renderRoute('/hunter-terms');
    await screen.findByRole('heading', { level: 1, name: 'Hunter Terms' });
    await waitFor(() => expect(document.title).toBe('Hunter Terms · Hunted'));
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 7 December 2026');
    expect(await screen.findByText(/between you, as a style hunter, and Hunted Test Ltd/)).toBeTruthy();

    expect(
      within(screen.getByRole('region', { name: '2. Vetting' })).getByText(/checked by our team before it appears/),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: '3. Fees' })).getByText(
        /a fixed amount in the currency you price in \(£2, €2, SEK\s25, DKK\s15, NOK\s25, CHF\s2, PLN\s10\), never more than the price/,
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '4. Payouts' })).getByText(/through Stripe Connect/)).toBeTruthy();
    expect(screen.getByRole('region', { name: '6. Conduct' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: '7. Suspension and removal' })).getByText(
        /we may suspend your profile/,
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: '1. About these terms' }))
        .getByRole('link', { name: 'Terms of Service' })
        .getAttribute('href'),
    ).toBe('/terms');
  });
});
