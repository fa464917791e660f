import {
  DEFAULT_SESSION_TYPES,
  REPORT_REASON_LABELS,
  PAYOUT_MESSAGES,
  type HunterReview,
  type PublicHunterReview,
  type HunterReviewPage,
  type MyHunterReviews,
} from '@hunted/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aHunter, aSlotsResponse, signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { REPORT_THANKS } from '@/components/report/report-dialog';

const sofia = aHunter({
  id: 7,
  name: 'Sofia Marin',
  location: 'London, UK',
  rating: 4.26,
  reviewCount: 12,
  bio: 'Twenty years in luxury retail.',
  specialties: ['Luxury Fashion', 'Fine Jewelry'],
  adviceTypes: ['Personal Shopping', 'Wardrobe Edit'],
  languages: ['English', 'French'],
  yearsExperience: 8,
  takesPaidBookings: false,
  sessionTypes: {
    ...DEFAULT_SESSION_TYPES,
    askQuestion: { enabled: true, price: 0, duration: 15 },
  },
});

function aReview(id: number, overrides: Partial<PublicHunterReview> = {}): PublicHunterReview {
  return {
    id,
    hunterId: 7,
    rating: 5,
    text: `Review number ${id}, really helpful.`,
    reviewerName: `Client ${id}`,
    sessionType: 'whatsappVideo',
    sessionMonth: 'November 2026',
    createdAt: '2026-11-02T10:00:00.000Z',
    reply: null,
    ...overrides,
  };
}

/** The member's own review as `/mine` answers it: the public one with its booking and the session's time. */
function anOwnReview(id: number): HunterReview {
  const { sessionMonth: _sessionMonth, ...shown } = aReview(id);
  return { ...shown, bookingId: `b${id}`, sessionStartsAt: '2026-11-01T10:00:00.000Z' };
}

const reviewPage = (reviews: PublicHunterReview[], total: number): HunterReviewPage => ({
  reviews,
  total,
  rating: 4.26,
  earlier: [],
  earlierTotal: 0,
});

function answers(auth: typeof signedIn | typeof signedOut) {
  return {
    ...auth,
    'GET /api/hunters/7': () => json(200, sofia),
    // The first type bookable now: Sofia's paid types wait for her payouts, so her free question's times show.
    'GET /api/hunters/7/slots?from=2026-07-05&to=2026-07-13&sessionType=askQuestion': () =>
      json(
        200,
        aSlotsResponse(7, 'askQuestion', '2026-07-06', {
          '2026-07-07': ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15'],
          '2026-07-09': ['14:00'],
        }),
      ),
    'GET /api/hunters/7/reviews?limit=10&offset=0': () =>
      json(
        200,
        reviewPage(
          [
            aReview(12, { reply: { text: 'Thank you so much!', createdAt: '2026-11-03T10:00:00.000Z' } }),
            ...Array.from({ length: 9 }, (_, index) => aReview(11 - index)),
          ],
          11,
        ),
      ),
    'GET /api/hunters/7/reviews?limit=10&offset=10': () => json(200, reviewPage([aReview(1)], 11)),
  };
}

/** The signed-in member's own reviews of hunters: none unless a test says so. */
function mine(reviews: Partial<MyHunterReviews> = {}) {
  return { 'GET /api/hunter-reviews/mine': () => json(200, { written: [], received: [], ...reviews }) };
}

const reportsSent = (calls: RecordedCall[], reviewId: number) =>
  calls
    .filter((call) => call.init.method === 'POST' && call.url === `/api/reports/hunter-review/${reviewId}`)
    .map((call) => JSON.parse(String(call.init.body)) as unknown);

afterEach(() => vi.useRealTimers());

