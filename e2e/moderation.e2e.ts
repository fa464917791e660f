import { expect, test, type Page } from './support/accessibility.js';
import type { Brand, Comment } from '@hunted/contracts';
import {
  ADMIN_EMAIL,
  brandInput,
  createBrand,
  postReview,
  RUN,
  signIn,
  signedInContext,
  waitForEmail,
  waitForRating,
} from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

/**
 * Reporting and moderation as the people involved meet it (issue 37, decision 0101): a member reports a comment and
 * a review of a brand from the brand page; the admin hides both from the Reports tab; the review leaves the brand's
 * rating; its author is told by email, opens the notice and appeals; the admin restores the review and the rating
 * takes it back.
 */

const author = { email: `mod-author-${RUN}@example.test`, firstName: 'Orla' };
const reporter = { email: `mod-reporter-${RUN}@example.test`, firstName: 'Piet' };
const COMMENT_TEXT = `Call me on 07700 900${RUN.slice(-3)} for a discount.`;

let brand: Brand;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  brand = await createBrand(admin.request, brandInput(`Reported ${RUN}`, { category: 'Home', location: 'France' }));
  await admin.close();

  // The author's review and comment are the journey's starting point, written through the API.
  const writer = await signedInContext(browser, author.email, author.firstName);
  await postReview(writer.request, brand.id, 4);
  const comment = await writer.request.post(`/api/brands/${brand.id}/comments`, {
    data: { content: COMMENT_TEXT },
    headers: { origin: E2E_BASE_URL },
  });
  expect(comment.status(), await comment.text()).toBe(201);
  expect(((await comment.json()) as Comment).content).toBe(COMMENT_TEXT);
  await writer.close();
});

const brandPath = () => `/brand/${brand.id}/reported`;

/** Reports one item from its Report button: a reason, then "Send report", then the thanks. */
async function report(page: Page, buttonName: RegExp, what: 'comment' | 'review', reason: string): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog', { name: `Report this ${what}` });
  await expect(dialog).toBeVisible();
  // Sending with no reason asks for one, without losing the dialog.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel(reason).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('dialog', { name: 'Report sent' }).getByText(/^Thanks for telling us/)).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The admin's decision on one item of the Reports tab (its row names it "Review of brand N" and the like). */
async function decide(page: Page, decision: 'Hide' | 'Restore', title: string, reason?: string): Promise<void> {
  await page.getByRole('button', { name: `${decision} ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${decision} “${title}”`) });
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByLabel('Why is it hidden?').fill(reason);
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function openReports(page: Page, show: 'Waiting' | 'Hidden' | 'All reported'): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reports' }).click();
  await page.getByLabel('Show').selectOption({ label: show });
}

test('a member reports a comment and a review; the admin hides both; the author appeals and the review comes back', async ({
  page,
  browser,
}) => {
  // The reporter reports both from the brand page.
  await page.goto('/');
  await signIn(page, reporter.email, reporter.firstName);
  await page.goto(brandPath());
  await expect(page.getByRole('heading', { level: 1, name: brand.name })).toBeVisible();
  await waitForRating(page.request, brand.id, 1);
  await report(page, new RegExp(`^Report review by ${author.firstName}`), 'review', 'Something else');
  await expect(page.getByText('Reported', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Comments/ }).click();
  await expect(page.getByText(COMMENT_TEXT)).toBeVisible();
  await report(page, new RegExp(`^Report comment by ${author.firstName}`), 'comment', "Someone's private information");

  // The admin finds both waiting, and hides them with a reason the author is told.
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  const adminPage = await admin.newPage();
  await openReports(adminPage, 'Waiting');
  const reviewTitle = `Review of brand ${brand.id}`;
  const commentTitle = `Comment on brand ${brand.id}`;
  await expect(adminPage.getByRole('button', { name: `Hide ${reviewTitle}` })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: `Hide ${commentTitle}` })).toBeVisible();
  await decide(adminPage, 'Hide', commentTitle, 'It shares a phone number.');
  await decide(adminPage, 'Hide', reviewTitle, 'It reads as an advert, not an experience of the brand.');

  // Off the site: the comment and the review are gone for everyone, and the rating no longer counts the review.
  await waitForRating(page.request, brand.id, 0);
  await page.reload();
  await page.getByRole('button', { name: /^Comments/ }).click();
  await expect(page.getByText(COMMENT_TEXT)).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^Report review by ${author.firstName}`) })).toBeHidden();

  // The reporter is thanked; the author is told why, with the notice's link.
  await waitForEmail(reporter.email, 'Thank you: we hid what you reported');
  await waitForEmail(author.email, 'We have hidden your comment on Hunted');
  const hidden = await waitForEmail(author.email, 'We have hidden your review on Hunted');
  const noticePath = /\/moderation\/brand-review\/\d+/.exec(hidden.text ?? '')?.[0];
  expect(noticePath, 'the notice link in the email').toBeDefined();

  // The author opens the notice, reads the reason and appeals.
  const authorContext = await signedInContext(browser, author.email, author.firstName);
  const authorPage = await authorContext.newPage();
  await authorPage.goto(noticePath!);
  await expect(authorPage.getByText('It reads as an advert, not an experience of the brand.')).toBeVisible();
  await authorPage.getByLabel('Your appeal').fill('It is my honest experience: I bought two of their candles.');
  await authorPage.getByRole('button', { name: 'Send appeal' }).click();
  await expect(authorPage.getByText('Your appeal is with our team')).toBeVisible();

  // The appeal puts the review back in the waiting queue; the admin restores it.
  await openReports(adminPage, 'Waiting');
  await decide(adminPage, 'Restore', reviewTitle);
  await expect(adminPage.getByText('Restored: it shows on the site again.')).toBeVisible();
  await waitForEmail(author.email, 'Your review is shown on Hunted again');

  // Back on the site, and back in the rating; the comment stays hidden.
  await waitForRating(page.request, brand.id, 1);
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(`^Report review by ${author.firstName}`) })).toBeVisible();
  await page.getByRole('button', { name: /^Comments/ }).click();
  await expect(page.getByText(COMMENT_TEXT)).toBeHidden();

  await authorContext.close();
  await admin.close();
});
