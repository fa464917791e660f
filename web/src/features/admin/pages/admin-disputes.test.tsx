import type { AdminBookingDispute } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, anAdminHunter, page } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { RESOLVE_MESSAGES } from '../components/disputes/resolve-dispute-dialog';

const asAdmin = {
  'GET /api/auth/user': () => json(200, admin),
  'GET /api/admin/brands': () => json(200, []),
};
const openTab = async (name: string) => fireEvent.mouseDown(await screen.findByRole('tab', { name }), { button: 0 });
const posted = (calls: ReturnType<typeof stubFetch>, url: string) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === url).map((call) => call.init.body);

const dispute: AdminBookingDispute = {
  bookingId: 'bk-1',
  hunterId: 7,
  hunterName: 'Sofia Marin',
  clientName: 'Ada Lovelace',
  sessionType: 'whatsappVideo',
  startsAt: '2026-12-01T10:00:00.000Z',
  pricePence: 8000,
  currency: 'GBP',
  dispute: {
    status: 'open',
    reason: 'I waited on WhatsApp for 20 minutes.',
    openedAt: '2026-12-01T13:00:00.000Z',
    resolvedAt: null,
    resolutionNote: null,
  },
};

describe('/admin, Disputes tab', () => {
  it('lists open disputes with the booking facts and resolves one only with a decision and a note', async () => {
    let resolved = false;
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/booking-disputes?status=open&limit=20&offset=0': () =>
        page(resolved ? [] : [dispute], resolved ? 0 : 1),
      'GET /api/admin/booking-disputes?status=all&limit=20&offset=0': () =>
        page([{ ...dispute, dispute: { ...dispute.dispute, status: 'refunded', resolutionNote: 'Refunded.' } }], 1),
      'POST /api/admin/booking-disputes/bk-1/resolve': () => {
        resolved = true;
        return json(200, { ...dispute, dispute: { ...dispute.dispute, status: 'refunded' } });
      },
    });
    renderRoute('/admin');
    await openTab('Disputes');
    const card = await screen.findByRole('listitem', { name: 'Dispute by Ada Lovelace' });
    expect(card.textContent).toContain('Sofia Marin');
    expect(card.textContent).toContain('WhatsApp Video Call');
    expect(card.textContent).toContain('£80.00');
    expect(card.textContent).toContain('1 Dec 2026, 10:00');
    expect(card.textContent).toContain('I waited on WhatsApp for 20 minutes.');

    fireEvent.click(within(card).getByRole('button', { name: 'Resolve dispute by Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve dispute: Ada Lovelace and Sofia Marin' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual([RESOLVE_MESSAGES.resolution, RESOLVE_MESSAGES.note]);
    expect(posted(calls, '/api/admin/booking-disputes/bk-1/resolve')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Refund the client/ }));
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'Chat shows the hunter never called.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Client refunded')).toBeTruthy();
    expect(JSON.parse(String(posted(calls, '/api/admin/booking-disputes/bk-1/resolve')[0]))).toEqual({
      resolution: 'refund',
      note: 'Chat shows the hunter never called.',
    });
    expect(await screen.findByText('No open disputes.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    const settled = await screen.findByRole('listitem', { name: 'Dispute by Ada Lovelace' });
    expect(settled.textContent).toContain('Refunded');
    expect(within(settled).queryByRole('button', { name: /Resolve/ })).toBeNull();
  });
});

describe('/admin, Hunters tab, featured', () => {
  it('features an approved hunter and offers no switch for one not approved', async () => {
    const sofia = anAdminHunter({ id: 7, name: 'Sofia Marin', status: 'approved', featured: false });
    const leo = anAdminHunter({ id: 8, name: 'Leo Park', status: 'pending' });
    let featured = false;
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/hunters?status=pending&limit=20&offset=0': () => page([], 0),
      'GET /api/admin/hunters?revision=pending&limit=20&offset=0': () => page([], 0),
      'GET /api/admin/hunters?limit=20&offset=0': () => page([{ ...sofia, featured }, leo], 2),
      'POST /api/admin/hunters/7/feature': () => {
        featured = true;
        return json(200, { ...sofia, featured: true });
      },
    });
    renderRoute('/admin');
    await openTab('Hunters');
    fireEvent.click(await screen.findByRole('button', { name: 'All hunters' }));
    const row = await screen.findByRole('listitem', { name: 'Sofia Marin' });
    const toggle = within(row).getByRole('switch', { name: 'Feature Sofia Marin in top picks' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(within(screen.getByRole('listitem', { name: 'Leo Park' })).queryByRole('switch')).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByText('Hunter featured')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(row).getByRole('switch', { name: 'Feature Sofia Marin in top picks' }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
    expect(JSON.parse(String(posted(calls, '/api/admin/hunters/7/feature')[0]))).toEqual({ featured: true });
  });
});
