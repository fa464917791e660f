import type { Brand, ModerationItem, TodayBrand } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandRepository } from '../src/brands/brand.repository.js';
import { DirectoryFigures } from '../src/brands/directory-figures.js';
import { BrandModeratedKind } from '../src/moderation/brand-moderated-kind.js';
import { json, signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_hidden_it';

/**
 * A brand moderation hides (issue 37 item 9) through the real brands app: the kind's load and setHidden, every read
 * that must leave it out, its page for its submitter and admins, and the kit's routes deciding on it.
 */
describe('brands: a hidden brand', () => {
  let brands: RunningBrands;
  let kind: BrandModeratedKind;
  let dataSource: DataSource;
  let submitter: Record<string, string>;
  let stranger: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    brands = await startBrands(SCHEMA, { DIRECTORY_FIGURES_DELAY_MS: '0' });
    kind = brands.app.get(BrandModeratedKind);
    dataSource = brands.app.get(DataSource);
    submitter = await signedIn('submitter-1');
    stranger = await signedIn('stranger-1');
    admin = await signedIn('admin-1', true);
  });

  afterAll(async () => {
    await brands?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${brands.base}${path}`, { headers });
  const post = (path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${brands.base}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function submit(name: string, hashtags: string[] = []): Promise<Brand> {
    const response = await post('/api/brands', submitter, {
      name,
      description: `${name} sews linen aprons.`,
      category: 'Home',
      location: 'UK',
      delivery: 'Local Only',
      imageUrl: '/brand-placeholder.svg',
      websiteUrl: 'https://brand.example',
      hashtags,
    });
    expect(response.status).toBe(201);
    return json<Brand>(response);
  }

  const hide = (id: number, hidden: boolean) => dataSource.transaction((manager) => kind.setHidden(manager, id, hidden));
  const listIds = async (query = '') => (await json<Brand[]>(await get(`/api/brands${query}`))).map((b) => b.id);

  it('loads what members see of a brand, with its submitter, and hides and shows it in the caller’s transaction', async () => {
    const brand = await submit('Hidden Loom');
    const items = await dataSource.transaction((manager) => kind.load(manager, [brand.id, 999_999]));
    expect([...items.keys()]).toEqual([brand.id]);
    expect(items.get(brand.id)).toEqual({
      authorUserId: 'submitter-1',
      hidden: false,
      content: {
        title: 'Hidden Loom',
        text: 'Hidden Loom sews linen aprons.',
        authorName: null,
        href: `/brand/${brand.id}`,
        createdAt: brand.createdAt,
        imageUrl: '/brand-placeholder.svg',
      },
    });

    // Rolled back with its transaction: nothing changes.
    await dataSource
      .transaction(async (manager) => {
        await kind.setHidden(manager, brand.id, true);
        throw new Error('the decision failed');
      })
      .catch(() => undefined);
    expect((await get(`/api/brands/${brand.id}`)).status).toBe(200);

    await hide(brand.id, true);
    expect((await dataSource.transaction((manager) => kind.load(manager, [brand.id]))).get(brand.id)!.hidden).toBe(true);
    await hide(brand.id, false);
    expect((await get(`/api/brands/${brand.id}`)).status).toBe(200);
  });

  it('leaves the directory, its totals, filters, hashtags, today’s list, the sitemap and saved lists, and comes back whole', async () => {
    const shown = await submit('Shown Linen', ['keptup']);
    const hidden = await submit('Gone Linen', ['onlyhidden']);
    await post(`/api/brands/${hidden.id}/save`, stranger);
    await post(`/api/brands/${hidden.id}/vote`, stranger);
    const placeTotal = async () => Number((await get('/api/brands?category=Home&limit=10')).headers.get('x-total-count'));
    const searchTotal = async () => Number((await get('/api/brands?search=linen&limit=10')).headers.get('x-total-count'));
    const before = { place: await placeTotal(), search: await searchTotal() };

    await hide(hidden.id, true);
    await brands.app.get(DirectoryFigures).refresh({ ranks: true, hashtags: true });

    expect(await listIds()).not.toContain(hidden.id);
    expect(await listIds()).toContain(shown.id);
    expect(await listIds('?category=Home&limit=10')).not.toContain(hidden.id);
    expect(await listIds('?search=linen')).not.toContain(hidden.id);
    expect(await listIds('?hashtag=onlyhidden')).toEqual([]);
    expect(await placeTotal()).toBe(before.place - 1);
    expect(await searchTotal()).toBe(before.search - 1);
    expect(await json<string[]>(await get('/api/brands/hashtags'))).not.toContain('#onlyhidden');
    const today = await json<TodayBrand[]>(await get('/api/brands/today'));
    expect(today.map((b) => b.id)).not.toContain(hidden.id);
    expect((await json<TodayBrand[]>(await get('/api/brands/top?limit=50'))).map((b) => b.id)).not.toContain(hidden.id);
    const repository = brands.app.get(BrandRepository);
    expect((await repository.sitemapEntries(0, 1_000_000, 100)).map((e) => e.id)).not.toContain(hidden.id);
    const files = await repository.sitemapFiles(1_000_000);
    expect(files[0]!.urls).toBe((await repository.sitemapEntries(0, 1_000_000, 100)).length);
    expect((await json<Brand[]>(await get('/api/saved-brands', stranger))).map((b) => b.id)).not.toContain(hidden.id);

    // Not there to vote for, save, view or check.
    expect((await post(`/api/brands/${hidden.id}/vote`, submitter)).status).toBe(404);
    expect((await post(`/api/brands/${hidden.id}/save`, submitter)).status).toBe(404);
    expect((await post('/api/saved-brands', submitter, { brandIds: [shown.id, hidden.id] })).status).toBe(404);
    expect((await post(`/api/brands/${hidden.id}/view`, {})).status).toBe(404);
    expect((await get(`/api/brands/${hidden.id}/saved`, stranger)).status).toBe(404);

    await hide(hidden.id, false);
    await brands.app.get(DirectoryFigures).refresh({ ranks: true, hashtags: true });
    expect(await listIds('?hashtag=onlyhidden')).toEqual([hidden.id]);
    expect(await placeTotal()).toBe(before.place);
    expect(await searchTotal()).toBe(before.search);
    expect((await json<Brand[]>(await get('/api/saved-brands', stranger))).map((b) => b.id)).toContain(hidden.id);
    expect((await json<TodayBrand[]>(await get('/api/brands/today'))).find((b) => b.id === hidden.id)?.todayVotes).toBe(1);
    // brand_counts, kept by triggers through the hide and the restore, equals a count of the shown rows.
    const { rows } = await brands.query(
      `select (select coalesce(sum(brands), 0)::int from $S.brand_counts) as kept,
              (select count(*)::int from $S.brands where hidden_at is null) as counted`,
    );
    expect(rows[0].kept).toBe(rows[0].counted);
  });

  it('answers its page 404 to guests and other members, and to its submitter and admins with why, through the kit', async () => {
    const brand = await submit('Reported Linen');
    expect((await post(`/api/reports/brand/${brand.id}`, stranger, { reason: 'illegal', details: 'Fake labels' })).status).toBe(201);
    const hidden = await post(`/api/admin/moderation/brand/${brand.id}/hide`, admin, { reason: 'Counterfeit goods' });
    expect(hidden.status).toBe(200);
    expect((await json<ModerationItem>(hidden)).state).toBe('hidden');

    expect((await get(`/api/brands/${brand.id}`)).status).toBe(404);
    expect((await get(`/api/brands/${brand.id}`, stranger)).status).toBe(404);
    for (const viewer of [submitter, admin]) {
      const page = await get(`/api/brands/${brand.id}`, viewer);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect((await json<Brand>(page)).moderation).toEqual({
        hidden: true,
        reason: 'Counterfeit goods',
        noticePath: `/moderation/brand/${brand.id}`,
      });
    }
    // The author's notice is the kit's; the decision went out for messaging with the submitter and the reporter.
    expect((await get(`/api/moderation/brand/${brand.id}`, submitter)).status).toBe(200);
    const { rows } = await brands.query(
      `select data from $S.outbox where type = 'brands.moderation.decided' and (data->>'itemId')::int = $1`,
      [brand.id],
    );
    expect(rows.map((row) => row.data)).toEqual([
      expect.objectContaining({ kind: 'brand', action: 'hidden', authorUserId: 'submitter-1', reporterUserIds: ['stranger-1'], itemTitle: 'Reported Linen' }),
    ]);

    expect((await post(`/api/admin/moderation/brand/${brand.id}/restore`, admin, {})).status).toBe(200);
    const page = await json<Brand>(await get(`/api/brands/${brand.id}`));
    expect(page.id).toBe(brand.id);
    expect(page.moderation).toBeUndefined();
  });

  it('keeps a submitter’s brand when they delete their account, without naming them', async () => {
    const brand = await submit('Orphan Linen');
    await dataSource.transaction((manager) => brands.app.get(BrandRepository).forgetSubmitter(manager, 'submitter-1'));
    const { rows } = await brands.query(`select submitted_by from $S.brands where id = $1`, [brand.id]);
    expect(rows[0].submitted_by).toBeNull();
  });
});
