import { expect, test, type APIRequestContext, type Page } from './support/accessibility.js';
import {
  DEFAULT_SESSION_TYPES,
  EXPRESS_REQUEST,
  instantIn,
  type HunterEarnings,
  type HunterInput,
  type PayoutAccount,
  type SlotsResponse,
  type WeeklyHours,
} from '@hunted/contracts';
import {
  approveWithPayouts,
  emailAttachment,
  RUN,
  screenshot,
  signedInContext,
  signIn,
  toast,
  waitForEmail,
} from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

// Issue 38's journey: a hunter in Madrid who prices in euros, a client in Paris (the same clock) and one in London
// (an hour behind). Every browser here names its zone; the page fixture's is Paris.
test.use({ timezoneId: 'Europe/Paris' });

const hunter = { email: `lucia-${RUN}@example.test`, firstName: 'Lucía' };
const parisClient = { email: `paris-${RUN}@example.test`, firstName: 'Camille' };
const londonClient = { email: `london-${RUN}@example.test`, firstName: 'Olive' };
const name = `Lucía Moreno ${RUN}`;
const writes = { headers: { origin: E2E_BASE_URL } };

// 10:00–12:00 on the hunter's own clock, every day: a 60-minute call starts at 10:00, 10:30 or 11:00 in Madrid.
const tenToNoon = ['10:00', '11:00'] as WeeklyHours['mon'];
const hours: WeeklyHours = { mon: tenToNoon, tue: tenToNoon, wed: tenToNoon, thu: tenToNoon, fri: tenToNoon, sat: tenToNoon, sun: tenToNoon };

const profile: HunterInput = {
  name,
  bio: 'Madrid tailoring, Spanish labels and honest edits.',
  location: 'Spain',
  timeZone: 'Europe/Madrid',
  currency: 'EUR',
  specialties: ['Formal Wear'],
  adviceTypes: ['Style Consultation'],
  languages: ['Spanish', 'English'],
  yearsExperience: 6,
  sessionTypes: { ...DEFAULT_SESSION_TYPES, whatsappVideo: { enabled: true, price: 60, duration: 60 } },
};

