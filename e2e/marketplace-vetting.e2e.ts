import { expect, test } from './support/accessibility.js';
import {
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  VETTING_MESSAGES,
  type Hunter,
  type HunterEarnings,
  type HunterInput,
  type MyBooking,
  type OwnHunter,
  type WeeklyHours,
} from '@hunted/contracts';
import { ADMIN_EMAIL, approveHunter, bookPaidSession, RUN, screenshot, signedInContext, signIn, toast } from './support/journey.js';
import { E2E_BASE_URL, E2E_TIME_ZONE } from './support/system.js';

// The marketplace a business can run (issue 21), in simulated payments: a new hunter waits for the concierge team,
// is approved and verified, connects payouts, is booked and paid (net of the £2.00 fee), then is suspended, which
// refunds the client's booking.
const hunter = { email: `vetted-hunter-${RUN}@example.test`, firstName: 'Vera' };
const client = { email: `vetted-client-${RUN}@example.test`, firstName: 'Cora' };
const hunterName = `Vera Vetted ${RUN}`;
const ALL = [...AVAILABILITY_SLOTS];
const everyDay: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: ALL, sun: ALL };
const writes = { headers: { origin: E2E_BASE_URL } };

const profile: HunterInput = {
  name: hunterName,
  bio: `Independent labels from Lisbon to Leeds. ${RUN}`,
  location: 'UK',
  specialties: ['Sustainable Fashion'],
  adviceTypes: ['Wardrobe Audit'],
  languages: ['English'],
  yearsExperience: 5,
  sessionTypes: DEFAULT_SESSION_TYPES,
};

test('a new hunter is vetted, verified and paid out net of the fee; suspending them refunds their client', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const hunterContext = await signedInContext(browser, hunter.email, hunter.firstName);
  const hunterPage = await hunterContext.newPage();
  const created = await hunterPage.request.post('/api/hunters', { data: profile, ...writes });
  expect(created.status(), await created.text()).toBe(201);
  const own = (await created.json()) as OwnHunter;
  expect(own).toMatchObject({ status: 'pending', verified: false, rating: null });
  expect(
    (await hunterPage.request.put('/api/hunter-availability/weekly', { data: everyDay, ...writes })).status(),
  ).toBe(200);

  // Pending: the hunter sees where they stand; nobody else finds the profile.
  await hunterPage.goto('/hunter-dashboard');
  await expect(hunterPage.getByText(VETTING_MESSAGES.pending)).toBeVisible();
  await screenshot(hunterPage, 'dashboard-pending');
  expect((await page.request.get(`/api/hunters/${own.id}`)).status()).toBe(404);
  // (other journeys of this run list hunters whose names carry RUN too: only this one's id matters)
  const listedIds = async () =>
    ((await (await page.request.get(`/api/hunters?search=${RUN}&limit=100`)).json()) as Hunter[]).map((h) => h.id);
  expect(await listedIds()).not.toContain(own.id);

  // The admin approves it from the queue on /admin.
  await page.goto('/');
  await signIn(page, ADMIN_EMAIL, 'Ada');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Hunters' }).click();
  const queued = page.getByRole('article', { name: `Profile of ${hunterName}` });
  await expect(queued).toBeVisible();
  await screenshot(page, 'admin-hunters-queue');
  await queued.getByRole('button', { name: `Approve ${hunterName}` }).click();
  await expect(toast(page, 'Hunter approved')).toBeVisible();
  await expect(queued).toHaveCount(0);

  // Listed and verified.
  await expect(async () => {
    expect(await listedIds()).toContain(own.id);
    expect(await (await page.request.get(`/api/hunters/${own.id}`)).json()).toMatchObject({ verified: true });
  }).toPass({ timeout: 15_000 });
  await page.goto(`/book-a-hunter?search=${RUN}`);
  const card = page.getByRole('article').filter({ hasText: hunterName });
  await expect(card.getByLabel('Verified hunter')).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await screenshot(page, 'hunter-card-verified');

  // The hunter connects payouts from the dashboard (the simulated onboarding step: no Stripe keys here).
  await hunterPage.goto('/hunter-dashboard?tab=earnings');
  await hunterPage.getByRole('button', { name: 'Get paid' }).click();
  await screenshot(hunterPage, 'simulated-onboarding');
  await expect(hunterPage).toHaveURL(/payouts=simulated/);
  await hunterPage.getByRole('button', { name: 'Enable simulated payouts' }).click();
  await expect(hunterPage.getByRole('heading', { name: 'Payouts enabled' })).toBeVisible();

  // A client books and pays the £80 video call once bookings and hunters know the payouts are on.
  await expect(async () => {
    expect(await (await page.request.get(`/api/hunters/${own.id}`)).json()).toMatchObject({ takesPaidBookings: true });
  }).toPass({ timeout: 15_000 });
  const clientContext = await signedInContext(browser, client.email, client.firstName);
  const booking = await bookPaidSession(clientContext.request, own.id);

  // The hunter's earnings: £80 gross, £2.00 fee, £78.00 net, and its payout.
  await expect(async () => {
    const earnings = (await (await hunterPage.request.get('/api/hunter-earnings')).json()) as HunterEarnings;
    expect(earnings.bookings).toEqual([
      expect.objectContaining({ bookingId: booking.id, grossPence: 8000, feePence: 200, netPence: 7800 }),
    ]);
    expect(earnings.payouts).toEqual([expect.objectContaining({ amountPence: 7800 })]);
  }).toPass({ timeout: 15_000 });
  await hunterPage.goto('/hunter-dashboard?tab=earnings');
  await expect(hunterPage.getByText('£78.00').first()).toBeVisible();
  await screenshot(hunterPage, 'dashboard-earnings');

  // The admin suspends the hunter: the client's booking is cancelled and refunded in full.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Hunters' }).click();
  await page.getByRole('button', { name: 'All hunters' }).click();
  await page.getByLabel('Search hunters').fill(RUN);
  const row = page.getByRole('list', { name: 'Hunters' }).getByRole('listitem', { name: hunterName });
  await row.getByRole('button', { name: `Suspend ${hunterName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend hunter: ${hunterName}` });
  await dialog.getByLabel('Reason').fill('Repeated no-shows reported by clients.');
  await dialog.getByRole('button', { name: 'Suspend hunter' }).click();
  await expect(toast(page, 'Hunter suspended')).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await screenshot(page, 'admin-hunters-suspended');

  await expect(async () => {
    const mine = (await (await clientContext.request.get('/api/my-bookings')).json()) as MyBooking[];
    expect(mine.find((row) => row.id === booking.id)).toMatchObject({ status: 'cancelled' });
    const detail = await (await clientContext.request.get(`/api/bookings/${booking.id}`)).json();
    expect(detail).toMatchObject({ status: 'cancelled', refundedPence: 8000 });
  }).toPass({ timeout: 20_000 });
  expect((await page.request.get(`/api/hunters/${own.id}`)).status()).toBe(404);
  await hunterPage.goto('/hunter-dashboard');
  await expect(hunterPage.getByText(VETTING_MESSAGES.suspended)).toBeVisible();
  await expect(hunterPage.getByText('Repeated no-shows reported by clients.')).toBeVisible();
  await clientContext.close();
  await hunterContext.close();
});

