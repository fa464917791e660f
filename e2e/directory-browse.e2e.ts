import { expect, test } from './support/accessibility.js';
import { ADMIN_EMAIL, brandInput, createBrand, postReview, RUN, screenshot, signedInContext, toast, waitForRating } from './support/journey.js';

// 20 accessory brands (8 in the UK, 12 in France: half of those reviewed 5 and 4 (rating 4.5), half reviewed 3)
// and 10 beauty brands, made by an admin and reviewed by two members through the API. Other journeys add brands
// too, but none in these two categories, so the counts below are exact.
test.beforeAll(async ({ browser, request }) => {
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  const first = await signedInContext(browser, `browse-reviewer-1-${RUN}@example.test`, 'Bea');
  const second = await signedInContext(browser, `browse-reviewer-2-${RUN}@example.test`, 'Cal');
  for (let i = 1; i <= 30; i++) {
    const accessories = i <= 20;
    const french = accessories && i > 8;
    const brand = await createBrand(
      admin.request,
      brandInput(`Browse ${RUN} ${String(i).padStart(2, '0')}`, {
        category: accessories ? 'Accessories' : 'Beauty',
        location: french ? 'France' : 'UK',
      }),
    );
    if (!french) continue;
    if (i % 2 === 0) {
      await postReview(first.request, brand.id, 5);
      await postReview(second.request, brand.id, 4);
      await waitForRating(request, brand.id, 2);
    } else {
      await postReview(first.request, brand.id, 3);
      await waitForRating(request, brand.id, 1);
    }
  }
  await Promise.all([admin.close(), first.close(), second.close()]);
});

test('a guest narrows the directory from a footer category, opens a brand, and comes back to the same place', async ({ page, request }) => {
  const everything = (await (await request.get('/api/brands')).json()) as unknown[];

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessories', exact: true }).click();
  await expect(page).toHaveURL(/\/brands\?category=Accessories$/);
  const count = page.getByText(/^\d+ brand\(s\) found$/);
  await expect(count).toHaveText('20 brand(s) found');

  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByLabel('Location').selectOption('France');
  await expect(count).toHaveText('12 brand(s) found');
  await filters.getByLabel('Rating').selectOption('4');
  await expect(count).toHaveText('6 brand(s) found');
  // Each card's rank within its category comes from the server's count over the whole directory.
  await expect(page.getByText('#1 in Accessories')).toBeVisible();
  await screenshot(page, 'brands-filtered');
  await expect(page).toHaveURL(/category=Accessories/);
  await expect(page).toHaveURL(/location=France/);

  await filters.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(count).toHaveText(`${everything.length} brand(s) found`);
  await expect(filters.getByLabel('Location')).toHaveValue('all');

  // Far enough down the list that coming back to the top would be noticed.
  // Cards render a batch at a time as the grid's end comes into view, and other journeys' brands (the access
  // matrix's rated ones) may rank above these: scroll until the 15th of ours is there.
  const ours = page.getByRole('link', { name: /^View Details of Browse / });
  await expect(async () => {
    await page.mouse.wheel(0, 1_500);
    expect(await ours.count()).toBeGreaterThan(14);
  }).toPass({ timeout: 20_000 });
  const target = ours.nth(14);
  // Centred on it, away from the grid's end: scrolled to the very bottom, the position would count the height of the
  // next page's loading row, which a list that comes back whole no longer has (the browser then stops short).
  await target.evaluate((card) => card.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  const scrolledTo = await page.evaluate(() => window.scrollY);
  const brandName = ((await target.getAttribute('aria-label')) ?? '').replace('View Details of ', '');
  await target.click();

  await expect(page).toHaveURL(/\/brand\/\d+\/browse-/);
  await expect(page.getByRole('heading', { level: 1, name: brandName })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Vote, \\d+ votes?, for ${brandName}$`) }).click();
  await expect(toast(page, 'Sign in required')).toBeVisible();
  await expect(toast(page, 'Sign in required')).toContainText('Please sign in to vote for brands.');

  await page.goBack();
  await expect(page).toHaveURL(/\/brands$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThanOrEqual(5);
});
