// Screenshots of issue 37's reporting and moderation screens (decision 0101) against fixture answers (no services):
// the report dialog (reasons, thank-you, guest), the admin's Reports tab, the author's notice page (appeal, appealed)
// and a hidden brand's banner.
//   npm run build -w web && npx vite preview --port 5213 --strictPort   (in web/), then
//   node web/scripts/screenshots-moderation.mjs [baseUrl] [outDir]        SCENES=report-dialog,admin-reports shoots only those.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { brands, svgFor } from './browse-fixtures.mjs';

const base = process.argv[2] ?? 'http://localhost:5213';
const out = process.argv[3] ?? '/tmp/shots-moderation';
mkdirSync(out, { recursive: true });

const member = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null, instagramUrl: null, isAdmin: false };
const admin = { ...member, id: 'a1', email: 'grace@hunted.example', firstName: 'Grace', isAdmin: true };
const brand = { ...brands[0], rating: 4.3, ratingCount: 2 };
const hoursAgo = (hours) => new Date(Date.now() - hours * 3_600_000).toISOString();
const review = (id, userId, userName, reviewText, daysAgo) => ({
  id, brandId: brand.id, userId, userName, rating: 4, speedRating: 4, easeRating: 5, qualityRating: 4, sustainabilityRating: 3,
  reviewText, photos: [], createdAt: hoursAgo(daysAgo * 24), updatedAt: hoursAgo(daysAgo * 24),
});
const reviews = [
  review(3, 'u7', 'Grace Hopper', 'The linen dress arrived in two days, beautifully wrapped in recycled paper.', 2),
  review(2, 'u1', 'Ada Lovelace', 'My own review: no Report on it.', 9),
];

const content = (title, text, hours, extra = {}) => ({ title, text, authorName: 'Bob Smith', href: `/brand/${brand.id}/maison-rose`, createdAt: hoursAgo(hours), imageUrl: null, ...extra });
const reportOf = (reason, details, hours, open = true) => ({ reason, details, reportedAt: hoursAgo(hours), open });
const queue = {
  brand: [{
    kind: 'brand', itemId: 12, state: 'open', waitingSince: hoursAgo(30), hiddenReason: null, appeal: null, decisions: [],
    content: content('Cheap Designer Outlet', 'Genuine designer bags at 90% off. Message us on WhatsApp for the full catalogue.', 80, { imageUrl: '/demo-brands/cheap-outlet.svg', href: '/brand/12/cheap-designer-outlet' }),
    reports: [reportOf('illegal', 'These are counterfeits: the logos are wrong.', 30), reportOf('spam', null, 20)],
  }],
  'brand-review': [{
    kind: 'brand-review', itemId: 31, state: 'open', waitingSince: hoursAgo(6), hiddenReason: null, appeal: null, decisions: [],
    content: content('Review of Maison Rose', 'Terrible. Call me on 07700 900123 and I will tell you where to buy it cheaper.', 8),
    reports: [reportOf('private-information', 'It has a phone number in it.', 6)],
  }],
  comment: [{
    kind: 'comment', itemId: 8, state: 'open', waitingSince: hoursAgo(50), hiddenReason: null, appeal: null,
    content: content('Comment on Maison Rose', 'Anyone who buys this is an idiot.', 52),
    reports: [reportOf('abuse', null, 50), reportOf('abuse', 'Insulting other members.', 40), reportOf('hate', null, 3)],
    decisions: [],
  }],
  'hunter-review': [{
    kind: 'hunter-review', itemId: 4, state: 'appealed', waitingSince: hoursAgo(2), hiddenReason: 'It names the hunter’s home street.',
    content: content('Review of Sofia Marin', 'Sofia was lovely, met her at her flat on Elm Street. Great advice on coats.', 120, { href: '/hunters/7/sofia-marin' }),
    reports: [reportOf('private-information', 'Her home address.', 100, false)],
    appeal: { text: 'I only wrote the street because she said it was fine. I have no problem with taking it out.', appealedAt: hoursAgo(2) },
    decisions: [{ action: 'hidden', reason: 'It names the hunter’s home street.', decidedBy: 'Grace Hopper', decidedAt: hoursAgo(90) }],
  }],
};
const notice = {
  kind: 'brand-review', itemId: 31, state: 'hidden',
  content: content('Review of Maison Rose', 'Terrible. Call me on 07700 900123 and I will tell you where to buy it cheaper.', 30),
  hiddenReason: 'Reviews may not share phone numbers or send people elsewhere to buy.', hiddenAt: hoursAgo(20), appeal: null, canAppeal: true,
};
const appealedNotice = { ...notice, state: 'appealed', canAppeal: false, appeal: { text: 'The number is my shop, I did not know that was not allowed. Happy to edit it out.', appealedAt: hoursAgo(1) } };

