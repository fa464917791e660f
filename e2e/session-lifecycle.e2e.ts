import { expect, test } from './support/accessibility.js';
import {
  EXPRESS_REQUEST,
  addDays,
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  hunterPagePath,
  JOINING_MESSAGES,
  londonDateOf,
  mondayOf,
  shortDateLabel,
  weekdayLabel,
  type Hunter,
  type HunterInput,
  type JoiningDetails,
  type MyBooking,
  type OwnHunter,
  type WeeklyHours,
} from '@hunted/contracts';
import {
  approveWithPayouts,
  emailAttachment,
  moveClock,
  RUN,
  screenshot,
  signedInContext,
  signIn,
  waitForEmail,
} from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

// The session itself and after it (issue 22): a client books a WhatsApp video call two days ahead with a question and
// a photo, is told when the number comes, and gets it once the booking enters the change window (decisions 0088 and
// 0097: on the pages, and in the 24 h reminder with the updated invite, sent as the test clock enters the window);
// the hunter sees the question and photo; once the session is over (the
// test clock moved, not waited for) the client is asked for a review and writes one, the hunter replies, and the
// hunter's public page shows both to a guest, with the rating in its link preview.
const hunter = { email: `session-hunter-${RUN}@example.test`, firstName: 'Nina' };
const client = { email: `session-client-${RUN}@example.test`, firstName: 'Otto' };
const hunterName = `Nina Session ${RUN}`;
const ALL = [...AVAILABILITY_SLOTS];
const everyDay: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: ALL, sun: ALL };
const writes = { headers: { origin: E2E_BASE_URL } };
const PHONE = '+447700900123';
const QUESTION = `Which of my two coats suits a winter wedding? ${RUN}`;
const REVIEW = `Nina picked the camel coat in minutes and explained why. ${RUN}`;
const REPLY = `Thank you Otto, enjoy the wedding! ${RUN}`;
// The smallest PNG there is: one transparent pixel.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const profile: HunterInput = {
  name: hunterName,
  bio: `Coats, tailoring and independent labels. ${RUN}`,
  location: 'UK',
  specialties: ['Formal Wear'],
  adviceTypes: ['Style Consultation'],
  languages: ['English'],
  yearsExperience: 6,
  sessionTypes: DEFAULT_SESSION_TYPES,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.afterAll(async () => {
  // Later journeys run on the real clock.
  await moveClock(0);
});

