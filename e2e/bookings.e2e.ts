import { expect, test, type APIRequestContext, type Page } from './support/accessibility.js';
import {
  EXPRESS_REQUEST,
  AVAILABILITY_SLOTS,
  BOOKING_ERRORS,
  DEFAULT_SESSION_TYPES,
  firstOfMonth,
  londonDateOf,
  monthLabel,
  type HunterBooking,
  type HunterInput,
  type SlotsResponse,
  type WeeklyHours,
} from '@hunted/contracts';
import { approveWithPayouts, RUN, screenshot, signedInContext, signIn, toast } from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

// Simulated payments (the e2e system runs without STRIPE_SECRET_KEY): the pages say so and offer
// 'Simulate Successful Payment', which confirms the hold through the same use case a real payment does.

const hunter = { email: `booked-${RUN}@example.test`, firstName: 'Bea' };
const client = { email: `booker-${RUN}@example.test`, firstName: 'Cal' };
const rival = { email: `rival-${RUN}@example.test`, firstName: 'Rae' };

// startHunted runs maildev for the e2e system (SMTP 1125, web 8125: the default ports + 100).
const MAIL_CATCHER = 'http://127.0.0.1:8125';

interface CaughtEmail {
  subject: string;
  to: { address: string }[];
  attachments?: { contentType: string; fileName?: string }[];
}
const name = `Bea Booked ${RUN}`;
const ALL = [...AVAILABILITY_SLOTS];
const everyDay: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: ALL, sun: ALL };

const profile: HunterInput = {
  name,
  bio: 'Tailoring and honest edits.',
  location: 'UK',
  specialties: ['Formal Wear'],
  adviceTypes: ['Style Consultation'],
  languages: ['English'],
  yearsExperience: 4,
  // A paid video call and a free question.
  sessionTypes: { ...DEFAULT_SESSION_TYPES, askQuestion: { enabled: true, price: 0, duration: 15 } },
};

