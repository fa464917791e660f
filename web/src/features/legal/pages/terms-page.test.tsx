import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { legalPageCalls } from '../testing';

describe('/terms', () => {
  it('shows the terms with their version date, the operator and the cancellation rules', async () => {
    stubFetch(legalPageCalls);
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    await waitFor(() => expect(document.title).toBe('Terms of Service · Hunted'));
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated 3 December 2026');

    const operator = screen.getByRole('region', { name: 'Who runs Hunted' });
    expect(await within(operator).findByText('Hunted Test Ltd')).toBeTruthy();
    expect(within(operator).getByText('9 Loom Yard, Leeds LS1 4AP')).toBeTruthy();
    expect(within(operator).getByRole('link', { name: 'legal@hunted.test' }).getAttribute('href')).toBe(
      'mailto:legal@hunted.test',
    );
    expect(screen.getByText(/Hunted is run by Hunted Test Ltd/)).toBeTruthy();

    const cancellations = screen.getByRole('region', { name: '5. Cancellations and refunds' });
    expect(
      within(cancellations).getByText('You cancel 24 hours or more before the session:').parentElement?.textContent,
    ).toMatch(/you get a full refund/);
    expect(within(cancellations).getByText(/or do not attend:/).parentElement?.textContent).toMatch(
      /there is no refund/,
    );
    expect(within(cancellations).getByText('The hunter cancels, or does not show:').parentElement?.textContent).toMatch(
      /full refund, whenever it happens/,
    );
    const rightToCancel = screen.getByRole('region', { name: '6. Your 14-day right to cancel' });
    expect(within(rightToCancel).getByText(/14 days from the day you book/)).toBeTruthy();
    expect(within(rightToCancel).getByText(/Once the session has been held at your request/)).toBeTruthy();
    expect(screen.getByText(/law of England and Wales/)).toBeTruthy();
    expect(screen.getByRole('region', { name: '7. Reviews, comments and what you post' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '9. Complaints' })).toBeTruthy();

    const legal = screen.getByRole('navigation', { name: 'Legal documents' });
    expect(within(legal).getByRole('link', { name: 'Privacy Notice' }).getAttribute('href')).toBe('/privacy');
    expect(within(legal).getByText('Terms of Service').getAttribute('aria-current')).toBe('page');
  });

  it('still shows the terms when the operator details cannot be loaded', async () => {
    stubFetch({ ...legalPageCalls, 'GET /api/site': () => json(503, { message: 'Service Unavailable' }) });
    renderRoute('/terms');
    expect(await screen.findByText('Our contact details could not be loaded. Please reload the page.')).toBeTruthy();
    expect(screen.getByRole('region', { name: '5. Cancellations and refunds' })).toBeTruthy();
  });
});
