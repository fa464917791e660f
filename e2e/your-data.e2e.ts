import { unzipSync, strFromU8 } from 'fflate';
import { expect, test } from './support/accessibility.js';
import {
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  type Brand,
  type BookingDetail,
  type ConversationSummary,
  type CurrentUserResponse,
  type EmailPreferencesResponse,
  type HunterInput,
  type MyBooking,
  type OwnHunter,
  type SlotsResponse,
  type WeeklyHours,
} from '@hunted/contracts';
import {
  ADMIN_EMAIL,
  MAIL_CATCHER,
  approveHunter,
  brandInput,
  createBrand,
  moveClock,
  PNG_1X1,
  RUN,
  screenshot,
  signedInContext,
  signIn,
  waitForEmail,
  type CaughtEmail,
} from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

// Your data, your say (issue 36, decision 0098): a member who voted, saved, reviewed with a photo, commented, booked
// a free session and messaged downloads an archive holding each of those; a message nudge carries RFC 8058's two
// headers and a one-click POST to its link turns the nudges off; after the session the member deletes the account,
// the brand keeps its vote count and shows the review as 'Former member', and signing in again with the same
// provider account gives a new, empty account. It moves the session clock, so it runs alone.
const member = { email: `data-member-${RUN}@example.test`, firstName: 'Dora' };
const hunter = { email: `data-hunter-${RUN}@example.test`, firstName: 'Hugo' };
const hunterName = `Hugo Data ${RUN}`;
const ALL = [...AVAILABILITY_SLOTS];
const everyDay: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: ALL, sun: ALL };
const writes = { headers: { origin: E2E_BASE_URL } };
const REVIEW = `Soles that last, stitched by hand. ${RUN}`;
const COMMENT = `Do they ship to Lisbon? ${RUN}`;
const QUESTION = `Which of their boots suits a wide foot? ${RUN}`;
const MESSAGE = `Here are my sizes before we talk. ${RUN}`;
const REPLY = `Thanks Dora, I have a few ideas. ${RUN}`;
const PNG_DATA_URL = `data:image/png;base64,${PNG_1X1.toString('base64')}`;

const profile: HunterInput = {
  name: hunterName,
  bio: `Boots, leather and repairs. ${RUN}`,
  location: 'UK',
  specialties: ['Formal Wear'],
  adviceTypes: ['Style Consultation'],
  languages: ['English'],
  yearsExperience: 4,
  sessionTypes: { ...DEFAULT_SESSION_TYPES, askQuestion: { enabled: true, price: 0, duration: 15 } },
};