function answer(url, method, scene) {
  const { pathname, searchParams } = new URL(url);
  const who = scene.who === undefined ? member : scene.who;
  if (pathname === '/api/auth/user') return who ? [200, who] : [401, { message: 'Unauthorized' }];
  if (pathname === `/api/brands/${brand.id}`) return [200, scene.hiddenBrand ? { ...brand, moderation: { hidden: true, reason: 'It sells counterfeit goods.', noticePath: `/moderation/brand/${brand.id}` } } : brand];
  if (pathname === `/api/brands/${brand.id}/view`) return [201, { views: brand.views + 1 }];
  if (pathname === `/api/brands/${brand.id}/saved`) return [200, { isSaved: false }];
  if (pathname === `/api/brands/${brand.id}/reviews`) return [200, reviews];
  if (pathname === `/api/brands/${brand.id}/comments`) return [200, []];
  if (pathname.startsWith('/api/reports/')) return [201, { reported: true }];
  const queueKind = pathname.match(/^\/api\/admin\/moderation\/([a-z-]+)$/)?.[1];
  if (queueKind) return [200, (searchParams.get('state') ?? 'queue') === 'queue' ? queue[queueKind] ?? [] : []];
  if (pathname === '/api/admin/brands') return [200, []];
  if (pathname === '/api/moderation/brand-review/31/appeal') return [201, appealedNotice];
  if (pathname === '/api/moderation/brand-review/31') return [200, scene.appealed ? appealedNotice : notice];
  return [404, { message: 'Not found' }];
}

const openReport = async (page) => {
  await page.locator('#reviews').evaluate((element) => element.scrollIntoView());
  await page.getByRole('button', { name: 'Report review by Grace Hopper' }).click();
  await page.getByRole('dialog').waitFor();
};
const scenes = [
  ['report-dialog', '/brand/1/maison-rose', {}, async (page) => {
    await openReport(page);
    await page.getByRole('radio', { name: 'False or misleading' }).check();
    await page.getByLabel(/Anything else we should know/).fill('They have never sold linen dresses; this reads like an advert for another shop.');
  }],
  ['report-dialog-error', '/brand/1/maison-rose', {}, async (page) => {
    await openReport(page);
    await page.getByRole('button', { name: 'Send report' }).click();
  }],
  ['report-thanks', '/brand/1/maison-rose', {}, async (page) => {
    await openReport(page);
    await page.getByRole('radio', { name: 'Spam or advertising' }).check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thanks for telling us').waitFor();
  }],
  ['report-guest', '/brand/1/maison-rose', { who: null }, openReport],
  ['brand-actions', '/brand/1/maison-rose', {}, async () => {}],
  ['brand-hidden', '/brand/1/maison-rose', { who: admin, hiddenBrand: true }, async () => {}],
  ['admin-reports', '/admin', { who: admin }, async (page) => {
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('list', { name: 'Reported items' }).waitFor();
  }, true],
  ['admin-hide-dialog', '/admin', { who: admin }, async (page) => {
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('button', { name: 'Hide Review of Maison Rose' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hide' }).click();
  }],
  ['notice', '/moderation/brand-review/31', {}, async () => {}, true],
  ['notice-appealed', '/moderation/brand-review/31', { appealed: true }, async () => {}, true],
];

const only = process.env.SCENES?.split(',');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [width, height, label] of [[1280, 900, 'desktop'], [390, 844, 'phone']]) {
  for (const [name, path, scene, act, full = false] of scenes.filter(([name]) => !only || only.includes(name))) {
    const page = await browser.newPage({ viewport: { width, height } });
    page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
    await page.route((url) => url.pathname.startsWith('/demo-brands/') || url.pathname.startsWith('/api/media/'), (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svgFor(route.request().url()) }));
    await page.route((url) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/'), (route) => {
      const [status, body] = answer(route.request().url(), route.request().method(), scene);
      return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await act(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: full });
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