/** Opens the book page, next week, and the third day with a free time; answers the first time's button. */
async function firstTimeOfNextWeek(page: Page, hunterId: number) {
  await page.goto(`/book-session/${hunterId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByLabel('Service type').selectOption('whatsappVideo');
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('group', { name: 'Days' }).getByRole('button', { name: /, [1-9]\d* times?$/ }).nth(2).click();
  const slot = page.getByRole('button', { name: / at \d\d:\d\d/ }).first();
  await expect(slot).toBeVisible();
  return slot;
}

/** Bookings learns of the hunter, their zone and hours by events: the slots route's first start, once it has one. */
async function firstOfferedStart(request: APIRequestContext, hunterId: number) {
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  let answer: SlotsResponse | undefined;
  await expect(async () => {
    const response = await request.get(`/api/hunters/${hunterId}/slots?from=${from}&to=${to}&sessionType=whatsappVideo`);
    expect(response.status(), await response.text()).toBe(200);
    answer = (await response.json()) as SlotsResponse;
    expect(answer.days.some((day) => day.slots.length > 0)).toBe(true);
  }).toPass({ timeout: 20_000 });
  const day = answer!.days.find((candidate) => candidate.slots.length > 0)!;
  return { zone: answer!.timeZone, date: day.date, slot: day.slots[0]! };
}

test('a hunter in Madrid prices in euros; a client in Paris and one in London each read the time on their own clock', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const hunterContext = await signedInContext(browser, hunter.email, hunter.firstName, 'Europe/Madrid');
  const created = await hunterContext.request.post('/api/hunters', { data: profile, ...writes });
  expect(created.status(), await created.text()).toBe(201);
  const hunterId = ((await created.json()) as { id: number }).id;
  await approveWithPayouts(browser, hunterContext.request, hunterId);

  // The simulated Connect account is Spanish, as the profile's country says.
  const account = (await (await hunterContext.request.get('/api/hunter-payouts/account')).json()) as PayoutAccount;
  expect(account).toMatchObject({ connected: true, country: 'ES', countryName: 'Spain', payoutsAvailable: true });

  const saved = await hunterContext.request.put('/api/hunter-availability/weekly', { data: hours, ...writes });
  expect(saved.status(), await saved.text()).toBe(200);
  // The hours are Madrid's: the first start is 10:00 on Madrid's clock, whatever the season.
  const first = await firstOfferedStart(hunterContext.request, hunterId);
  expect(first.zone).toBe('Europe/Madrid');
  expect(first.slot.time).toBe('10:00');
  expect(Date.parse(first.slot.startsAt)).toBe(instantIn('Europe/Madrid', first.date, '10:00'));

  // A client in London reads the same start an hour earlier, with Madrid's time beside it.
  const londonContext = await signedInContext(browser, londonClient.email, londonClient.firstName, 'Europe/London');
  const londonPage = await londonContext.newPage();
  const londonSlot = await firstTimeOfNextWeek(londonPage, hunterId);
  await expect(londonSlot).toHaveAccessibleName(/ at 09:00 your time · 10:00 in Madrid$/);
  await expect(londonPage.getByText(/Times are in your time zone, Europe\/London/)).toBeVisible();
  await screenshot(londonPage, 'book-session-london-client');
  await londonContext.close();

  // The client in Paris is on Madrid's clock: 10:00, with nothing beside it.
  await page.goto('/');
  await signIn(page, parisClient.email, parisClient.firstName);
  // The browser's zone is stored for the member after sign-in, and their emails are written on it.
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/user')).json()) as { timeZone: string | null }).timeZone)
    .toBe('Europe/Paris');
  const parisSlot = await firstTimeOfNextWeek(page, hunterId);
  await expect(parisSlot).toHaveAccessibleName(/ at 10:00$/);
  await parisSlot.click();
  const expressRequest = page.getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel });
  if (await expressRequest.isVisible()) await expressRequest.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${hunterId}$`));

  // The payment is in euros: €60.00, the platform fee inside it.
  const breakdown = page.getByLabel('Order breakdown');
  await expect(breakdown).toContainText('€60.00');
  await expect(breakdown).not.toContainText('£');
  await screenshot(page, 'payment-euros');
  await page.getByRole('button', { name: 'Simulate Successful Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

  const mine = (await (await page.request.get('/api/my-bookings')).json()) as { id: string; startsAt: string; price: number; currency: string }[];
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ price: 6000, currency: 'EUR' });
  const startsAt = mine[0]!.startsAt;
  await page.goto('/my-bookings');
  await expect(page.getByText('€60.00').first()).toBeVisible();
  await screenshot(page, 'my-bookings-euros');

  // The invite opens at the booking's instant, in UTC, which every calendar reads right; the email is on Paris's clock.
  const confirmation = await waitForEmail(parisClient.email, 'Booking confirmed');
  expect(confirmation.text).toContain('10:00');
  expect(confirmation.text).toContain('Paris time');
  expect(confirmation.text).toContain('€60.00');
  const invite = await emailAttachment(confirmation, 'text/calendar');
  const utc = new Date(startsAt).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  expect(invite).toContain(`DTSTART:${utc}`);

  // The hunter's earnings are in euros.
  await expect(async () => {
    const earnings = (await (await hunterContext.request.get('/api/hunter-earnings')).json()) as HunterEarnings;
    expect(earnings.currency).toBe('EUR');
    expect(earnings.bookings).toEqual([expect.objectContaining({ grossPence: 6000, currency: 'EUR' })]);
  }).toPass({ timeout: 15_000 });
  const hunterPage = await hunterContext.newPage();
  await hunterPage.goto('/hunter-dashboard?tab=earnings');
  await expect(hunterPage.getByRole('region', { name: 'Earnings' }).getByText(/€\d/).first()).toBeVisible();
  await screenshot(hunterPage, 'dashboard-earnings-euros');

  // Lucía moves to Athens: before she saves, Settings says which session shows at a new local time on her clock (the
  // client's stays), and the toast says it again; the booking keeps its instant.
  await hunterPage.goto('/hunter-dashboard?tab=settings');
  await hunterPage.getByLabel('Time Zone').selectOption('Europe/Athens');
  await expect(
    hunterPage.getByText(/^1 upcoming session stays at the same moment for your clients\. In Europe\/Athens it will show at a new local time: .*10:00 → 11:00\.$/),
  ).toBeVisible();
  await screenshot(hunterPage, 'settings-zone-move');
  await hunterPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    toast(hunterPage, "1 upcoming session now shows at a new local time (Europe/Athens). Your clients' times are unchanged."),
  ).toBeVisible();
  const moved = (await (await page.request.get('/api/my-bookings')).json()) as { startsAt: string; hunterTimeZone: string }[];
  expect(moved[0]).toMatchObject({ startsAt, hunterTimeZone: 'Europe/Athens' });
  await hunterContext.close();
});
