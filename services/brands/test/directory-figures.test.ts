import { DIRECTORY_HASHTAGS_LIMIT, type Brand } from '@hunted/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryFigures } from '../src/brands/directory-figures.js';
import { insertBrand, json, signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_directory_figures_it';

const submission = {
  description: 'Made in small runs.',
  location: 'UK',
  delivery: 'Europe Wide',
  imageUrl: '/brand-placeholder.svg',
  websiteUrl: 'https://brand.example.com',
  priceCategory: '££',
};

/**
 * What /brands shows beside a page of brands without downloading the directory (issue 23): each brand's rank within
 * its category, counted over the whole directory, and the filter's hashtags. Written through the API as a member
 * and an admin would; the figures follow each write within DIRECTORY_FIGURES_DELAY_MS.
 */
describe('brands: the directory figures (ranks within categories, hashtags)', () => {
  let brands: RunningBrands;

  beforeAll(async () => {
    brands = await startBrands(SCHEMA, { DIRECTORY_FIGURES_DELAY_MS: '50' });
  });

  afterAll(async () => {
    await brands?.stop();
  });

  async function call(method: string, path: string, userId = 'member-1', body?: unknown, isAdmin = false): Promise<Response> {
    const headers: Record<string, string> = await signedIn(userId, isAdmin);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${brands.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async function submit(name: string, category: string, hashtags: string[] = []): Promise<number> {
    const response = await call('POST', '/api/brands', 'submitter', { ...submission, name, category, hashtags });
    expect(response.status).toBe(201);
    return (await json<Brand>(response)).id;
  }

  async function page(query: string): Promise<{ brands: Brand[]; total: number }> {
    const response = await fetch(`${brands.base}/api/brands?${query}`);
    expect(response.status).toBe(200);
    return { brands: await json<Brand[]>(response), total: Number(response.headers.get('x-total-count')) };
  }

  /** Polls until `read` gives what is expected: the figures follow a write, they are not part of it. */
  async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
    const deadline = Date.now() + 10_000;
    let last: T = await read();
    while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      last = await read();
    }
    expect(last).toEqual(expected);
  }

  const ranksIn = async (query: string) =>
    Object.fromEntries((await page(query)).brands.map((brand) => [brand.name, brand.categoryRank]));

  it('ranks each brand within its category by rating, then votes, then age, and follows votes', async () => {
    const first = await submit('Rank First', 'Swimwear');
    const second = await submit('Rank Second', 'Swimwear');
    const third = await submit('Rank Third', 'Swimwear');
    await submit('Rank Elsewhere', 'Beauty');
    await eventually(() => ranksIn('search=rank'), { 'Rank First': 1, 'Rank Second': 2, 'Rank Third': 3, 'Rank Elsewhere': 1 });

    expect((await call('POST', `/api/brands/${third}/vote`, 'voter-a')).status).toBe(201);
    expect((await call('POST', `/api/brands/${third}/vote`, 'voter-b')).status).toBe(201);
    expect((await call('POST', `/api/brands/${second}/vote`, 'voter-a')).status).toBe(201);
    await eventually(() => ranksIn('search=rank&category=Swimwear'), { 'Rank Third': 1, 'Rank Second': 2, 'Rank First': 3 });
    // A filter narrows the list, not the ranking: the rank is still the brand's place in its whole category.
    expect(await ranksIn(`search=rank&category=Swimwear&limit=1&offset=2`)).toEqual({ 'Rank First': 3 });

    // A rating moves a brand above any number of votes.
    await brands.query(`update $S.brands set rating = 4.5 where id = $1`, [first]);
    await brands.app.get(DirectoryFigures).refresh({ ranks: true, hashtags: false });
    expect(await ranksIn('search=rank&category=Swimwear')).toEqual({ 'Rank First': 1, 'Rank Third': 2, 'Rank Second': 3 });
  });

  it('gives ranks on every page of a long category, counted over the whole directory', async () => {
    for (let i = 0; i < 30; i += 1) await insertBrand(brands.db, SCHEMA, { name: `Paged ${i}`, category: 'Home', votes: 100 - i });
    await brands.app.get(DirectoryFigures).refresh({ ranks: true, hashtags: false });
    const second = await page('category=Home&limit=24&offset=24');
    expect(second.total).toBe(30);
    expect(second.brands.map((brand) => [brand.name, brand.categoryRank])).toEqual(
      Array.from({ length: 6 }, (_, i) => [`Paged ${24 + i}`, 25 + i]),
    );
  });

  it('lists the hashtags brands carry, in reading order, and drops one no brand carries any more', async () => {
    const hashtags = async () => json<string[]>(await fetch(`${brands.base}/api/brands/hashtags`));
    await submit('Tagged One', 'Bags', ['#zebra', '#Apple']);
    const second = await submit('Tagged Two', 'Bags', ['#apple', '#mango']);
    await eventually(async () => (await hashtags()).filter((tag) => /apple|mango|zebra/i.test(tag)), [
      '#apple',
      '#Apple',
      '#mango',
      '#zebra',
    ]);
    const deleted = await call('DELETE', `/api/admin/brands/${second}`, 'an-admin', undefined, true);
    expect(deleted.status).toBeLessThan(300);
    await eventually(async () => (await hashtags()).filter((tag) => /apple|mango|zebra/i.test(tag)), ['#Apple', '#zebra']);
  });

  it(`keeps the ${DIRECTORY_HASHTAGS_LIMIT} most used hashtags, however many the directory holds`, async () => {
    const rare = Array.from({ length: DIRECTORY_HASHTAGS_LIMIT + 20 }, (_, i) => `#rare${String(i).padStart(3, '0')}`);
    await insertBrand(brands.db, SCHEMA, { name: 'Many Tags', category: 'Bags', hashtags: rare });
    for (const name of ['Common A', 'Common B']) await insertBrand(brands.db, SCHEMA, { name, category: 'Bags', hashtags: ['#common'] });
    await brands.app.get(DirectoryFigures).refresh({ ranks: false, hashtags: true });
    const listed = await json<string[]>(await fetch(`${brands.base}/api/brands/hashtags`));
    expect(listed).toHaveLength(DIRECTORY_HASHTAGS_LIMIT);
    expect(listed).toContain('#common');
    expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' }) || a.localeCompare(b)));
  });
});
