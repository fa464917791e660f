import { readFile } from 'node:fs/promises';
import { expect, test } from './support/accessibility.js';
import { ADMIN_EMAIL, RUN, signIn, signedInContext, toast } from './support/journey.js';

test('an admin creates, edits and deletes a brand, and bulk uploads brands from a CSV', async ({ page, request }) => {
  const name = `Admin Made ${RUN}`;
  await page.goto('/');
  await signIn(page, ADMIN_EMAIL, 'Ada');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Brand' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Brand' });
  await create.getByLabel('Brand Name').fill(name);
  await create.getByLabel('Description').fill('Recycled-wool coats from a Glasgow mill.');
  await create.getByLabel('Category').selectOption('Clothing');
  await create.getByLabel('Location').selectOption('UK');
  await create.getByLabel('Delivery').selectOption('Europe Wide');
  await create.getByLabel('Image URL').fill('https://images.example/coat.jpg');
  await create.getByLabel('Website').fill('https://admin-made.example');
  await create.getByRole('button', { name: 'Create Brand' }).click();
  await expect(toast(page, 'Brand created successfully')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  const created = ((await (await request.get('/api/brands', { params: { search: name } })).json()) as { id: number; name: string }[])
    .find((brand) => brand.name === name);
  expect(created).toBeDefined();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Brand' });
  await edit.getByLabel('Description').fill('Recycled-wool coats and scarves from a Glasgow mill.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Brand updated successfully')).toBeVisible();
  const edited = await (await request.get(`/api/brands/${created!.id}`)).json();
  expect(edited.description).toBe('Recycled-wool coats and scarves from a Glasgow mill.');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this brand?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Brand deleted successfully')).toBeVisible();
  expect((await request.get(`/api/brands/${created!.id}`)).status()).toBe(404);

  await page.getByRole('tab', { name: 'Bulk Upload' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV template' }).click();
  const template = await readFile(await (await downloading).path(), 'utf8');
  const header = template.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
  expect(header.split(',')).toEqual(expect.arrayContaining(['name', 'category', 'location', 'delivery', 'priceCategory']));

  const csv = [
    'name,category,location,delivery,priceCategory,description,website,instagram,tags',
    `Csv One ${RUN},Shoes,France,Europe Wide,££,Espadrilles,https://one.example,@csvone,Handmade`,
    `Csv Two ${RUN},Bags,Italy,International,£££,Leather totes,https://two.example,,Skilled Artisan|Handmade`,
    `Csv Three ${RUN},Home,Denmark,Local Only,£,Candles,,@csvthree,`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'brands.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Successfully uploaded 3 brands')).toBeVisible();
  const uploaded = (await (await request.get('/api/brands', { params: { search: `Csv ${RUN}` } })).json()) as unknown[];
  expect(uploaded).toHaveLength(3);

  const bad = [
    'name,category,location,delivery,priceCategory',
    `Csv Good ${RUN},Shoes,UK,Local Only,££`,
    `Csv Bad ${RUN},Spaceships,UK,Local Only,££`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Failed to upload CSV')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rows to fix' })).toContainText('Line 3, category:');
  expect(((await (await request.get('/api/brands', { params: { search: `Csv Good ${RUN}` } })).json()) as unknown[])).toHaveLength(0);
});

test('a signed-in member who is not an admin sees no admin data', async ({ browser }) => {
  const member = await signedInContext(browser, `not-admin-${RUN}@example.test`, 'Nora');
  const page = await member.newPage();
  const adminCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/admin/')) adminCalls.push(req.url());
  });
  await page.goto('/admin');
  await expect(page.getByText('Not authorised')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Brand Management' })).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  expect((await member.request.get('/api/admin/brands')).status()).toBe(403);
  await member.close();
});
