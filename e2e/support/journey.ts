import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  ACCEPTABLE_TERMS,
  LEGAL_DOCUMENT_VERSIONS,
  TERMS_ACCEPTANCES_PATH,
  type AdminBrandInput,
  type Brand,
  type BookingDetail,
  type CreatePaymentIntentResponse,
  type SlotsResponse,
} from '@hunted/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { E2E_BASE_URL, E2E_TIME_ZONE, E2E_REDIS_PREFIX } from './system.js';

/** The e2e system's own database (see global-setup.ts); journeys read it to check what the site says. */
export const E2E_DATABASE_URL = (() => {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/hunted');
  url.pathname = '/hunted_e2e';
  return url.toString();
})();

export const ADMIN_EMAIL = 'admin@hunted.example';

/** Real PNG bytes (1×1): services check an upload's bytes against its claimed type. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A unique suffix per run, so journeys never collide with rows an earlier run left in hunted_e2e. */
export const RUN = Date.now().toString(36);

export const signInButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true });

/**
 * Signs in through the development OpenID Provider's real form, starting from the page's header, and accepts the
 * current terms and hunters' terms (acceptCurrentTerms), so a journey's bookings and hunter profiles are not stopped
 * by the terms dialog; the dialog's own journey signs in without it (`acceptTerms: false`).
 */
export async function signIn(page: Page, email: string, firstName: string, options: { acceptTerms?: boolean } = {}): Promise<void> {
  await signInButton(page).click();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="firstName"]').fill(firstName);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: firstName })).toBeVisible();
  if (options.acceptTerms !== false) await acceptCurrentTerms(page.request);
}

/**
 * Accepts the current terms and hunters' terms (decision 0103) as the member whose session `request` carries, as
 * the terms dialog does: signing up accepted the terms, but a hunter profile answers 409 until the hunters' terms are.
 */
export async function acceptCurrentTerms(request: APIRequestContext): Promise<void> {
  for (const document of ACCEPTABLE_TERMS) {
    const response = await request.post(TERMS_ACCEPTANCES_PATH, {
      data: { document, version: LEGAL_DOCUMENT_VERSIONS[document] },
      headers: { origin: E2E_BASE_URL },
    });
    expect(response.status(), `accepting the ${document}: ${await response.text()}`).toBe(200);
  }
}

/** A browser context signed in as `email`, for a member or an admin acting beside the page under test. */
export async function signedInContext(
  browser: Browser,
  email: string,
  firstName: string,
  timezoneId = E2E_TIME_ZONE,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, timezoneId });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, email, firstName);
  await page.close();
  return context;
}

export function brandInput(name: string, overrides: Partial<AdminBrandInput> = {}): AdminBrandInput {
  return {
    name,
    description: `${name} makes small-batch goods in a studio of four.`,
    category: 'Shoes',
    location: 'UK',
    delivery: 'Europe Wide',
    imageUrl: '/brand-placeholder.svg',
    websiteUrl: 'https://brand.example',
    tags: ['Handmade'],
    hashtags: ['#e2e'],
    ...overrides,
  };
}

/** Creates a brand through the admin API (the request carries the admin's session cookie and our Origin). */
export async function createBrand(admin: APIRequestContext, input: AdminBrandInput): Promise<Brand> {
  const response = await admin.post('/api/admin/brands', { data: input, headers: { origin: E2E_BASE_URL } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Brand;
}

/**
 * Posts a review through the API (as the member whose session the request context carries). The reviews service
 * learns of a new brand through an event, a moment after it is created, so a 404 is retried briefly.
 */
export async function postReview(member: APIRequestContext, brandId: number, overall: number): Promise<void> {
  const body = { speedRating: overall, easeRating: overall, qualityRating: overall, sustainabilityRating: overall };
  await expect(async () => {
    const response = await member.post(`/api/brands/${brandId}/reviews`, { data: body, headers: { origin: E2E_BASE_URL } });
    expect(response.status(), await response.text()).toBe(201);
  }).toPass({ timeout: 15_000 });
}

/** Waits until the brands service has applied the review events to a brand's rating. */
export async function waitForRating(request: APIRequestContext, brandId: number, ratingCount: number): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`/api/brands/${brandId}`)).json()) as Brand).ratingCount, { timeout: 15_000 })
    .toBe(ratingCount);
}

export async function voteRows(brandId: number): Promise<number> {
  const db = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from brands.votes where brand_id = $1', [brandId]);
    return rows[0]!.n;
  } finally {
    await db.end();
  }
}

export const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