function today(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('/hunters/{id}/{slug}', () => {
  it('shows a guest the whole profile, the week’s open times, the reviews with replies, and sends them to sign in and back here', async () => {
    today('2026-07-06T08:00:00Z');
    const calls = stubFetch(answers(signedOut));
    renderRoute('/hunters/7/sofia-marin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofia Marin' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Verified hunter' })).toBeTruthy();
    // 4.26 is drawn as four and a half stars.
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5' }).length).toBeGreaterThan(0);
    expect(screen.getByText('(12 reviews)')).toBeTruthy();
    expect(screen.getByText('London, UK')).toBeTruthy();
    expect(screen.getByText(/8 years experience/)).toBeTruthy();
    expect(screen.getByText('Twenty years in luxury retail.')).toBeTruthy();
    for (const chip of ['Luxury Fashion', 'Fine Jewelry', 'Personal Shopping', 'Wardrobe Edit', 'French']) {
      expect(screen.getByText(chip)).toBeTruthy();
    }

    const sessions = screen.getByRole('region', { name: 'Sessions' });
    const rows = within(sessions).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      `WhatsApp Voice Message 30 min£50${PAYOUT_MESSAGES.notTakingPaid}`,
      `WhatsApp Video Call 60 min£80${PAYOUT_MESSAGES.notTakingPaid}`,
      'Ask Me a Question 15 minFree',
    ]);

    const login = '/api/login?returnTo=%2Fhunters%2F7%2Fsofia-marin';
    expect(screen.getByRole('link', { name: 'Book a session' }).getAttribute('href')).toBe(login);

    const times = await screen.findByRole('list', { name: 'Open times on Tue 7 Jul' });
    // A few a day, and how many more there are.
    expect(within(times).getAllByRole('link')).toHaveLength(4);
    expect(times.textContent).toContain('+2 more');
    expect(within(times).getByRole('link', { name: 'Book Tue 7 Jul at 09:00' }).getAttribute('href')).toBe(login);
    expect(screen.getByRole('list', { name: 'Open times on Thu 9 Jul' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Open times on Wed 8 Jul' })).toBeNull();
    expect(calls.some((call) => call.url.includes('sessionType=whatsappVoice'))).toBe(false);

    const reviews = await screen.findByRole('list', { name: 'Reviews of Sofia Marin' });
    const items = within(reviews).getAllByRole('article');
    expect(items).toHaveLength(10);
    expect(items[0]!.textContent).toContain('Review number 12, really helpful.');
    expect(items[0]!.textContent).toContain('Reply from Sofia Marin');
    expect(items[0]!.textContent).toContain('Thank you so much!');
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(within(reviews).getAllByRole('article')).toHaveLength(11));
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    // A guest is offered 'Report' (and asked to sign in on clicking it); the page does not ask for a member's own reviews.
    expect(within(reviews).getAllByRole('button', { name: /^Report review by/ })).toHaveLength(11);
    expect(calls.some((call) => call.url === '/api/hunter-reviews/mine')).toBe(false);
  });

  it('takes a member straight to the booking page, and puts the right slug in the address', async () => {
    today('2026-07-06T08:00:00Z');
    stubFetch({ ...answers(signedIn), ...mine() });
    const router = renderRoute('/hunters/7/old-name');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofia Marin' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/hunters/7/sofia-marin'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Book a session' }).getAttribute('href')).toBe('/book-session/7'),
    );
    expect(
      (await screen.findByRole('link', { name: 'Book Tue 7 Jul at 09:00' })).getAttribute('href'),
    ).toBe('/book-session/7');
  });

  it('lets a member report a review with a reason, and thanks them', async () => {
    today('2026-07-06T08:00:00Z');
    const calls = stubFetch({
      ...answers(signedIn),
      ...mine(),
      'POST /api/reports/hunter-review/12': () => json(201, { kind: 'hunter-review', itemId: 12, reported: true }),
    });
    renderRoute('/hunters/7/sofia-marin');
    const reviews = await screen.findByRole('list', { name: 'Reviews of Sofia Marin' });
    await waitFor(() => expect(within(reviews).getAllByRole('button', { name: /^Report review by/ })).toHaveLength(10));

    fireEvent.click(within(reviews).getByRole('button', { name: 'Report review by Client 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review of a hunter' });
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.misleading }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(REPORT_THANKS)).toBeTruthy();
    expect(reportsSent(calls, 12)).toEqual([{ reason: 'misleading' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = within(reviews).getByRole('article', { name: 'Review by Client 12' });
    expect(card.textContent).toContain('Reported');
    expect(within(card).queryByRole('button', { name: /^Report/ })).toBeNull();
    // The other reviews can still be reported.
    expect(within(reviews).getByRole('button', { name: 'Report review by Client 11' })).toBeTruthy();
  });

  it('offers no Report on a review to its author, nor on any review to the reviewed hunter', async () => {
    today('2026-07-06T08:00:00Z');
    stubFetch({ ...answers(signedIn), ...mine({ written: [anOwnReview(12)] }) });
    renderRoute('/hunters/7/sofia-marin');
    const reviews = await screen.findByRole('list', { name: 'Reviews of Sofia Marin' });
    await waitFor(() => expect(within(reviews).getAllByRole('button', { name: /^Report review by/ })).toHaveLength(9));
    expect(within(reviews).queryByRole('button', { name: 'Report review by Client 12' })).toBeNull();
    cleanup();

    // Sofia herself, on her own page: she answers reviews with a reply (on her dashboard), never a report.
    const calls = stubFetch({ ...answers(signedIn), ...mine({ received: [anOwnReview(12), anOwnReview(11)] }) });
    renderRoute('/hunters/7/sofia-marin');
    const own = await screen.findByRole('list', { name: 'Reviews of Sofia Marin' });
    expect(within(own).getAllByRole('article')).toHaveLength(10);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/hunter-reviews/mine')).toBe(true));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Book a session' }).getAttribute('href')).toBe('/book-session/7'));
    expect(screen.queryByRole('button', { name: /^Report review/ })).toBeNull();
  });

  it("shows 'New' and 'No reviews yet' for a hunter without reviews", async () => {
    today('2026-07-06T08:00:00Z');
    stubFetch({
      ...answers(signedOut),
      'GET /api/hunters/7': () => json(200, { ...sofia, rating: null, reviewCount: 0 }),
      'GET /api/hunters/7/reviews?limit=10&offset=0': () => json(200, { reviews: [], total: 0, rating: null }),
    });
    renderRoute('/hunters/7/sofia-marin');
    expect(await screen.findByText('New')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });

  it("says 'Hunter not found' for a missing or unapproved hunter, and for an id that cannot be one", async () => {
    stubFetch({ ...signedOut, 'GET /api/hunters/404': () => json(404, { message: 'Hunter not found' }) });
    renderRoute('/hunters/404/someone');
    expect(await screen.findByRole('heading', { name: 'Hunter not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Hunters' }).getAttribute('href')).toBe('/book-a-hunter');
  });

  it("says 'Hunter not found' for an id that cannot be one, without asking", async () => {
    const calls = stubFetch({ ...signedOut });
    renderRoute('/hunters/abc');
    expect(await screen.findByRole('heading', { name: 'Hunter not found' })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/hunters'))).toBe(false);
  });
});
