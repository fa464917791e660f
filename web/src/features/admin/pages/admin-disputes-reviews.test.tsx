import { HUNTER_REVIEW_MESSAGES, type AdminBookingDispute, type AdminHunterReview } from '@hunted/contracts';
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

const reported: AdminHunterReview = {
  id: 31,
  hunterId: 7,
  bookingId: 'bk-2',
  rating: 1,
  text: 'Call me on 07700 900123 instead, this hunter is rubbish.',
  reviewerName: 'Bob S.',
  sessionType: 'askQuestion',
  sessionStartsAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-21T10:00:00.000Z',
  reply: null,
  clientUserId: 'u9',
  qualifies: true,
  hidden: null,
  reports: [{ reason: 'Contains a phone number', reportedAt: '2026-11-22T10:00:00.000Z' }],
};

describe('/admin, Hunter reviews tab', () => {
  it('shows reported reviews with their reports, hides one only with a reason, and unhides', async () => {
    const hidden: AdminHunterReview = {
      ...reported,
      hidden: { reason: 'Personal details', hiddenAt: '2026-11-23T10:00:00.000Z', hiddenBy: 'admin1' },
    };
    const calls = stubFetch({
      ...asAdmin,
      'GET /api/admin/hunter-reviews?status=reported&limit=20&offset=0': () => page([reported], 1),
      'GET /api/admin/hunter-reviews?status=hidden&limit=20&offset=0': () => page([hidden], 1),
      'POST /api/admin/hunter-reviews/31/hide': () => json(200, hidden),
      'POST /api/admin/hunter-reviews/31/unhide': () => json(200, reported),
      'GET /api/admin/hunters/7': () => json(200, anAdminHunter({ id: 7, name: 'Sofia Marin', status: 'approved' })),
    });
    renderRoute('/admin');
    await openTab('Hunter reviews');
    const item = await screen.findByRole('listitem', { name: 'Review by Bob S.' });
    expect(item.textContent).toContain('1 report');
    await waitFor(() => expect(item.textContent).toContain('on Sofia Marin'));
    expect(within(item).getByRole('list', { name: 'Reports on the review by Bob S.' }).textContent).toContain(
      'Contains a phone number',
    );

    fireEvent.click(within(item).getByRole('button', { name: 'Hide review by Bob S.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide review by Bob S.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(HUNTER_REVIEW_MESSAGES.reasonRequired);
    expect(posted(calls, '/api/admin/hunter-reviews/31/hide')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Personal details' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(posted(calls, '/api/admin/hunter-reviews/31/hide')[0]))).toEqual({
      reason: 'Personal details',
    });

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'hidden' } });
    const hiddenItem = await screen.findByRole('listitem', { name: 'Review by Bob S.' });
    await waitFor(() => expect(hiddenItem.textContent).toContain('Personal details'));
    fireEvent.click(within(hiddenItem).getByRole('button', { name: 'Unhide review by Bob S.' }));
    await waitFor(() => expect(posted(calls, '/api/admin/hunter-reviews/31/unhide')).toHaveLength(1));
  });
});

describe('/admin, Hunter reviews tab, earlier reviews (decision 0090)', () => {
  it('flags a review that does not count in the rating, and no other', async () => {
    const earlier: AdminHunterReview = { ...reported, id: 32, reviewerName: 'Cat E.', qualifies: false, reports: [] };
    const undecided: AdminHunterReview = { ...reported, id: 33, reviewerName: 'Dan U.', qualifies: null, reports: [] };
    stubFetch({
      ...asAdmin,
      'GET /api/admin/hunter-reviews?status=reported&limit=20&offset=0': () => page([reported, earlier, undecided], 3),
      'GET /api/admin/hunters/7': () => json(200, anAdminHunter({ id: 7, name: 'Sofia Marin', status: 'approved' })),
    });
    renderRoute('/admin');
    await openTab('Hunter reviews');
    const counted = await screen.findByRole('listitem', { name: 'Review by Bob S.' });
    expect(counted.textContent).not.toContain('Not counted in the rating');
    const flagged = screen.getByRole('listitem', { name: 'Review by Cat E.' });
    expect(within(flagged).getByText('Not counted in the rating').getAttribute('title')).toContain('did not mark held');
    const waiting = screen.getByRole('listitem', { name: 'Review by Dan U.' });
    expect(within(waiting).getByText('Not counted in the rating').getAttribute('title')).toContain('waiting for bookings');
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
