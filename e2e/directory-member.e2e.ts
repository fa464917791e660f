import { expect, test, type Page } from '@playwright/test';
import type { Brand } from '@hunted/contracts';
import { ADMIN_EMAIL, brandInput, createBrand, RUN, signIn, signedInContext, toast, voteRows } from './support/journey.js';

let target: Brand;

test.beforeAll(async ({ browser }) => {
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  target = await createBrand(admin.request, brandInput(`Member Target ${RUN}`, { category: 'Bags', location: 'Italy' }));
  await admin.close();
});

const voteButton = (page: Page) => page.getByRole('button', { name: `Vote for ${target.name}` });

test('a member votes once, is told when voting again, and saves then unsaves a brand', async ({ page }) => {
  await page.goto('/');
  await signIn(page, `member-${RUN}@example.test`, 'Mina');

  await page.goto(`/brand/${target.id}/member-target`);
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  await expect(voteButton(page)).toContainText('0');
  await voteButton(page).click();
  await expect(toast(page, 'Vote recorded!')).toBeVisible();
  await expect(toast(page, 'Vote recorded!')).toContainText('Thanks for supporting this brand.');
  await expect(voteButton(page)).toContainText('1');
  expect(await voteRows(target.id)).toBe(1);

  await voteButton(page).click();
  await expect(toast(page, "Oops we think you've already voted")).toBeVisible();
  await expect(voteButton(page)).toContainText('1');
  expect(await voteRows(target.id)).toBe(1);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Brand saved!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Mina' }).click();
  await page.getByRole('menuitem', { name: 'Favourites' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByText('You have 1 saved brand')).toBeVisible();
  await page.getByRole('link', { name: target.name }).first().click();

  await expect(page).toHaveURL(new RegExp(`/brand/${target.id}/`));
  await page.getByRole('button', { name: 'Saved', exact: true }).click();
  await expect(toast(page, 'Brand removed')).toBeVisible();
  await page.goto('/saved');
  await expect(page.getByText('No saved brands yet')).toBeVisible();
});