// Vetting covers every public change (issue 35, decision 0089): an approved hunter renames themself, and the new name
// waits in the admin's queue while guests still see the approved one, until the admin approves it.
const renamer = { email: `renaming-hunter-${RUN}@example.test`, firstName: 'Ottoline' };
const approvedName = `Ottoline Vance ${RUN}`;
const newName = `Sofia Marchetti ${RUN}`;

test("an approved hunter's rename waits in the queue while guests still see the old name, then the admin approves it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const hunterContext = await signedInContext(browser, renamer.email, renamer.firstName);
  const hunterPage = await hunterContext.newPage();
  const created = await hunterPage.request.post('/api/hunters', { data: { ...profile, name: approvedName }, ...writes });
  expect(created.status(), await created.text()).toBe(201);
  const own = (await created.json()) as OwnHunter;

  await page.goto('/');
  await signIn(page, ADMIN_EMAIL, 'Ada');
  await approveHunter(page.request, own.id);
  const guest = await browser.newContext({ baseURL: E2E_BASE_URL, timezoneId: E2E_TIME_ZONE });
  const guestPage = await guest.newPage();
  const guestSeesName = async (name: string) => {
    await guestPage.goto(`/hunters/${own.id}`);
    await expect(guestPage.getByRole('heading', { level: 1, name })).toBeVisible();
  };
  await guestSeesName(approvedName);

  // The hunter renames themself in Settings: the dashboard says the change waits, and what is live now.
  await hunterPage.goto('/hunter-dashboard?tab=settings');
  await hunterPage.getByLabel('Full Name').fill(newName);
  await hunterPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(hunterPage, 'Profile Updated')).toBeVisible();
  const notice = hunterPage.getByRole('status', { name: 'Profile changes' });
  await expect(notice.getByText(VETTING_MESSAGES.revisionPending)).toBeVisible();
  const waiting = notice.getByRole('table', { name: 'Your changes waiting for review' });
  await expect(waiting.getByRole('row', { name: `Name ${approvedName} ${newName}` })).toBeVisible();
  await expect(hunterPage.getByLabel('Full Name')).toHaveValue(newName);
  await hunterPage.goto('/hunter-dashboard');
  await expect(notice).toBeVisible();
  // From the top: a full-page picture draws the sticky header where the page is scrolled to.
  await hunterPage.evaluate(() => window.scrollTo(0, 0));
  await screenshot(hunterPage, 'dashboard-change-waiting');

  // Guests, the listing and search still see the approved name; the profile stays verified.
  await guestSeesName(approvedName);
  const listed = (await (await guestPage.request.get(`/api/hunters/${own.id}`)).json()) as Hunter;
  expect(listed).toMatchObject({ name: approvedName, verified: true });
  const search = (await (await guestPage.request.get(`/api/hunters?search=${encodeURIComponent(newName)}`)).json()) as Hunter[];
  expect(search.map((h) => h.id)).not.toContain(own.id);

  // The admin's queue shows the change, the approved name beside the proposed one, and approves it.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Hunters' }).click();
  const change = page.getByRole('article', { name: `Changes by ${approvedName}` });
  await expect(change.getByRole('row', { name: `Name ${approvedName} ${newName}` })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'admin-changes-queue');
  await change.getByRole('button', { name: `Approve the changes by ${approvedName}` }).click();
  await expect(toast(page, 'Changes approved')).toBeVisible();
  await expect(change).toHaveCount(0);

  // Public now: the guest's page, and the hunter's own dashboard without the notice.
  await guestSeesName(newName);
  await hunterPage.goto('/hunter-dashboard');
  await expect(hunterPage.getByRole('heading', { name: `Welcome back, ${newName}` })).toBeVisible();
  await expect(hunterPage.getByRole('status', { name: 'Profile changes' })).toHaveCount(0);
  await guest.close();
  await hunterContext.close();
});
