// Screenshots of the brand page's reviews, gallery, lightbox and comments against fixture answers (no services):
//   npx vite --port 5193 --strictPort   (in web/), then   node web/scripts/screenshots-reviews.mjs [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { brands, svgFor } from './browse-fixtures.mjs';

const base = process.argv[2] ?? 'http://localhost:5193';
const out = process.argv[3] ?? '/tmp/shots-reviews';
mkdirSync(out, { recursive: true });

const member = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, instagramUrl: null };
const brand = { ...brands[0], rating: 4.3, ratingCount: 3 };
const hoursAgo = (hours) => new Date(Date.now() - hours * 3_600_000).toISOString();
const review = (id, userId, userName, ratings, reviewText, photos, daysAgo) => {
  const [speedRating, easeRating, qualityRating, sustainabilityRating] = ratings;
  const rating = Math.round(ratings.reduce((a, b) => a + b, 0) / 4);
  return { id, brandId: brand.id, userId, userName, rating, speedRating, easeRating, qualityRating, sustainabilityRating, reviewText, photos: photos.map((p) => `/api/media/review-photos/${p}`), createdAt: hoursAgo(daysAgo * 24), updatedAt: hoursAgo(daysAgo * 24) };
};
const reviews = [
  review(3, 'u7', 'Grace Hopper', [5, 4, 5, 4], 'The linen dress arrived in two days, beautifully wrapped in recycled paper.\nFits exactly as described — I will be back for the blue one.', ['sunlit-dress', 'paper-wrap'], 2),
  review(2, 'u8', 'Alan Turing', [4, 4, 3, 5], '<b>Great</b> service <script>alert(1)</script> — markup stays text.', ['studio-rack'], 9),
  review(1, 'u9', 'Anonymous', [3, 4, 4, 4], null, [], 40),
];
const comments = [
  { id: 3, brandId: brand.id, userId: 'u7', content: 'Does anyone know if they restock the sage colour?', userName: 'Grace Hopper', userProfileImage: null, createdAt: hoursAgo(1) },
  { id: 2, brandId: brand.id, userId: 'u8', content: '<img src=x onerror=alert(1)> shown as text', userName: 'Alan Turing', userProfileImage: null, createdAt: hoursAgo(30) },
  { id: 1, brandId: brand.id, userId: 'u9', content: 'Lovely people, quick replies.', userName: 'Anonymous', userProfileImage: null, createdAt: hoursAgo(24 * 5) },
];

function answer(url, method, who) {
  const { pathname } = new URL(url);
  if (pathname === '/api/auth/user') return who ? [200, { ...member, id: who }] : [401, { message: 'Unauthorized' }];
  if (pathname === `/api/brands/${brand.id}`) return [200, brand];
  if (pathname === `/api/brands/${brand.id}/view`) return [201, { views: brand.views + 1 }];
  if (pathname === `/api/brands/${brand.id}/saved`) return [200, { isSaved: false }];
  if (pathname === `/api/brands/${brand.id}/reviews`) return [200, reviews];
  if (pathname === `/api/brands/${brand.id}/comments`) return [200, comments];
  return [404, { message: 'Not found' }];
}

// A tiny PNG for the photo picker (a 2x2 rose square).
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4/3/G/38MDAwM/xkYGAAyBQP9N8a0yQAAAABJRU5ErkJggg==', 'base64');

const scrollToReviews = (page) => page.locator('#reviews').evaluate((element) => element.scrollIntoView());
const scenes = [
  ['brand-top', 'u1', async () => {}],
  ['reviews-guest', null, scrollToReviews],
  ['reviews-already', 'u7', scrollToReviews],
  ['review-form', 'u1', async (page) => {
    await page.locator('#write-review').scrollIntoViewIfNeeded();
    for (const [category, stars] of [['Speed', 5], ['Ease', 4], ['Quality', 4]]) await page.getByRole('radio', { name: `${category}: ${stars} stars` }).check({ force: true });
    await page.getByLabel('Add photos').setInputFiles([{ name: 'look.png', mimeType: 'image/png', buffer: png }]);
    await page.getByRole('button', { name: 'Submit Review' }).click();
  }],
  ['gallery', null, (page) => page.getByRole('button', { name: /View All Photos/ }).click()],
  ['lightbox', null, async (page) => {
    await page.getByRole('button', { name: /View All Photos/ }).click();
    await page.getByRole('button', { name: /Open photo 2 of/ }).click();
    await page.keyboard.press('ArrowRight');
  }],
  ['comments', 'u1', async (page) => {
    await page.getByRole('button', { name: 'Comments' }).click();
    await page.getByLabel('Write a comment').fill('Ordered the sage one, arrives Friday!');
    await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
  }],
  ['comments-guest', null, async (page) => {
    await page.getByRole('button', { name: 'Comments' }).click();
    await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
  }],
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [width, height, label] of [[1366, 900, 'desktop'], [390, 844, 'phone']]) {
  for (const [name, who, act] of scenes) {
    const page = await browser.newPage({ viewport: { width, height } });
    page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
    await page.route((url) => url.pathname.startsWith('/demo-brands/') || url.pathname.startsWith('/api/media/'), (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svgFor(route.request().url()) }));
    await page.route((url) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/'), (route) => {
      const [status, body] = answer(route.request().url(), route.request().method(), who);
      return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto(`${base}/brand/${brand.id}/maison-rose`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await act(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${label}.png` });
    if (name === 'reviews-guest' || name === 'comments') await page.screenshot({ path: `${out}/${name}-${label}-full.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