test('a booked WhatsApp call carries its joining details; after it the client reviews and the public page shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const hunterContext = await signedInContext(browser, hunter.email, hunter.firstName);
  const hunterPage = await hunterContext.newPage();
  const created = await hunterPage.request.post('/api/hunters', { data: profile, ...writes });
  expect(created.status(), await created.text()).toBe(201);
  const own = (await created.json()) as OwnHunter;
  expect((await hunterPage.request.put('/api/hunter-availability/weekly', { data: everyDay, ...writes })).status()).toBe(200);

  // The hunter says how the calls happen, on the dashboard.
  await hunterPage.goto('/hunter-dashboard?tab=settings');
  const joining = hunterPage.getByRole('form', { name: 'How clients join' });
  // A number without its country code is refused, by name, before anything is saved.
  await joining.getByLabel('WhatsApp number for WhatsApp Video Call').fill('07700 900123');
  await joining.getByRole('button', { name: 'Save joining details' }).click();
  await expect(joining.getByText(JOINING_MESSAGES.phone)).toBeVisible();
  await joining.getByLabel('WhatsApp number for WhatsApp Video Call').fill(PHONE);
  await joining.getByLabel('WhatsApp number for WhatsApp Voice Message').fill(PHONE);
  await joining.getByRole('button', { name: 'Save joining details' }).click();
  await expect(async () => {
    const saved = (await (await hunterPage.request.get('/api/hunter-profile/joining-details')).json()) as JoiningDetails;
    expect(saved.whatsappVideo.phone).toBe(PHONE);
  }).toPass({ timeout: 10_000 });
  await screenshot(hunterPage, 'dashboard-joining-details');

  await approveWithPayouts(browser, hunterPage.request, own.id);
  // Private: no public read carries the number.
  const publicJson = await (await page.request.get(`/api/hunters/${own.id}`)).text();
  expect(publicJson).not.toContain('7700900123');

  // The client books the first video call offered, with a question and a photo, and pays.
  await page.goto('/');
  await signIn(page, client.email, client.firstName);
  await page.goto(`/book-session/${own.id}`);
  await page.getByLabel('Service type').selectOption('whatsappVideo');
  // The first time two days ahead (London): still cancellable for a full refund when booked (decision 0088).
  const today = londonDateOf(Date.now());
  const inTwoDays = addDays(today, 2);
  const dayLabel = `${weekdayLabel(inTwoDays)} ${shortDateLabel(inTwoDays)}`;
  const days = page.getByRole('group', { name: 'Days' });
  await expect(days).toBeVisible();
  if (mondayOf(inTwoDays) !== mondayOf(today)) await page.getByRole('button', { name: 'Next week' }).click();
  await days.getByRole('button', { name: new RegExp(`^${escapeRegExp(dayLabel)},`) }).click();
  const slot = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(dayLabel)} at \\d\\d:\\d\\d$`) }).first();
  await expect(slot).toBeVisible();
  await slot.click();
  await page.getByLabel('Your question').fill(QUESTION);
  await page.getByLabel('Add photos').setInputFiles({ name: 'coats.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(page.getByRole('img', { name: 'Photo 1: coats.png' })).toBeVisible();
  await screenshot(page, 'book-session-question');
  // Two days ahead is within the 14-day cancellation period: the express request (decision 0102).
  await page.getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${own.id}$`));
  await page.getByRole('button', { name: 'Simulate Successful Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

  // Booked days ahead: the confirmation page, /my-bookings and the email say when the number comes, not the number.
  const later = "You'll get the WhatsApp number 24 hours before";
  await expect(page.getByRole('region', { name: 'How to join' })).toContainText(later);
  await screenshot(page, 'booking-confirmed-joining-later');
  await page.goto('/my-bookings');
  const booked = page.getByRole('listitem', { name: `WhatsApp Video Call with ${hunterName}` });
  await expect(booked).toContainText(later);
  await expect(booked).not.toContainText(PHONE);
  await expect(booked).toContainText(QUESTION);
  await screenshot(page, 'my-bookings-joining-later');
  const confirmation = await waitForEmail(client.email, 'Booking confirmed');
  expect(confirmation.text).toContain(later);
  expect(confirmation.text).not.toContain(PHONE);
  const invite = await emailAttachment(confirmation, 'text/calendar');
  expect(invite).not.toContain('LOCATION');
  expect(invite).toContain('SEQUENCE:0');
  const uid = /^UID:(.+)$/m.exec(invite)?.[1]?.trim();
  expect(uid).toBeTruthy();

  // The test clock enters the change window: the number and the wa.me link on /my-bookings.
  const held = ((await (await page.request.get('/api/my-bookings')).json()) as MyBooking[]).find(
    (candidate) => candidate.hunterId === own.id,
  )!;
  expect(new Date(held.startsAt).getTime() - Date.now()).toBeGreaterThan(24 * 3_600_000);
  await moveClock(new Date(held.startsAt).getTime() - 23 * 3_600_000 - Date.now());
  await page.reload();
  await expect(booked).toContainText(PHONE);
  await expect(booked.getByRole('link', { name: /Open WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/447700900123');
  await screenshot(page, 'my-bookings-joining');
  // And the 24 h reminder, due an hour ago on the moved clock, is sent now: the release email, with the number and
  // the invite again (same UID, a higher SEQUENCE, the number as its LOCATION) (decision 0097).
  const release = await waitForEmail(client.email, 'Reminder:');
  expect(release.text).toContain(PHONE);
  const updated = await emailAttachment(release, 'text/calendar');
  expect(/^UID:(.+)$/m.exec(updated)?.[1]?.trim()).toBe(uid);
  expect(updated).toContain('SEQUENCE:1');
  expect(updated.replace(/\r?\n /g, '')).toMatch(new RegExp(`^LOCATION:.*${escapeRegExp(PHONE)}`, 'm'));

  // The hunter sees the question and the photo on the booking's row, and in the conversation it opened.
  await hunterPage.goto('/hunter-dashboard');
  const row = hunterPage.getByRole('listitem', { name: new RegExp(`^WhatsApp Video Call with ${client.firstName}`) }).filter({ hasText: QUESTION });
  await expect(row).toBeVisible();
  const photo = row.getByRole('list', { name: "Client's photos" }).locator('img').first();
  await expect(photo).toBeVisible();
  const photoUrl = (await photo.getAttribute('src'))!;
  expect((await hunterPage.request.get(photoUrl)).status()).toBe(200);
  // Only the two participants may read it.
  const stranger = await signedInContext(browser, `stranger-${RUN}@example.test`, 'Sten');
  expect((await stranger.request.get(photoUrl)).status()).toBe(404);
  await stranger.close();
  await screenshot(hunterPage, 'dashboard-booking-question');

  // The session ends: the clock moves past its end and the two hours after it, and the review request arrives.
  const mine = (await (await page.request.get('/api/my-bookings')).json()) as MyBooking[];
  const booking = mine.find((candidate) => candidate.hunterId === own.id)!;
  await moveClock(new Date(booking.endsAt).getTime() + 2 * 3_600_000 + 10 * 60_000 - Date.now());
  await waitForEmail(client.email, `How was your session with ${hunterName}`);

  // The client reviews from the email's link.
  await page.goto(`/my-bookings?review=${booking.id}`);
  const form = page.getByRole('form', { name: `Review your session with ${hunterName}` });
  // The star a person clicks: the radio itself is visually hidden inside it.
  const fiveStars = form.getByRole('radio', { name: 'Your rating: 5 stars' });
  await fiveStars.locator('xpath=..').click();
  await expect(fiveStars).toBeChecked();
  await form.getByLabel('Your review').fill(REVIEW);
  await screenshot(page, 'my-bookings-review');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText(REVIEW)).toBeVisible();

  // The hunter replies once, from the dashboard.
  await hunterPage.goto('/hunter-dashboard?tab=reviews');
  const received = hunterPage.getByRole('article').filter({ hasText: REVIEW });
  await received.getByRole('button', { name: /^Reply to / }).click();
  await received.getByLabel(/^Your reply to /).fill(REPLY);
  await received.getByRole('button', { name: 'Post reply' }).click();
  await expect(received).toContainText(REPLY);
  await screenshot(hunterPage, 'dashboard-review-reply');

  // A guest sees the rating and both texts on the public page, whose link preview shows the hunter.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await expect(async () => {
    const rated = (await (await guestPage.request.get(`/api/hunters/${own.id}`)).json()) as Hunter;
    expect(rated).toMatchObject({ rating: 5, reviewCount: 1 });
  }).toPass({ timeout: 15_000 });
  const path = hunterPagePath({ id: own.id, name: hunterName });
  await guestPage.goto(path);
  await expect(guestPage.getByRole('heading', { name: hunterName, level: 1 })).toBeVisible();
  await expect(guestPage.getByText(REVIEW)).toBeVisible();
  await expect(guestPage.getByText(REPLY)).toBeVisible();
  await expect(guestPage.getByText('(1 review)').first()).toBeVisible();
  await screenshot(guestPage, 'hunter-public-page');
  // The gateway keeps a hunter's facts for PAGE_FACTS_CACHE_TTL_MS (30 s): the head shows the rating once it renews them.
  let html = '';
  await expect
    .poll(async () => (html = await (await guestPage.request.get(path)).text()), { timeout: 45_000, intervals: [2_000] })
    .toContain('Rated 5.0/5 from 1 review.');
  expect(html).toContain(`<meta property="og:title" content="Book ${hunterName}, Style Hunter · Hunted"`);
  expect(html).not.toContain('7700900123');
  // A guest is sent to sign in, and back to this page after.
  const book = guestPage.getByRole('link', { name: 'Book a session' }).first();
  expect(await book.getAttribute('href')).toContain(encodeURIComponent(path));
  await guest.close();
  await hunterContext.close();
});
