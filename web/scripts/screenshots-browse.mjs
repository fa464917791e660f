// Screenshots of the directory's browsing pages against fixture answers (no services needed):
//   npx vite --port 5191 --strictPort   (in web/), then   node web/scripts/screenshots-browse.mjs [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { brands, svgFor, today } from './browse-fixtures.mjs';

const base = process.argv[2] ?? 'http://localhost:5191';
const out = process.argv[3] ?? '/tmp/shots-browse';
mkdirSync(out, { recursive: true });

const member = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, instagramUrl: null };

function answer(url, method, signedIn) {
  const { pathname, searchParams } = new URL(url);
  if (pathname === '/api/auth/user') return signedIn ? [200, member] : [401, { message: 'Unauthorized' }];
  if (pathname === '/api/brands/featured') return [200, today.find((brand) => brand.featured) ?? null];
  if (pathname === '/api/brands/top') return [200, today.slice(0, Number(searchParams.get('limit') ?? 3))];
  if (pathname === '/api/brands/today') {
    let list = today;
    for (const key of ['category', 'location', 'delivery']) if (searchParams.get(key)) list = list.filter((b) => b[key] === searchParams.get(key));
    const offset = Number(searchParams.get('offset') ?? 0);
    const limit = Number(searchParams.get('limit') ?? list.length);
    return [200, list.slice(offset, offset + limit), { 'x-total-count': String(list.length) }];
  }
  if (pathname === '/api/brands') {
    let list = [...brands].sort((a, b) => b.rating - a.rating || b.votes - a.votes || a.id - b.id);
    const equal = { category: 'category', location: 'location', delivery: 'delivery', priceCategory: 'priceCategory' };
    for (const [param, field] of Object.entries(equal)) if (searchParams.get(param)) list = list.filter((b) => b[field] === searchParams.get(param));
    if (searchParams.get('minRating')) list = list.filter((b) => b.rating >= Number(searchParams.get('minRating')));
    if (searchParams.get('tag')) list = list.filter((b) => b.tags.includes(searchParams.get('tag')));
    if (searchParams.get('hashtag')) list = list.filter((b) => b.hashtags.includes(searchParams.get('hashtag')));
    if (searchParams.get('search')) list = list.filter((b) => b.name.toLowerCase().includes(searchParams.get('search').toLowerCase()));
    return [200, list];
  }
  if (pathname === '/api/saved-brands') return [200, brands.slice(2, 7)];
  const one = pathname.match(/^\/api\/brands\/(\d+)(\/.*)?$/);
  if (one) {
    const brand = brands.find((b) => b.id === Number(one[1]));
    if (!brand) return [404, { message: 'Brand not found' }];
    if (!one[2]) return [200, brand];
    if (one[2] === '/view') return [201, { views: brand.views + 1 }];
    if (one[2] === '/saved') return [200, { isSaved: brand.id === 1 }];
    if (one[2] === '/vote') return [201, { votes: brand.votes + 1, todayVotes: 1 }];
    if (one[2] === '/save') return [200, { isSaved: method === 'POST' }];
  }
  return [404, { message: 'Not found' }];
}

const pages = [
  ['brands', '/brands', false],
  ['brands-filtered', '/brands?category=Dresses&rating=4', false],
  ['brands-empty', '/brands?category=Shoes&rating=4.5&location=Denmark', false],
  ['today', '/today', false],
  ['brand', '/brand/1/maison-rose', false],
  ['brand-member', '/brand/3/atelier-uno', true],
  ['brand-missing', '/brand/999', false],
  ['saved', '/saved', true],
  ['brands-filters-open', '/brands?location=France', false, (page) => page.getByRole('button', { name: /Show Filters/ }).click()],
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [width, height, label] of [[1366, 900, 'desktop'], [390, 844, 'phone']]) {
  for (const [name, path, signedIn, act] of pages) {
    const page = await browser.newPage({ viewport: { width, height } });
    page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
    await page.route((url) => url.pathname.startsWith('/demo-brands/'), (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svgFor(route.request().url()) }));
    // Only the gateway's paths: module URLs such as /src/features/brands/api/… must reach Vite.
    await page.route((url) => url.pathname.startsWith('/api/'), (route) => {
      const [status, body, headers = {}] = answer(route.request().url(), route.request().method(), signedIn);
      return route.fulfill({ status, contentType: 'application/json', headers, body: JSON.stringify(body) });
    });
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    if (act && (await page.getByRole('button', { name: /Show Filters/ }).isVisible())) await act(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-${label}-top.png` });
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
