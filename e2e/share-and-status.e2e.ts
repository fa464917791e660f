import { expect, test } from './support/accessibility.js';
import { ADMIN_EMAIL, brandInput, createBrand, RUN, signedInContext, toast } from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

test('a shared brand link previews with the brand, and its page copies and shares the canonical address', async ({ browser, page, context }) => {
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  const brand = await createBrand(admin.request, brandInput(`Share ${RUN} "Fen" & <Fable>`, { description: 'Wax jackets\nmade to be mended.' }));
  await admin.close();
  const canonical = `${E2E_BASE_URL}/brand/${brand.id}/share-${RUN}-fen-fable`;

  // What a chat app's crawler reads: one GET, no JavaScript.
  const crawled = await page.request.get(`/brand/${brand.id}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
  expect(crawled.status()).toBe(200);
  const html = await crawled.text();
  expect(html).toContain(`<title>Share ${RUN} &quot;Fen&quot; &amp; &lt;Fable&gt; · Hunted</title>`);
  expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
  expect(html).toContain('<meta property="og:description" content="Wax jackets made to be mended." />');
  expect(html).toContain('<meta property="og:image" content="https://images.example/brand.jpg" />');
  // The brand's picture is fetched with the scripts, not once they have drawn the page (issue 23).
  expect(html).toContain('<link rel="preload" href="https://images.example/brand.jpg" as="image" fetchpriority="high" />');

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await page.goto(`/brand/${brand.id}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  const panel = page.getByRole('region', { name: 'Share this brand' });
  for (const network of ['WhatsApp', 'Facebook', 'X/Twitter', 'LinkedIn']) {
    const href = decodeURIComponent((await panel.getByRole('link', { name: network }).getAttribute('href')) ?? '');
    expect(href, network).toContain(brand.name);
    expect(href, network).toContain(canonical);
  }
  await panel.getByRole('button', { name: 'Copy Link' }).click();
  await expect(toast(page, 'Link copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
  await page.evaluate(() => navigator.clipboard.writeText(''));

  // The header's Share menu: its code arrives with the first press, which opens it.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Email' })).toHaveAttribute('href', /^mailto:/);
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
});

test('a brand that does not exist and a page the site does not have answer 404 and still show their page', async ({ page }) => {
  const missingBrand = await page.goto('/brand/999999999/nothing');
  expect(missingBrand?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Brand not found' })).toBeVisible();

  const missingPage = await page.goto('/no/such/page');
  expect(missingPage?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  const robots = await page.request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);
  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain(`<loc>${E2E_BASE_URL}/sitemaps/brands-1.xml</loc>`);
});