/** Bookings learns of the hunter and their hours by events: wait until the slots route offers a time. */
async function waitForSlots(request: APIRequestContext, hunterId: number): Promise<void> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await expect(async () => {
    const response = await request.get(
      `/api/hunters/${hunterId}/slots?from=${from}&to=${to}&sessionType=whatsappVideo`,
    );
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as SlotsResponse;
    expect(body.days.some((day) => day.slots.length > 0)).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/** Picks the first free time of next week's third open day for a type on /book-session and continues to /payment. */
async function chooseNextWeekSlot(
  page: Page,
  hunterId: number,
  type: 'whatsappVideo' | 'askQuestion',
): Promise<string> {
  await page.goto(`/book-session/${hunterId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByLabel('Service type').selectOption(type);
  await page.getByRole('button', { name: 'Next week' }).click();
  // The third day of next week with a free time: at least two days ahead whatever today is (on a Sunday night next
  // week's Monday is tomorrow, inside the 24 hours in which a paid session can no longer be moved).
  await page.getByRole('group', { name: 'Days' }).getByRole('button', { name: /, [1-9]\d* times?$/ }).nth(2).click();
  const slot = page.getByRole('button', { name: / at \d\d:\d\d$/ }).first();
  await expect(slot).toBeVisible();
  const label = (await slot.getAttribute('aria-label')) ?? '';
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await slot.click();
  // A question is what 'Ask Me a Question' is for: it is required there.
  if (type === 'askQuestion') await page.getByLabel('Your question').fill('Which blazer cut suits a pear shape?');
  // Next week is within the 14-day cancellation period: the policy asks for the express request first (decision 0102).
  await expect(page.getByRole('region', { name: 'Cancellation policy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel }).check();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  if (type === 'whatsappVideo') await screenshot(page, 'book-session');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${hunterId}$`));
  return label;
}

test('a client books and pays a session, books a free one and cancels; the hunter sees it on the dashboard', async ({
  page,
  browser,
}) => {
  // Two people's sessions, a dozen pages, and each page's accessibility check at two widths afterwards.
  test.setTimeout(180_000);
  const hunterContext = await signedInContext(browser, hunter.email, hunter.firstName);
  const hunterPage = await hunterContext.newPage();
  const created = await hunterPage.request.post('/api/hunters', { data: profile, headers: { origin: E2E_BASE_URL } });
  expect(created.status(), await created.text()).toBe(201);
  const hunterId = ((await created.json()) as { id: number }).id;
  await approveWithPayouts(browser, hunterPage.request, hunterId);
  const hours = await hunterPage.request.put('/api/hunter-availability/weekly', {
    data: everyDay,
    headers: { origin: E2E_BASE_URL },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  await waitForSlots(hunterPage.request, hunterId);

  await page.goto('/');
  await signIn(page, client.email, client.firstName);

  // A paid session, held then paid in simulated mode.
  await chooseNextWeekSlot(page, hunterId, 'whatsappVideo');
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment System Configuration Required' })).toBeVisible();
  await expect(page.getByLabel('Order breakdown')).toContainText('£78.00');
  await expect(page.getByLabel('Order breakdown')).toContainText('£2.00');
  await expect(page.getByLabel('Order breakdown')).toContainText('£80.00');
  await expect(page.getByRole('timer')).toContainText(/1[45]:\d\d/);
  await screenshot(page, 'payment-simulated');

  // While Cal holds the time, another member cannot take it (the database refuses the overlap).
  const choice = JSON.parse((await page.evaluate(() => sessionStorage.getItem('bookingChoice'))) ?? '{}') as Record<
    string,
    unknown
  >;
  const rivalContext = await signedInContext(browser, rival.email, rival.firstName);
  const taken = await rivalContext.request.post('/api/create-payment-intent', {
    data: { ...choice, amount: 8000, expressRequest: true },
    headers: { origin: E2E_BASE_URL },
  });
  expect(taken.status(), await taken.text()).toBe(409);
  expect(await taken.json()).toMatchObject({ message: BOOKING_ERRORS.slotTaken });
  await rivalContext.close();

  await page.getByRole('button', { name: 'Simulate Successful Payment' }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\?booking=[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await screenshot(page, 'booking-confirmed');

  await page.goto('/my-bookings');
  const paid = page.getByRole('listitem', { name: `WhatsApp Video Call with ${name}` });
  await expect(paid).toContainText('Confirmed');
  await expect(paid).toContainText('£80.00');
  await expect(paid.getByRole('button', { name: 'Reschedule' })).toBeVisible();

  // The confirmation reaches Cal's inbox with a calendar invite.
  await expect
    .poll(
      async () => {
        const emails = (await (await fetch(`${MAIL_CATCHER}/api/email`)).json()) as CaughtEmail[];
        const confirmation = emails.find(
          (email) =>
            email.subject.startsWith('Booking confirmed') && email.to.some((to) => to.address === client.email),
        );
        return confirmation?.attachments?.some((file) => file.contentType.startsWith('text/calendar')) ?? false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // A free session is booked at once.
  await chooseNextWeekSlot(page, hunterId, 'askQuestion');
  await expect(page.getByRole('heading', { name: 'Free Session Confirmed!' })).toBeVisible();
  await screenshot(page, 'payment-free');
  await page.getByRole('link', { name: 'View My Bookings' }).click();
  const free = page.getByRole('listitem', { name: `Ask Me a Question with ${name}` });
  await expect(free).toContainText('£0.00');
  await screenshot(page, 'my-bookings');

  // Reschedule the free one to the first free time the dialog offers.
  await free.getByRole('button', { name: 'Reschedule' }).click();
  const rescheduleDialog = page.getByRole('dialog', { name: 'Reschedule' });
  const newSlot = rescheduleDialog.getByRole('button', { name: / at \d\d:\d\d$/ }).first();
  await expect(newSlot).toBeVisible();
  const newTime = /at (\d\d:\d\d)$/.exec((await newSlot.getAttribute('aria-label')) ?? '')![1]!;
  await newSlot.click();
  await screenshot(page, 'my-bookings-reschedule');
  await rescheduleDialog.getByRole('button', { name: 'Confirm new time' }).click();
  await expect(toast(page, 'Booking Rescheduled')).toBeVisible();
  await expect(free).toContainText(`at ${newTime} (GMT)`);

  // The hunter sees both on the dashboard: figures, the upcoming list and the calendar.
  await hunterPage.goto('/hunter-dashboard');
  const upcoming = hunterPage.getByRole('region', { name: 'Upcoming Sessions' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(2);
  await expect(upcoming).toContainText(client.firstName);
  // Net earnings: the £80 session less the platform's £2.00 fee (the free one and the cancelled one add nothing).
  await expect(hunterPage.getByRole('region', { name: 'Your figures' })).toContainText('£78.00');
  await screenshot(hunterPage, 'dashboard-bookings');
  await hunterPage.getByRole('tab', { name: 'Calendar' }).click();
  // The calendar opens on this month (London); the earliest session may fall in the next one, as its date says.
  const sessions = (await (await hunterPage.request.get('/api/hunter-bookings')).json()) as HunterBooking[];
  const earliest = sessions.filter((booking) => booking.status === 'confirmed').map((booking) => booking.sessionDate).sort()[0]!;
  if (earliest.slice(0, 7) !== londonDateOf(Date.now()).slice(0, 7)) await hunterPage.getByRole('button', { name: 'Next month' }).click();
  await expect(hunterPage.getByRole('grid', { name: `Sessions in ${monthLabel(firstOfMonth(earliest))}` })).toBeVisible();
  await expect(hunterPage.getByRole('gridcell', { name: /sessions?$/ }).first()).toBeVisible();
  await screenshot(hunterPage, 'dashboard-calendar');

  // Cancelling more than 24 hours ahead refunds in full, and says so first.
  await page.goto('/my-bookings');
  await paid.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('You will get a full refund of £80.00.');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(toast(page, 'Booking Cancelled')).toBeVisible();
  await expect(paid).toContainText('Cancelled');
  await expect(paid.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

  await hunterContext.close();
});