/** When E2E_SCREENSHOTS is a directory, the page at 390 and 1280 px wide, for a person to look at. */
export async function screenshot(page: Page, label: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the layout at the new width has been drawn.
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    await page.screenshot({ path: `${dir}/${label}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Approves a pending hunter profile through the admin API (the request carries an admin's session). */
export async function approveHunter(admin: APIRequestContext, hunterId: number): Promise<void> {
  const approved = await admin.post(`/api/admin/hunters/${hunterId}/approve`, { data: {}, headers: { origin: E2E_BASE_URL } });
  expect(approved.ok(), await approved.text()).toBe(true);
}

/**
 * Takes a freshly created hunter profile (pending) to one a client can book and pay: an admin approves it, and the
 * hunter connects simulated payouts (the e2e system runs without Stripe keys). Waits until the public profile says
 * so, which is when hunters has applied bookings' payout event (bookings' copy sees the approval a moment later:
 * callers that need slots wait for them).
 */
export async function approveWithPayouts(browser: Browser, hunter: APIRequestContext, hunterId: number): Promise<void> {
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  await approveHunter(admin.request, hunterId);
  await admin.close();
  await expect(async () => {
    // bookings learns of the approval through an event; onboarding before it answers 409
    const onboarding = await hunter.post('/api/hunter-payouts/onboarding', { headers: { origin: E2E_BASE_URL } });
    expect(onboarding.ok(), await onboarding.text()).toBe(true);
  }).toPass({ timeout: 15_000 });
  const enabled = await hunter.post('/api/hunter-payouts/simulated/enable', { headers: { origin: E2E_BASE_URL } });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  await expect(async () => {
    const response = await hunter.get(`/api/hunters/${hunterId}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ verified: true, takesPaidBookings: true });
  }).toPass({ timeout: 15_000 });
}

/**
 * Holds the first offered video call (£80, 60 minutes) of next week and pays for it in simulated mode, all through
 * the API, as the member whose session `request` carries.
 */
export async function bookPaidSession(request: APIRequestContext, hunterId: number): Promise<BookingDetail> {
  const writes = { headers: { origin: E2E_BASE_URL } };
  const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  let slot: { sessionDate: string; sessionTime: string } | undefined;
  await expect(async () => {
    const response = await request.get(`/api/hunters/${hunterId}/slots?from=${from}&to=${to}&sessionType=whatsappVideo`);
    const day = ((await response.json()) as SlotsResponse).days.find((candidate) => candidate.slots.length > 0);
    expect(day).toBeDefined();
    slot = { sessionDate: day!.date, sessionTime: day!.slots[0]!.time };
  }).toPass({ timeout: 20_000 });
  const choice = { hunterId, sessionType: 'whatsappVideo', duration: 60, ...slot! };
  const held = await request.post('/api/create-payment-intent', { data: { ...choice, amount: 8000, expressRequest: true }, ...writes });
  expect(held.status(), await held.text()).toBe(200);
  const hold = (await held.json()) as CreatePaymentIntentResponse;
  const paid = await request.post('/api/bookings', {
    data: { ...choice, price: 80, bookingId: hold.bookingId, stripePaymentIntentId: hold.clientSecret.replace(/_secret.*$/, '') },
    ...writes,
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return (await paid.json()) as BookingDetail;
}

/**
 * Moves every service's clock of session rules (TEST_CLOCK=on) to `offsetMs` ahead of the real one, as
 * libs/platform's clock follows it: the shared offset in Redis and a message that tells the running services.
 * Resolves once every service has heard it. `moveClock(0)` puts the clock back.
 */
export async function moveClock(offsetMs: number): Promise<void> {
  const key = `${E2E_REDIS_PREFIX}test-clock:offset`;
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  try {
    await redis.set(key, String(offsetMs));
    // identity, brands, reviews, hunters, bookings, messaging (the gateway keeps the real clock)
    expect(await redis.publish(key, String(offsetMs))).toBeGreaterThanOrEqual(6);
  } finally {
    redis.disconnect();
  }
}

// startHunted runs maildev for the e2e system (SMTP 1125, web 8125: the default ports + 100).
export const MAIL_CATCHER = 'http://127.0.0.1:8125';

export interface CaughtEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
  attachments?: { contentType: string; fileName?: string; generatedFileName?: string }[];
}

/** The first caught email to `address` whose subject starts with `subject`, waiting up to 30 s for it. */
export async function waitForEmail(address: string, subject: string): Promise<CaughtEmail> {
  let found: CaughtEmail | undefined;
  await expect
    .poll(
      async () => {
        const emails = (await (await fetch(`${MAIL_CATCHER}/api/email`)).json()) as CaughtEmail[];
        found = emails.find((email) => email.subject.startsWith(subject) && email.to.some((to) => to.address === address));
        return Boolean(found);
      },
      { timeout: 30_000, message: `an email "${subject}…" to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The text of a caught email's attachment (an invite's .ics). */
export async function emailAttachment(email: CaughtEmail, contentType: string): Promise<string> {
  const file = email.attachments?.find((attachment) => attachment.contentType.startsWith(contentType));
  expect(file, `an attachment of type ${contentType}`).toBeDefined();
  const name = file!.generatedFileName ?? file!.fileName ?? '';
  return (await fetch(`${MAIL_CATCHER}/api/email/${email.id}/attachment/${encodeURIComponent(name)}`)).text();
}
