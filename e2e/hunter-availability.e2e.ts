import { expect, test, type APIRequestContext, type Locator, type Page } from './support/accessibility.js';
import {
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  MARKETPLACE_TIME_ZONE,
  type AvailabilityDay,
  type HunterInput,
  type WeeklyHours,
} from '@hunted/contracts';
import { RUN, signIn, toast } from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

// The browser sits in Auckland, 11 to 13 hours ahead of London: every date the page shows and sends must still be
// London's.
test.use({ timezoneId: 'Pacific/Auckland' });

const hunter = { email: `hours-${RUN}@example.test`, firstName: 'Hana' };
const ALL = [...AVAILABILITY_SLOTS];
const DAY_MS = 86_400_000;

/** Today in London, 'YYYY-MM-DD'. */
function londonToday(): string {
  const format = { timeZone: MARKETPLACE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  return new Intl.DateTimeFormat('en-CA', format).format(new Date());
}

/** The dates of next month (London) the journey changes: a Monday and Tuesday to block, the Wednesday after. */
function datesOfNextMonth() {
  const [year, month] = londonToday().split('-').map(Number) as [number, number];
  const first = Date.UTC(year, month, 1); // month is 1-based, so this is the 1st of next month
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const firstMonday = first + ((8 - new Date(first).getUTCDay()) % 7) * DAY_MS;
  return {
    startDate: iso(first),
    endDate: iso(Date.UTC(year, month + 1, 0)),
    blocked: [iso(firstMonday), iso(firstMonday + DAY_MS)],
    edited: iso(firstMonday + 9 * DAY_MS),
  };
}

const dates = datesOfNextMonth();

const profile: HunterInput = {
  name: `Hana Holt ${RUN}`,
  bio: 'Capsule wardrobes and honest edits.',
  location: 'UK',
  specialties: ['Luxury Fashion'],
  adviceTypes: ['Wardrobe Audit'],
  languages: ['English'],
  yearsExperience: 5,
  sessionTypes: DEFAULT_SESSION_TYPES,
};

async function weeklyHours(request: APIRequestContext): Promise<WeeklyHours> {
  const response = await request.get('/api/hunter-availability/weekly');
  expect(response.status()).toBe(200);
  return (await response.json()) as WeeklyHours;
}

async function nextMonthDays(request: APIRequestContext): Promise<Map<string, AvailabilityDay>> {
  const response = await request.get(`/api/hunter-availability?startDate=${dates.startDate}&endDate=${dates.endDate}`);
  expect(response.status()).toBe(200);
  return new Map(((await response.json()) as AvailabilityDay[]).map((day) => [day.date, day]));
}

const dayButton = (page: Page, date: string): Locator => page.locator(`button[data-date="${date}"]`);

async function openNextMonth(page: Page): Promise<void> {
  await page.goto('/hunter-dashboard?tab=availability');
  await expect(page.getByRole('heading', { name: 'Manage Your Availability' })).toBeVisible();
  await page.getByRole('button', { name: 'Next month' }).click();
}

test('a hunter sets weekly hours, blocks two days and edits one date; each change holds after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, hunter.email, hunter.firstName);
  const created = await page.request.post('/api/hunters', { data: profile, headers: { origin: E2E_BASE_URL } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/hunter-dashboard?tab=availability');
  await expect(page.getByRole('heading', { name: `Welcome back, ${profile.name}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Availability' })).toHaveAttribute('aria-selected', 'true');

  // Weekly hours: Monday to Friday all day, Saturday without the evening hour, Sunday off.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await page.getByRole('switch', { name: `Available on ${day}s` }).click();
  }
  await page.getByRole('group', { name: 'Saturday hours' }).getByRole('button', { name: '20:00' }).click();
  await page.getByRole('button', { name: 'Save weekly hours' }).click();
  await expect(toast(page, 'Availability Updated')).toBeVisible();
  const saturday = ALL.filter((slot) => slot !== '20:00');
  expect(await weeklyHours(page.request)).toEqual({
    mon: ALL,
    tue: ALL,
    wed: ALL,
    thu: ALL,
    fri: ALL,
    sat: saturday,
    sun: [],
  });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Available on Mondays' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Available on Sundays' })).toHaveAttribute('aria-checked', 'false');
  await expect(
    page.getByRole('group', { name: 'Saturday hours' }).getByRole('button', { name: '20:00' }),
  ).toHaveAttribute('aria-pressed', 'false');

  // Block dates: a Monday and Tuesday of next month become days off of their own.
  await page.getByLabel('From', { exact: true }).fill(dates.blocked[0]!);
  await page.getByLabel('To', { exact: true }).fill(dates.blocked[1]!);
  await page.getByRole('button', { name: 'Block dates' }).click();
  await expect(toast(page, 'Availability Updated')).toBeVisible();
  let days = await nextMonthDays(page.request);
  for (const date of dates.blocked) {
    expect(days.get(date)).toEqual({ date, timeSlots: [], isAvailable: false, source: 'date' });
  }
  expect(days.get(dates.edited)).toEqual({ date: dates.edited, timeSlots: ALL, isAvailable: true, source: 'weekly' });

  // Edit one date: the Wednesday after, without its first two hours.
  await openNextMonth(page);
  for (const date of dates.blocked) await expect(dayButton(page, date)).toHaveAccessibleName(/day off, own hours/);
  await dayButton(page, dates.edited).click();
  const hours = page.getByRole('group', { name: /^Hours on / });
  await hours.getByRole('button', { name: '09:00' }).click();
  await expect(toast(page, 'Availability Updated')).toBeVisible();
  await expect(hours.getByRole('button', { name: '09:00' })).toHaveAttribute('data-state', 'not-offered');
  await hours.getByRole('button', { name: '10:00' }).click();
  await expect(hours.getByRole('button', { name: '10:00' })).toHaveAttribute('data-state', 'not-offered');
  await expect(hours.getByRole('button', { name: '11:00' })).toBeEnabled();
  const edited = ALL.filter((slot) => slot !== '09:00' && slot !== '10:00');
  days = await nextMonthDays(page.request);
  expect(days.get(dates.edited)).toEqual({ date: dates.edited, timeSlots: edited, isAvailable: true, source: 'date' });

  await openNextMonth(page);
  await expect(dayButton(page, dates.edited)).toHaveAccessibleName(/10 hours offered, own hours/);
  await dayButton(page, dates.edited).click();
  await expect(hours.getByRole('button', { name: '09:00' })).toHaveAttribute('aria-pressed', 'false');
  await expect(hours.getByRole('button', { name: '11:00' })).toHaveAttribute('aria-pressed', 'true');
  for (const date of dates.blocked) await expect(dayButton(page, date)).toHaveAccessibleName(/day off, own hours/);

  // One blocked day goes back to its weekly hours.
  await dayButton(page, dates.blocked[0]!).click();
  await page.getByRole('button', { name: 'Reset to weekly hours' }).click();
  await expect(toast(page, 'Availability Updated')).toBeVisible();
  await expect(dayButton(page, dates.blocked[0]!)).toHaveAccessibleName(/12 hours offered$/);
  days = await nextMonthDays(page.request);
  expect(days.get(dates.blocked[0]!)?.source).toBe('weekly');
  expect(days.get(dates.blocked[1]!)?.source).toBe('date');
});
