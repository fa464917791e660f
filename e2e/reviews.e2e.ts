import { expect, test, type Page } from './support/accessibility.js';
import type { Brand, Review } from '@hunted/contracts';
import { ADMIN_EMAIL, brandInput, createBrand, PNG_1X1, RUN, signIn, signedInContext, toast, waitForRating } from './support/journey.js';


let brand: Brand;
const member = { email: `reviewer-${RUN}@example.test`, firstName: 'Rhea' };

test.beforeAll(async ({ browser }) => {
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  brand = await createBrand(admin.request, brandInput(`Reviewed ${RUN}`, { category: 'Home', location: 'Sweden' }));
  await admin.close();
});

const brandPath = () => `/brand/${brand.id}/reviewed`;

/** Waits until the reviews service shows the reviewer under `name` (a rename reaches it through an event). */
async function waitForReviewerName(page: Page, name: string): Promise<void> {
  await expect
    .poll(async () => ((await (await page.request.get(`/api/brands/${brand.id}/reviews`)).json()) as Review[]).map((review) => review.userName), {
      timeout: 30_000,
    })
    .toContain(name);
}

/** Clicks the star a person would: the radio itself is visually hidden inside its star. */
async function rate(page: Page, category: string, stars: number): Promise<void> {
  const radio = page.getByLabel(`${category}: ${stars} stars`);
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

test.describe.configure({ mode: 'serial' });

test('a member reviews a brand with photos; the rating, carousel, gallery and lightbox follow', async ({ page }) => {
  await page.goto('/');
  await signIn(page, member.email, member.firstName);
  await page.goto(brandPath());
  await expect(page.getByRole('heading', { level: 1, name: brand.name })).toBeVisible();

  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Please complete all ratings')).toBeVisible();
  await expect(page.getByText('Please rate all categories to submit your review')).toBeVisible();

  await rate(page, 'Speed', 5);
  await rate(page, 'Ease', 4);
  await rate(page, 'Quality', 4);
  await rate(page, 'Sustainability', 3);
  await expect(page.getByText('4.0', { exact: true })).toBeVisible();
  await page.getByLabel(/Your review/).fill('Beautiful candles, <b>lovely</b> packaging.');
  await page.getByLabel('Add photos').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: PNG_1X1 },
    { name: 'two.png', mimeType: 'image/png', buffer: PNG_1X1 },
  ]);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Review submitted!')).toBeVisible();
  await expect(page.getByText('You have already reviewed this brand')).toBeVisible();
  await expect(page.getByText('Beautiful candles, <b>lovely</b> packaging.')).toBeVisible();

  // The brand's rating is kept by the brands service from the review event.
  await waitForRating(page.request, brand.id, 1);
  await page.reload();
  await expect(page.locator('main').getByText('(1 review)').first()).toBeVisible();
  await expect(page.getByText('You have already reviewed this brand')).toBeVisible();

  // Carousel: the brand's image, then the two review photos, credited to the reviewer.
  await expect(page.getByText('1 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next photo' }).first().click();
  await expect(page.getByText('2 / 3')).toBeVisible();
  await expect(page.getByText(`Photo by ${member.firstName}`).first()).toBeVisible();

  await page.getByRole('button', { name: /^View All Photos \(\d+\)$/ }).click();
  const gallery = page.getByRole('dialog', { name: /All Photos/ });
  await expect(gallery).toBeVisible();
  await gallery.getByRole('button', { name: /^Open photo 2 of 3/ }).click();
  const lightbox = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(lightbox.getByText('2 / 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('3 / 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('1 / 3')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox.getByText('3 / 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();

  // A review's thumbnail opens that review's own photos.
  await page.getByRole('button', { name: /^Open photo 2 from .+'s review$/ }).click();
  await expect(lightbox.getByText('2 / 2')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('1 / 2')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  await page.goto('/brands');
  await page.getByLabel('Search brands').fill(brand.name);
  await expect(page.getByText('1 brand(s) found')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: brand.name }).getByText('(1 review)')).toBeVisible();
});

test('a member comments (markup stays text); a guest is asked to sign in', async ({ page, browser }) => {
  await page.goto('/');
  await signIn(page, member.email, member.firstName);
  await page.goto(brandPath());
  await page.getByRole('button', { name: /^Comments/ }).click();
  await expect(page.getByText('500 characters remaining')).toBeVisible();
  const box = page.getByLabel('Write a comment');
  await box.fill('Where do you ship from?');
  await expect(page.getByText('477 characters remaining')).toBeVisible();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, 'Comment posted!')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.getByText('Where do you ship from?')).toBeVisible();

  await box.fill('<script>window.__hacked = true</script>');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('<script>window.__hacked = true</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
  await expect(page.getByRole('button', { name: 'Hide Comments' })).toBeVisible();

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(brandPath());
  await guestPage.getByRole('button', { name: /^Comments/ }).click();
  await expect(guestPage.getByText('You need to be signed in to post comments.')).toBeVisible();
  await expect(guestPage.getByText('Where do you ship from?')).toBeVisible();
  await expect(guestPage.getByText('Please log in to write a review')).toBeVisible();
  await guest.close();
});

test('a member renames themself; their review and comment show the new name', async ({ page }) => {
  await page.goto('/');
  await signIn(page, member.email, member.firstName);
  await page.goto('/edit-profile');
  await page.getByLabel('First Name').fill('Rhiannon');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();

  await waitForReviewerName(page, 'Rhiannon');
  await page.goto(brandPath());
  const reviews = page.locator('#reviews');
  await expect(reviews.getByText('Rhiannon').first()).toBeVisible();
  await expect(reviews.getByText(/^Rhea$/)).toHaveCount(0);
  await page.getByRole('button', { name: /^Comments/ }).click();
  const comment = page.getByRole('listitem').filter({ hasText: 'Where do you ship from?' });
  await expect(comment.getByText('Rhiannon')).toBeVisible();
  await expect(comment.getByText(/^Rhea$/)).toHaveCount(0);
});
