import type { HunterEarnings, PayoutAccount } from '@hunted/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RETURN_POLL_MS } from '@/features/bookings/api/get-payout-account';
import { taxYearAt } from '@/features/bookings/lib/tax-year';
import { anOwnHunter, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { findOnTestClock, useTestClock } from '@/testing/test-clock';
import { renderRoute } from '@/testing/test-utils';

const thisTaxYear = taxYearAt(Date.now());
const sofia = anOwnHunter({ id: 7, name: 'Sofia Marin', createdAt: `${thisTaxYear - 1}-05-01T10:00:00.000Z` });

const earnings: HunterEarnings = {
  taxYear: thisTaxYear,
  from: `${thisTaxYear}-04-06`,
  to: `${thisTaxYear + 1}-04-05`,
  currency: 'GBP',
  totals: { grossPence: 17000, feePence: 400, refundedPence: 8000, netPence: 8800 },
  totalsByCurrency: [{ currency: 'GBP', grossPence: 17000, feePence: 400, refundedPence: 8000, netPence: 8800 }],
  bookings: [
    {
      bookingId: 'b1',
      clientName: 'Ada Lovelace',
      sessionType: 'whatsappVideo',
      startsAt: `${thisTaxYear}-06-01T10:00:00.000Z`,
      status: 'completed',
      currency: 'GBP',
      grossPence: 9000,
      feePence: 200,
      refundedPence: 0,
      netPence: 8800,
    },
    {
      bookingId: 'b2',
      clientName: 'Grace Hopper',
      sessionType: 'whatsappVoice',
      startsAt: `${thisTaxYear}-07-01T10:00:00.000Z`,
      status: 'cancelled',
      currency: 'GBP',
      grossPence: 8000,
      feePence: 200,
      refundedPence: 8000,
      netPence: 0,
    },
  ],
  payouts: [
    {
      id: 'po_1',
      amountPence: 8800,
      currency: 'GBP',
      status: 'paid',
      arrivalDate: `${thisTaxYear}-06-04`,
      createdAt: `${thisTaxYear}-06-02T00:00:00Z`,
    },
  ],
};

const account = (overrides: Partial<PayoutAccount> = {}): PayoutAccount => ({
  mode: 'stripe',
  connected: false,
  accountId: null,
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  country: 'GB',
  countryName: 'the United Kingdom',
  payoutsAvailable: true,
  requirementsDue: [],
  disabledReason: null,
  updatedAt: null,
  ...overrides,
});

function dashboard(payoutAccount: () => Response, extra: Record<string, () => Response> = {}) {
  return stubFetch({
    ...signedIn,
    'GET /api/hunter-profile': () => json(200, sofia),
    'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, []),
    'GET /api/hunter-conversations': () => json(200, []),
    [`GET /api/hunter-earnings?taxYear=${thisTaxYear}`]: () => json(200, earnings),
    [`GET /api/hunter-earnings?taxYear=${thisTaxYear - 1}`]: () =>
      json(200, {
        ...earnings,
        taxYear: thisTaxYear - 1,
        bookings: [],
        payouts: [],
        totals: { grossPence: 0, feePence: 0, refundedPence: 0, netPence: 0 },
      }),
    'GET /api/hunter-payouts/account': payoutAccount,
    ...extra,
  });
}

const short = (next: number) => String(next % 100).padStart(2, '0');

describe('/hunter-dashboard?tab=earnings', () => {
  it("shows the tax year's gross, fees and net, each booking, the payouts and the year's CSV", async () => {
    const calls = dashboard(() =>
      json(200, account({ connected: true, accountId: 'acct_1', payoutsEnabled: true, chargesEnabled: true })),
    );
    renderRoute('/hunter-dashboard?tab=earnings');

    const totals = await screen.findByRole('group', { name: 'Earnings totals' });
    expect(within(totals).getByText('Gross').parentElement!.textContent).toContain('£170.00');
    expect(within(totals).getByText('Fees').parentElement!.textContent).toContain('£4.00');
    expect(within(totals).getByText('Net').parentElement!.textContent).toContain('£88.00');

    const table = screen.getByRole('table');
    const ada = within(table).getByText('Ada Lovelace').closest('tr')!;
    expect(ada.textContent).toContain('WhatsApp Video Call');
    expect(ada.textContent).toContain('£90.00');
    expect(ada.textContent).toContain('−£2.00');
    const grace = within(table).getByText('Grace Hopper').closest('tr')!;
    expect(grace.textContent).toContain('−£80.00');
    expect(grace.textContent).toContain('Cancelled');

    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(payouts.textContent).toContain('£88.00');
    expect(within(payouts).getByText('Paid')).toBeTruthy();

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe(`/api/hunter-earnings/export.csv?taxYear=${thisTaxYear}`);

    // Another tax year: its label, its figures and its CSV.
    const year = screen.getByLabelText('Tax year');
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`${thisTaxYear}–${short(thisTaxYear + 1)}`, `${thisTaxYear - 1}–${short(thisTaxYear)}`]);
    fireEvent.change(year, { target: { value: String(thisTaxYear - 1) } });
    expect(await screen.findByText('No paid bookings in this tax year.')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Payouts' })).getByText('No payouts in this tax year yet.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(csv.getAttribute('href')).toBe(`/api/hunter-earnings/export.csv?taxYear=${thisTaxYear - 1}`);
    expect(calls.some((call) => call.url === `/api/hunter-earnings?taxYear=${thisTaxYear - 1}`)).toBe(true);

    expect(screen.getByRole('heading', { name: 'Payouts enabled' })).toBeTruthy();
  });

  it("opens Stripe's onboarding from 'Get paid' when no account is connected", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = dashboard(() => json(200, account()), {
      'POST /api/hunter-payouts/onboarding': () =>
        json(201, { url: 'https://connect.stripe.com/setup/e/acct_1/abc', expiresAt: '2026-11-26T18:00:00Z' }),
    });
    renderRoute('/hunter-dashboard?tab=earnings');
    fireEvent.click(await screen.findByRole('button', { name: 'Get paid' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'));
    expect(calls.filter((call) => call.url === '/api/hunter-payouts/onboarding')).toHaveLength(1);
  });

  it("names the account's country before 'Get paid', and says where payouts are not yet available", async () => {
    dashboard(() => json(200, account({ country: 'ES', countryName: 'Spain' })));
    renderRoute('/hunter-dashboard?tab=earnings');
    expect(await screen.findByText(/Your account is created in Spain/)).toBeTruthy();
    cleanup();
    dashboard(() => json(200, account({ country: null, countryName: 'Greece', payoutsAvailable: false })));
    renderRoute('/hunter-dashboard?tab=earnings');
    expect(await screen.findByText('Payouts are not yet available in Greece.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get paid' })).toBeNull();
  });

  it("Stripe's refresh_url (an expired link) asks for a fresh link with a POST once and goes on to it", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = dashboard(() => json(200, account({ connected: true, accountId: 'acct_1' })), {
      'POST /api/hunter-payouts/refresh': () =>
        json(200, { url: 'https://connect.stripe.com/setup/e/acct_1/fresh', expiresAt: '2026-11-26T18:00:00Z' }),
    });
    const router = renderRoute('/hunter-dashboard?tab=earnings&payouts=refresh');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/fresh'));
    const refreshes = calls.filter((call) => call.url === '/api/hunter-payouts/refresh');
    expect(refreshes.map((call) => call.init.method)).toEqual(['POST']);
    expect(router.state.location.search).toBe('?tab=earnings');
  });

  it('lists what Stripe still needs, readably, with Finish setup', async () => {
    dashboard(() =>
      json(
        200,
        account({
          connected: true,
          accountId: 'acct_1',
          detailsSubmitted: true,
          requirementsDue: [
            'external_account',
            'individual.dob.day',
            'individual.dob.month',
            'individual.verification.document',
          ],
        }),
      ),
    );
    renderRoute('/hunter-dashboard?tab=earnings');
    const needs = await screen.findByRole('list', { name: 'Stripe still needs' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A bank account for your payouts', 'Your date of birth', 'A photo of your ID document']);
    expect(screen.getByRole('button', { name: 'Finish setup' })).toBeTruthy();
  });

  it('opens the Express dashboard through a fresh login link once payouts are enabled', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    dashboard(() => json(200, account({ connected: true, accountId: 'acct_1', payoutsEnabled: true })), {
      'POST /api/hunter-payouts/login-link': () => json(201, { url: 'https://connect.stripe.com/express/abc' }),
    });
    renderRoute('/hunter-dashboard?tab=earnings');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Stripe dashboard' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/express/abc'));
  });

  it('runs the simulated onboarding: Get paid lands on the simulated step, one click enables payouts', async () => {
    let enabled = false;
    const simulated = () =>
      account({
        mode: 'simulated',
        connected: enabled,
        accountId: enabled ? 'sim_acct_7' : null,
        payoutsEnabled: enabled,
        chargesEnabled: enabled,
        detailsSubmitted: enabled,
      });
    const calls = dashboard(() => json(200, simulated()), {
      'POST /api/hunter-payouts/onboarding': () =>
        json(201, { url: '/hunter-dashboard?tab=earnings&payouts=simulated', expiresAt: null }),
      'POST /api/hunter-payouts/simulated/enable': () => {
        enabled = true;
        return json(201, simulated());
      },
    });
    const router = renderRoute('/hunter-dashboard?tab=earnings');
    fireEvent.click(await screen.findByRole('button', { name: 'Get paid' }));

    const card = await screen.findByRole('region', { name: 'Simulated payout onboarding' });
    expect(card.textContent).toContain('no real money moves');
    expect(router.state.location.search).toBe('?tab=earnings&payouts=simulated');
    fireEvent.click(within(card).getByRole('button', { name: 'Enable simulated payouts' }));

    expect(await screen.findByRole('heading', { name: 'Payouts enabled' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=earnings'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Simulated payout onboarding' })).toBeNull());
    // Simulated: no Stripe dashboard to open.
    expect(screen.queryByRole('button', { name: 'Open Stripe dashboard' })).toBeNull();
    expect(calls.filter((call) => call.url === '/api/hunter-payouts/simulated/enable')).toHaveLength(1);
  });

  it("keeps reading the account after Stripe's return until the webhook has enabled payouts", async () => {
    let reads = 0;
    dashboard(() => {
      reads += 1;
      // The webhook lands after the hunter: the first reads still say 'not yet'.
      return json(
        200,
        account({ connected: true, accountId: 'acct_1', detailsSubmitted: true, payoutsEnabled: reads > 2 }),
      );
    });
    // The page reads again every RETURN_POLL_MS of the test's clock, moved on a read at a time, not waited for.
    useTestClock();
    const router = renderRoute('/hunter-dashboard?tab=earnings&payouts=return');
    await findOnTestClock(() => screen.getByRole('heading', { name: 'Finish setting up payouts' }));
    expect(reads).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(RETURN_POLL_MS));
    await findOnTestClock(() => expect(reads).toBe(2));
    expect(screen.getByRole('heading', { name: 'Finish setting up payouts' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(RETURN_POLL_MS));
    await findOnTestClock(() => screen.getByRole('heading', { name: 'Payouts enabled' }));
    expect(reads).toBe(3);
    expect(router.state.location.search).toBe('?tab=earnings');
  });
});
