import { expect, test, type Page } from './support/accessibility.js';
import { PNG_1X1, RUN, signedInContext } from './support/journey.js';

const signInButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true });

async function signIn(page: Page, email: string, firstName: string) {
  await signInButton(page).click();
  // The development OpenID Provider's own sign-in page.
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="firstName"]').fill(firstName);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a guest signs in, edits their profile, meets a 404 and signs out', async ({ page }) => {
  const email = `journey-${Date.now()}@example.test`;

  await page.goto('/');
  await expect(signInButton(page)).toBeVisible();

  await signIn(page, email, 'Ada');
  await expect(page).toHaveURL(/\/$/);
  // The profile menu's button is named by the member's first name.
  const profileMenu = page.getByRole('banner').getByRole('button', { name: 'Ada' });
  await expect(profileMenu).toBeVisible();
  await profileMenu.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Ada')).toBeVisible();
  await expect(menu.getByText('Member')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Edit Profile' }).click();

  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByText('Email address cannot be changed')).toBeVisible();
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Change photo').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Last Name')).toHaveValue('Lovelace');
  // The header's avatar now shows the uploaded photo, served by identity through the gateway.
  const avatar = page.getByRole('banner').locator('img').first();
  await expect(avatar).toHaveAttribute('src', /\/api\/auth\/avatars\//);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await profileMenu.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(signInButton(page)).toBeVisible();
});

test('deep links load the app and paths match case-insensitively', async ({ page }) => {
  await page.goto('/FAQ/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
});

test('a guest opening a signed-in-only page is asked to sign in and sees no data', async ({ page }) => {
  await page.goto('/saved');
  await expect(page.getByText('Please sign in')).toBeVisible();
});

test('unknown API paths answer JSON 404 and admin calls refuse guests', async ({ request }) => {
  const missing = await request.get('/api/definitely-not-here');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ message: expect.any(String) });
  const me = await request.get('/api/auth/user');
  expect(me.status()).toBe(401);
  const admin = await request.get('/api/admin/brands');
  expect(admin.status()).toBe(401);
  expect(await admin.json()).toEqual({ message: 'Please sign in to continue' });
});

// Pages whose behaviour is tested below the browser, visited so the accessibility fixture keeps checking them as a
// guest sees them (docs/decisions/0082-single-service-journeys-become-api-and-web-tests.md): the contact form
// (web/src/features/support/pages/contact-page.test.tsx, services/messaging/test/contact-through-gateway.test.ts)
// and a page the site does not have (gateway/test/pages.test.ts, web/src/app/router.test.tsx).
test('a guest opens the contact page and a page the site does not have', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

// What a member sees on /admin (and that the page asks for no admin data) is
// web/src/features/admin/pages/admin-page.test.tsx; the API's 403, gateway/test/gateway.test.ts and
// services/brands/test/admin-through-gateway.test.ts. Visited for the accessibility check of /admin as a member.
test('a member who is not an admin opens the admin dashboard', async ({ browser }) => {
  const member = await signedInContext(browser, `not-admin-${RUN}@example.test`, 'Nora');
  const page = await member.newPage();
  await page.goto('/admin');
  await expect(page.getByText('Not authorised')).toBeVisible();
  await member.close();
});
