import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES, VETTING_MESSAGES, addDays, isoInstant, londonDateOf, londonInstant } from '@hunted/contracts';
import { aHunterBooking, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { averageRatingLabel } from './hunter-dashboard';
import { noEarnings, sofia, thisTaxYear, withProfile } from './hunter-dashboard.test-fixtures';

const DAY = 86_400_000;
const londonDay = (instant: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
/** A booking of Sofia's starting `daysFromNow` days from now, its London date and time derived from the instant. */
function sessionIn(daysFromNow: number, overrides: Parameters<typeof aHunterBooking>[0] = {}) {
  const startsAt = Date.now() + daysFromNow * DAY;
  return aHunterBooking({
    startsAt: new Date(startsAt).toISOString(),
    sessionDate: londonDay(startsAt),
    ...overrides,
  });
}
const statValue = (label: string) =>
  within(screen.getByRole('region', { name: 'Your figures' }))
    .getByText(label)
    .closest('div')!.parentElement!.textContent;

describe('/hunter-dashboard', () => {
  it('offers a member without a hunter profile to create one, instead of a made-up profile', async () => {
    stubFetch({ ...signedIn, 'GET /api/hunter-profile': () => json(404, { message: 'Hunter not found' }) });
    renderRoute('/hunter-dashboard');
    expect(await screen.findByRole('heading', { name: 'Create your hunter profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your hunter profile' }).getAttribute('href')).toBe(
      '/create-hunter-profile',
    );
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('welcomes the hunter, links back to /edit-profile and shows the figures it has', async () => {
    stubFetch(withProfile);
    renderRoute('/hunter-dashboard?tab=bookings');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sofia Marin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe('/edit-profile');
    expect(screen.getByRole('img', { name: "Sofia Marin's initials" })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Your figures' });
    expect(within(figures).getByText('Average Rating').closest('div')!.parentElement!.textContent).toContain('4.3');
    expect(within(figures).getByText('17 reviews')).toBeTruthy();
  });

  it('counts earnings from confirmed and completed bookings, and lists upcoming and recent sessions', async () => {
    const bookings = [
      sessionIn(3, {
        id: 'up-1',
        clientName: 'Ada Lovelace',
        totalAmount: 8000,
        // 10:00 on the hunter's own clock (London's, the tests' browser zone), three days on: the row shows the start.
        startsAt: isoInstant(londonInstant(addDays(londonDateOf(Date.now()), 3), '10:00')),
        sessionTime: '10:00',
        duration: 60,
      }),
      sessionIn(10, { id: 'up-2', clientName: 'Grace Hopper', sessionType: 'askQuestion', totalAmount: 2500 }),
      ...Array.from({ length: 6 }, (_, index) =>
        sessionIn(-(index + 1), {
          id: `past-${index}`,
          clientName: `Past Client ${index}`,
          status: 'completed',
          totalAmount: 1000,
        }),
      ),
      sessionIn(5, { id: 'gone', clientName: 'Cancelled Client', status: 'cancelled', totalAmount: 99900 }),
      sessionIn(6, { id: 'held', clientName: 'Holding Client', status: 'pending_payment', totalAmount: 99900 }),
    ];
    stubFetch({ ...withProfile, 'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, bookings) });
    renderRoute('/hunter-dashboard?tab=bookings');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Sessions' });
    expect(statValue('Total Bookings')).toContain('8');
    expect(statValue('Upcoming Sessions')).toContain('2');

    const upcomingRows = within(upcoming).getAllByRole('listitem');
    expect(upcomingRows.map((row) => within(row).getByText(/Ada|Grace/).textContent)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    expect(upcomingRows[0]!.textContent).toContain('WhatsApp Video Call');
    expect(upcomingRows[0]!.textContent).toContain('£80.00');
    expect(upcomingRows[0]!.textContent).toContain('10:00');
    expect(upcomingRows[0]!.textContent).toContain('60 min');
    const recent = screen.getByRole('region', { name: 'Recent Sessions' });
    // The five latest of six past sessions.
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).queryByText('Past Client 5')).toBeNull();
    // A cancelled booking is listed apart, never among the sessions to come; an unpaid hold not at all.
    expect(within(upcoming).queryByText('Cancelled Client')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Cancelled' })).getByText('Cancelled Client')).toBeTruthy();
    expect(screen.queryByText('Holding Client')).toBeNull();
  });

  it('reads every page of bookings before it counts, so a hunter with many loses none from the figures', async () => {
    const page = (items: unknown[], total: number) =>
      new Response(JSON.stringify(items), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
      });
    const past = Array.from({ length: 100 }, (_, i) =>
      sessionIn(-(i + 1), { id: `past-${i}`, status: 'completed', totalAmount: 1000 }),
    );
    stubFetch({
      ...withProfile,
      'GET /api/hunter-bookings?limit=100&offset=0': () => page(past, 101),
      'GET /api/hunter-bookings?limit=100&offset=100': () =>
        page([sessionIn(3, { id: 'soon', totalAmount: 8000 })], 101),
    });
    renderRoute('/hunter-dashboard?tab=bookings');
    await screen.findByRole('region', { name: 'Upcoming Sessions' });
    expect(statValue('Total Bookings')).toContain('101');
    expect(statValue('Upcoming Sessions')).toContain('1');
  });

  it('marks the real dates holding a session on a Sunday-first month grid, and moves between months', async () => {
    const inTwoDays = sessionIn(2, { id: 'soon', clientName: 'Ada Lovelace' });
    stubFetch({ ...withProfile, 'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, [inTwoDays]) });
    renderRoute('/hunter-dashboard?tab=calendar');
    const grid = await screen.findByRole('grid');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const marked = () => within(screen.getByRole('grid')).queryAllByRole('gridcell', { name: /1 session$/ });
    const [year, month, day] = inTwoDays.sessionDate.split('-').map(Number);
    const monthName = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleDateString('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    // Show the session's month (two days from now may be next month).
    if (!screen.queryByRole('heading', { name: monthName }))
      fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(marked()).toHaveLength(1);
    expect(marked()[0]!.textContent).toMatch(new RegExp(`^${day}`));
    // The same day of another month is not marked: dates, not days of the month.
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(marked()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(marked()[0]!);
    expect(screen.getByText(/with Ada Lovelace/)).toBeTruthy();
  });

  it("lists the hunter's client conversations with their unread counts; choosing one opens it on /messages", async () => {
    stubFetch({
      ...withProfile,
      'GET /api/hunter-conversations': () =>
        json(200, [
          {
            id: 'c-ada',
            clientName: 'Ada Lovelace',
            clientAvatar: null,
            lastMessage: 'See you Friday',
            lastMessageTime: new Date().toISOString(),
            unreadCount: 2,
          },
          {
            id: 'c-leo',
            clientName: 'Leo Park',
            clientAvatar: null,
            lastMessage: null,
            lastMessageTime: null,
            unreadCount: 0,
            closed: true,
          },
        ]),
    });
    const router = renderRoute('/hunter-dashboard?tab=messages');
    const ada = await screen.findByRole('button', { name: /^Ada Lovelace.*, 2 unread$/ });
    expect(ada.textContent).toContain('See you Friday');
    expect(ada.textContent).toContain('less than a minute ago');
    expect(screen.getByRole('button', { name: /^Leo Park/ }).textContent).toContain('No messages yet');
    // A conversation closed by the hunter's suspension says so in the list.
    expect(screen.getByRole('button', { name: /^Leo Park/ }).textContent).toContain('Closed');
    expect(ada.textContent).not.toContain('Closed');
    fireEvent.click(ada);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/messages?conversation=c-ada'),
    );
  });

  it('opens the tab named in ?tab= and keeps the chosen tab there', async () => {
    stubFetch(withProfile);
    const router = renderRoute('/hunter-dashboard?tab=messages');
    const tabs = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent?.trim()),
    ).toEqual(['Bookings', 'Calendar', 'Availability', 'Messages', 'Reviews', 'Earnings', 'Settings']);
    expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No conversations yet')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Bookings' }));
    expect(router.state.location.search).toBe('?tab=bookings');
    expect(await screen.findByText('No upcoming sessions yet.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Calendar' }));
    expect(router.state.location.search).toBe('?tab=calendar');
    // Each tab but the first brings its own script when opened.
    expect(await screen.findByRole('grid')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }));
    expect(router.state.location.search).toBe('?tab=settings');
    // The profile form, filled with the hunter's profile.
    expect(await within(screen.getByRole('tabpanel')).findByLabelText('Full Name')).toHaveProperty(
      'value',
      'Sofia Marin',
    );
  });

  it('opens Bookings when ?tab= is missing or unknown', async () => {
    stubFetch(withProfile);
    renderRoute('/hunter-dashboard?tab=nonsense');
    expect(await screen.findByRole('region', { name: 'Upcoming Sessions' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bookings' }).getAttribute('aria-selected')).toBe('true');
  });

  it("shows 'New' when the profile has no rating, never a made-up 5.0", async () => {
    expect(averageRatingLabel(undefined)).toBe('New');
    expect(averageRatingLabel(null)).toBe('New');
    expect(averageRatingLabel(4)).toBe('4.0');
    stubFetch({
      ...withProfile,
      'GET /api/hunter-profile': () => json(200, { ...sofia, rating: null, reviewCount: 0 }),
    });
    renderRoute('/hunter-dashboard?tab=bookings');
    await screen.findByRole('heading', { name: 'Welcome back, Sofia Marin' });
    expect(statValue('Average Rating')).toContain('New');
    expect(statValue('Average Rating')).not.toContain('5.0');
  });

  it("shows this tax year's real net earnings (after fees) on the money card, linking to the Earnings tab", async () => {
    stubFetch({
      ...withProfile,
      [`GET /api/hunter-earnings?taxYear=${thisTaxYear}`]: () =>
        json(200, { ...noEarnings, totals: { grossPence: 10000, feePence: 400, refundedPence: 0, netPence: 9600 } }),
    });
    renderRoute('/hunter-dashboard?tab=bookings');
    await screen.findByRole('heading', { name: 'Welcome back, Sofia Marin' });
    await waitFor(() => expect(statValue('Net Earnings')).toContain('£96.00'));
    expect(screen.getByRole('link', { name: /after fees · details/ }).getAttribute('href')).toBe(
      '/hunter-dashboard?tab=earnings',
    );
  });

  it('tells a pending hunter their profile is being reviewed', async () => {
    stubFetch({
      ...withProfile,
      'GET /api/hunter-profile': () => json(200, { ...sofia, status: 'pending', verified: false }),
    });
    renderRoute('/hunter-dashboard?tab=bookings');
    const banner = await screen.findByRole('status', { name: 'Profile status' });
    expect(banner.textContent).toContain(VETTING_MESSAGES.pending);
  });

  it('shows a rejected hunter the reason and the way back to the queue: editing the profile', async () => {
    stubFetch({
      ...withProfile,
      'GET /api/hunter-profile': () =>
        json(200, { ...sofia, status: 'rejected', verified: false, statusReason: 'Please add a photo of yourself.' }),
    });
    const router = renderRoute('/hunter-dashboard?tab=bookings');
    const banner = await screen.findByRole('status', { name: 'Profile status' });
    expect(banner.textContent).toContain(VETTING_MESSAGES.rejected);
    expect(banner.textContent).toContain('Please add a photo of yourself.');
    expect(banner.textContent).toContain(VETTING_MESSAGES.rejectedHint);
    fireEvent.click(within(banner).getByRole('link', { name: 'Edit your profile' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=settings'));
    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
  });

  it('shows the profile back in review once a rejected hunter saves their edits', async () => {
    let status: 'rejected' | 'pending' = 'rejected';
    const current = () => ({
      ...sofia,
      status,
      verified: false,
      statusReason: status === 'rejected' ? 'Add a photo.' : null,
    });
    stubFetch({
      ...withProfile,
      'GET /api/hunter-profile': () => json(200, current()),
      'PATCH /api/hunters/7': () => {
        status = 'pending';
        return json(200, current());
      },
    });
    renderRoute('/hunter-dashboard?tab=settings');
    const banner = await screen.findByRole('status', { name: 'Profile status' });
    expect(banner.textContent).toContain(VETTING_MESSAGES.rejected);
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Sofia Marín' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Profile status' }).textContent).toContain(VETTING_MESSAGES.pending),
    );
  });

  it('shows a suspended hunter the reason', async () => {
    stubFetch({
      ...withProfile,
      'GET /api/hunter-profile': () =>
        json(200, {
          ...sofia,
          status: 'suspended',
          verified: false,
          statusReason: 'Clients reported missed sessions.',
        }),
    });
    renderRoute('/hunter-dashboard?tab=bookings');
    const banner = await screen.findByRole('status', { name: 'Profile status' });
    expect(banner.textContent).toContain(VETTING_MESSAGES.suspended);
    expect(banner.textContent).toContain('Clients reported missed sessions.');
  });

  it('shows no banner to an approved hunter', async () => {
    stubFetch(withProfile);
    renderRoute('/hunter-dashboard?tab=bookings');
    await screen.findByRole('heading', { name: 'Welcome back, Sofia Marin' });
    expect(screen.queryByRole('status', { name: 'Profile status' })).toBeNull();
  });

  it('tells a hunter who is not approved yet that they cannot get paid, without asking for a payout account', async () => {
    const calls = stubFetch({
      ...withProfile,
      'GET /api/hunter-profile': () => json(200, { ...sofia, status: 'pending' }),
    });
    renderRoute('/hunter-dashboard?tab=earnings');
    expect(await screen.findByText(`${PAYOUT_MESSAGES.notApproved}.`)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/hunter-payouts'))).toBe(false);
  });

  it('asks for joining details while an offered WhatsApp type has none, and links to them on the Settings tab', async () => {
    stubFetch({
      ...withProfile,
      'GET /api/hunter-profile/joining-details': () =>
        json(200, {
          whatsappVoice: { phone: '+447700900123' },
          whatsappVideo: { phone: null },
          inPerson: { area: null, address: null },
        }),
    });
    const router = renderRoute('/hunter-dashboard?tab=bookings');
    const hint = await screen.findByRole('status', { name: 'Joining details missing' });
    // Only the offered types count: in person is off by default, so only the video call is named.
    expect(hint.textContent).toContain('WhatsApp Video Call');
    expect(hint.textContent).not.toContain('In-Person');
    fireEvent.click(within(hint).getByRole('link', { name: 'Add your joining details' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=settings'));
    expect(await screen.findByRole('form', { name: 'How clients join' })).toBeTruthy();
    expect((screen.getByLabelText('WhatsApp number for WhatsApp Voice Message') as HTMLInputElement).value).toBe(
      '+447700900123',
    );
  });

  it('shows the joining hint with the dashboard, never after it (nothing below it moves when it arrives)', async () => {
    stubFetch({
      ...withProfile,
      // Answered well after the profile, as a slower read would be.
      'GET /api/hunter-profile/joining-details': () =>
        new Promise((resolve) =>
          setTimeout(
            () =>
              resolve(
                json(200, {
                  whatsappVoice: { phone: null },
                  whatsappVideo: { phone: null },
                  inPerson: { area: null, address: null },
                }),
              ),
            300,
          ),
        ),
    });
    renderRoute('/hunter-dashboard?tab=bookings');
    await screen.findByRole('heading', { name: 'Welcome back, Sofia Marin' });
    expect(screen.getByRole('status', { name: 'Joining details missing' })).toBeTruthy();
  });

  it('shows no joining hint once every offered type has its details', async () => {
    stubFetch(withProfile);
    renderRoute('/hunter-dashboard?tab=bookings');
    await screen.findByRole('heading', { name: 'Welcome back, Sofia Marin' });
    await waitFor(() => expect(screen.queryByText('Loading your bookings...')).toBeNull());
    expect(screen.queryByRole('status', { name: 'Joining details missing' })).toBeNull();
  });

  it('lists the reviews received on the Reviews tab', async () => {
    stubFetch({
      ...withProfile,
      'GET /api/hunter-reviews/mine': () =>
        json(200, {
          written: [],
          received: [
            {
              id: 4,
              hunterId: 7,
              bookingId: 'b4',
              rating: 5,
              text: 'Sofia found the exact boots I wanted.',
              reviewerName: 'Ada L.',
              sessionType: 'whatsappVideo',
              sessionStartsAt: '2026-11-10T10:00:00.000Z',
              createdAt: '2026-11-11T10:00:00.000Z',
              reply: null,
            },
          ],
        }),
    });
    renderRoute('/hunter-dashboard?tab=reviews');
    const review = await screen.findByRole('article', { name: 'Review by Ada L.' });
    expect(review.textContent).toContain('Sofia found the exact boots I wanted.');
    expect(within(review).getByRole('button', { name: 'Reply to Ada L.' })).toBeTruthy();
  });

  it("offers the day's hunter the Hunter's Pick: a directory brand and a two-line note, checked before sending", async () => {
    const calls = stubFetch({
      ...withProfile,
      'GET /api/hunter-picks/mine': () => json(200, { day: '2026-11-27', isMyDay: true, pick: null }),
      'GET /api/brands?search=Loom&limit=8': () => json(200, [{ id: 42, name: 'Loom & Co', imageUrl: '/loom.png' }]),
      'PUT /api/hunter-picks/today': () =>
        json(200, {
          day: '2026-11-27',
          hunter: { id: 7, name: 'Sofia Marin', profileImageUrl: null },
          brand: { id: 42, name: 'Loom & Co', imageUrl: '/loom.png' },
          brandName: 'Loom & Co',
          note: 'Scarves woven in Skye.',
          pickedAt: '2026-11-27T09:00:00.000Z',
        }),
    });
    renderRoute('/hunter-dashboard');
    const card = (await screen.findByRole('heading', { name: "Today is your Hunter's Pick" })).closest('section')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Publish my pick' }));
    expect(await within(card).findByText('Pick a brand from the directory')).toBeTruthy();
    expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);

    fireEvent.change(within(card).getByLabelText('Brand'), { target: { value: 'Loom' } });
    fireEvent.click(await within(card).findByRole('option', { name: /Loom & Co/ }));
    fireEvent.change(within(card).getByLabelText('Your note'), { target: { value: 'Scarves woven in Skye.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Publish my pick' }));
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({ brandId: 42, note: 'Scarves woven in Skye.' });
  });

  it("shows no Hunter's Pick card on another hunter's day", async () => {
    stubFetch(withProfile);
    renderRoute('/hunter-dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome back, Sofia Marin/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Today is your Hunter's Pick" })).toBeNull();
  });
});