/** A header of a raw message (its folded lines joined), or '' when it has none. */
function headerOf(source: string, name: string): string {
  const head = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

test.afterAll(async () => {
  // Later journeys run on the real clock.
  await moveClock(0);
});

test('a member downloads everything, turns nudges off in one click, then deletes the account across every service', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  const brand = await createBrand(admin.request, brandInput(`Data Boots ${RUN}`));

  const hunterContext = await signedInContext(browser, hunter.email, hunter.firstName);
  const created = await hunterContext.request.post('/api/hunters', { data: profile, ...writes });
  expect(created.status(), await created.text()).toBe(201);
  const own = (await created.json()) as OwnHunter;
  expect(
    (await hunterContext.request.put('/api/hunter-availability/weekly', { data: everyDay, ...writes })).status(),
  ).toBe(200);
  await approveHunter(admin.request, own.id);

  // The member leaves a trace in every service.
  await page.goto('/');
  await signIn(page, member.email, member.firstName);
  const before = (await (await page.request.get('/api/auth/user')).json()) as CurrentUserResponse;
  expect((await page.request.post(`/api/brands/${brand.id}/vote`, writes)).status()).toBeLessThan(300);
  expect((await page.request.post(`/api/brands/${brand.id}/save`, writes)).status()).toBeLessThan(300);
  await expect(async () => {
    const response = await page.request.post(`/api/brands/${brand.id}/reviews`, {
      data: {
        speedRating: 5,
        easeRating: 4,
        qualityRating: 5,
        sustainabilityRating: 4,
        reviewText: REVIEW,
        photos: [PNG_DATA_URL],
      },
      ...writes,
    });
    expect(response.status(), await response.text()).toBe(201);
  }).toPass({ timeout: 15_000 });
  const commented = await page.request.post(`/api/brands/${brand.id}/comments`, {
    data: { content: COMMENT },
    ...writes,
  });
  expect(commented.status(), await commented.text()).toBe(201);
  const votesBefore = ((await (await page.request.get(`/api/brands/${brand.id}`)).json()) as Brand).votes;
  expect(votesBefore).toBe(1);

  // A free question to the hunter, the first time offered from tomorrow.
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  let slot: { sessionDate: string; sessionTime: string } | undefined;
  await expect(async () => {
    const slots = (await (
      await page.request.get(`/api/hunters/${own.id}/slots?from=${from}&to=${to}&sessionType=askQuestion`)
    ).json()) as SlotsResponse;
    const day = slots.days.find((candidate) => candidate.slots.length > 0);
    expect(day).toBeDefined();
    slot = { sessionDate: day!.date, sessionTime: day!.slots[0]!.time };
  }).toPass({ timeout: 20_000 });
  const booked = await page.request.post('/api/bookings', {
    data: {
      hunterId: own.id,
      sessionType: 'askQuestion',
      ...slot!,
      duration: 15,
      price: 0,
      stripePaymentIntentId: null,
      expressRequest: true,
      notes: QUESTION,
    },
    ...writes,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as BookingDetail;

  // The booking opens the conversation (an event away); the member writes, the hunter answers, the member does not read it.
  let conversationId = '';
  await expect(async () => {
    const conversations = (await (await page.request.get('/api/conversations')).json()) as ConversationSummary[];
    expect(conversations).toHaveLength(1);
    conversationId = conversations[0]!.id;
  }).toPass({ timeout: 30_000 });
  const hunterUser = (await (await hunterContext.request.get('/api/auth/user')).json()) as CurrentUserResponse;
  const say = async (from: typeof page.request, content: string, receiverId: string) => {
    const sent = await from.post(`/api/conversations/${conversationId}/messages`, {
      data: { content, receiverId },
      ...writes,
    });
    expect(sent.status(), await sent.text()).toBe(201);
  };
  await say(page.request, MESSAGE, hunterUser.id);
  await say(hunterContext.request, REPLY, before.id);

  // Download my data: assembled in the background, offered only once every service's part is in.
  await page.goto('/edit-profile#your-data');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = yourData.getByRole('link', { name: 'Download archive' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'edit-profile-your-data');
  const archive = await page.request.get((await download.getAttribute('href'))!);
  expect(archive.status()).toBe(200);
  expect(archive.headers()['content-type']).toContain('application/zip');
  const files = unzipSync(new Uint8Array(await archive.body()));
  const names = Object.keys(files);
  expect(names).toContain('README.md');
  for (const service of ['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging']) {
    expect(names, `${service}'s README`).toContain(`${service}/README.md`);
  }
  const textOf = (service: string) =>
    names
      .filter((name) => name.startsWith(`${service}/`) && name.endsWith('.json'))
      .map((name) => strFromU8(files[name]!))
      .join('\n');
  expect(textOf('identity')).toContain(member.email);
  // The vote (with its date and the address it came from) and the save name the brand.
  expect(textOf('brands')).toContain(`Data Boots ${RUN}`);
  expect(textOf('brands')).toMatch(/"ip/i);
  expect(textOf('reviews')).toContain(REVIEW);
  expect(textOf('reviews')).toContain(COMMENT);
  expect(
    names.some((name) => name.startsWith('reviews/') && /\.(png|jpe?g|webp)$/.test(name)),
    'the review photo',
  ).toBe(true);
  expect(textOf('bookings')).toContain(QUESTION);
  expect(textOf('messaging')).toContain(MESSAGE);
  expect(textOf('messaging')).toContain(REPLY);
  // Nobody else can fetch it.
  const stranger = await signedInContext(browser, `data-stranger-${RUN}@example.test`, 'Sven');
  expect((await stranger.request.get((await download.getAttribute('href'))!)).status()).toBe(404);
  await stranger.close();

  // The session ends (the test clock moves past it, and past the nudge's delay): the unread reply is nudged.
  await moveClock(new Date(booking.endsAt).getTime() + 2 * 3_600_000 - Date.now());
  const caught = await waitForEmail(member.email, `New message from ${hunter.firstName}`);
  // The headers as they went out (the parsed email folds List-* headers away): the raw source's header block.
  const nudge = (await (await fetch(`${MAIL_CATCHER}/api/email/${caught.id}`)).json()) as CaughtEmail;
  const source = await (await fetch(`${MAIL_CATCHER}/api/email/${caught.id}/source`)).text();
  expect(headerOf(source, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const listUnsubscribe = headerOf(source, 'list-unsubscribe');
  expect(listUnsubscribe).toMatch(/<mailto:/);
  const oneClick = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe)?.[1];
  expect(oneClick, listUnsubscribe).toBeDefined();
  // The footer says why, and links to the preferences.
  expect(nudge.text).toContain('Email preferences');

  // The link a person follows shows what was turned off, with a way back.
  const token = new URL(oneClick!).searchParams.get('token')!;
  await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
  await expect(page.getByText("You won't get Message nudges emails any more.")).toBeVisible();
  await screenshot(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Turn them back on' }).click();
  await expect(page.getByText('Message nudges emails are back on.')).toBeVisible();
  const preferences = async () =>
    ((await (await page.request.get('/api/email-preferences')).json()) as EmailPreferencesResponse).preferences;
  expect((await preferences())['message-nudges']).toBe(true);

  // A mail provider's one-click POST (RFC 8058: no session, no Origin, no confirmation page) turns them off.
  const providerContext = await browser.newContext();
  const posted = await providerContext.request.post(oneClick!, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await providerContext.close();
  expect((await preferences())['message-nudges']).toBe(false);
  await page.goto('/edit-profile#email-preferences');
  await expect(page.getByRole('switch', { name: 'Message nudges' })).not.toBeChecked();
  await screenshot(page, 'edit-profile-email-preferences');

  // Delete my account: the email typed in, then every session ends at once.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/my-bookings')).json()) as MyBooking[]).find(
          (mine) => mine.id === booking.id,
        )?.status,
      {
        timeout: 60_000,
      },
    )
    .toBe('completed');
  await page.goto('/edit-profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/email/i).fill(member.email.toUpperCase());
  await screenshot(page, 'delete-account-dialog');
  await confirm.click();
  await expect(page).toHaveURL(/\/account-deleted$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await screenshot(page, 'account-deleted');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // Every service erased its part: the brand keeps its vote count and shows the review as 'Former member'.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await expect(async () => {
    const html = await (await guestPage.request.get(`/api/brands/${brand.id}/reviews`)).text();
    expect(html).toContain(REVIEW);
    expect(html).toContain('Former member');
    expect(html).not.toContain(member.firstName);
  }).toPass({ timeout: 30_000 });
  expect(((await (await guestPage.request.get(`/api/brands/${brand.id}`)).json()) as Brand).votes).toBe(votesBefore);
  await guestPage.goto(`/brand/${brand.id}`);
  await expect(guestPage.getByText(REVIEW)).toBeVisible();
  await expect(guestPage.getByText('Former member').first()).toBeVisible();
  await screenshot(guestPage, 'brand-former-member');
  // The hunter still has the thread, from a former member.
  await expect(async () => {
    const threads = (await (await hunterContext.request.get('/api/hunter-conversations')).json()) as unknown;
    expect(JSON.stringify(threads)).toContain('Former member');
  }).toPass({ timeout: 30_000 });
  // The admins see every service done.
  await expect(async () => {
    const deletions = (await (await admin.request.get('/api/admin/deletions')).json()) as {
      deletions: { userId: string; status: string }[];
    };
    expect(deletions.deletions.find((row) => row.userId === before.id)?.status).toBe('done');
  }).toPass({ timeout: 30_000 });
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Deletions' }).click();
  await expect(adminPage.getByRole('tabpanel')).toContainText('Done');
  await screenshot(adminPage, 'admin-deletions');

  // Signing in again with the same provider account makes a new, empty account.
  await page.goto('/');
  await signIn(page, member.email, member.firstName);
  const after = (await (await page.request.get('/api/auth/user')).json()) as CurrentUserResponse;
  expect(after.id).not.toBe(before.id);
  expect(after.profileImageUrl).toBeNull();
  expect(await (await page.request.get('/api/saved-brands')).json()).toEqual([]);
  expect(await (await page.request.get('/api/my-bookings')).json()).toEqual([]);
  expect(await (await page.request.get('/api/conversations')).json()).toEqual([]);

  await guest.close();
  await hunterContext.close();
  await admin.close();
});
