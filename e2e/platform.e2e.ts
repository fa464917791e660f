import { expect, test } from './support/accessibility.js';
import { RUN, signedInContext } from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

/**
 * Pages whose behaviour is tested below the browser, visited here so the accessibility fixture keeps checking them
 * as their visitors see them; which tests assert each page's behaviour is the table of
 * docs/decisions/0082-single-service-journeys-become-api-and-web-tests.md. The sign-in through the OpenID provider's
 * form is every other journey's (`signIn` in support/journey.ts).
 */

test('a guest opens the contact page, the FAQ by a deep link in capitals, a signed-in page and a page the site does not have', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();

  await page.goto('/FAQ/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);

  await page.goto('/saved');
  await expect(page.getByText('Please sign in')).toBeVisible();

  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

// A member, neither an admin nor a hunter: the fixture checks each page as the role the session has once the
// journey is over, so Nora stays a member.
test('a member opens the admin dashboard, Become a Hunter, the hunter profile form and a page the site does not have', async ({
  browser,
}) => {
  const member = await signedInContext(browser, `not-admin-${RUN}@example.test`, 'Nora');
  const page = await member.newPage();
  await page.goto('/admin');
  await expect(page.getByText('Not authorised')).toBeVisible();
  await page.goto('/become-hunter');
  await expect(page.getByRole('link', { name: 'Create your hunter profile' }).first()).toBeVisible();
  await page.goto('/create-hunter-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Hunter Profile' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await member.close();
});

// The legal pages are read by guests from the footer on any page: each shows its version date and the operator's
// details from the gateway's configuration (the web tests of features/legal assert the texts).
test('a guest reads the terms, the hunter terms, the privacy notice and the cookie notice from the footer', async ({
  page,
}) => {
  await page.goto('/contact');
  const footer = page.getByRole('contentinfo');
  for (const [link, heading] of [
    ['Terms', 'Terms of Service'],
    ['Hunter terms', 'Hunter Terms'],
    ['Privacy', 'Privacy Notice'],
    ['Cookies', 'Cookie Notice'],
  ] as const) {
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('main time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  }
});

// The legal pages are served drawn (decision 0107): their text is in the HTML before any script runs, and the app,
// once its scripts have run, draws the same page in its place with the operator's details filled in.
test('the legal pages are readable before any script runs, and the same page once the app has drawn it', async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  for (const [path, heading] of [
    ['/terms', 'Terms of Service'],
    ['/hunter-terms', 'Hunter Terms'],
    ['/privacy', 'Privacy Notice'],
    ['/cookies', 'Cookie Notice'],
  ] as const) {
    await plain.goto(path);
    await expect(plain.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(plain.locator('main time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(plain.locator('#root')).toHaveAttribute('data-prerendered', '');
  }
  await noScript.close();

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  // The operator's card is drawn by the app (the served page says its details are loading).
  await expect(page.getByRole('region', { name: 'Who runs Hunted' }).locator('address')).toBeVisible();
  // Another page opened directly is served with the app's frame, not drawn.
  await page.goto('/faq');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', '');
});
