import type { TodayBrand, VoteResponse } from '@hunted/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, json, signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_today_counters_it';

/**
 * The copies /today reads instead of counting: each brand's latest day's votes on its row (today_votes_day,
 * today_votes), and brand_counts (brands per category, location and delivery) behind x-total-count.
 */
describe('brands: today’s counters on the brand row and the brand counts', () => {
  let brands: RunningBrands;
  let base: string;
  let today: string;

  beforeAll(async () => {
    brands = await startBrands(SCHEMA);
    base = brands.base;
    today = await brands.londonToday();
  });

  afterAll(async () => {
    await brands?.stop();
  });

  const q = (sql: string, params: unknown[] = []) => brands.query(sql, params);
  const vote = async (id: number, userId: string) => fetch(`${base}/api/brands/${id}/vote`, { method: 'POST', headers: await signedIn(userId) });
  const ranking = async (query: string) => json<TodayBrand[]>(await fetch(`${base}/api/brands/today?${query}`));

  /** Moves a brand's votes, day counters and row copy one day back, as if they had been cast yesterday. */
  async function castYesterday(brandId: number): Promise<void> {
    await q(
      `update $S.votes set created_at = created_at - interval '1 day', window_end = window_end - interval '1 day' where brand_id = $1`,
      [brandId],
    );
    await q(`update $S.brand_daily_votes set day = day - 1 where brand_id = $1`, [brandId]);
    await q(`update $S.brands set today_votes_day = today_votes_day - 1 where id = $1`, [brandId]);
  }

  async function rowOf(brandId: number) {
    const { rows } = await q(
      `select votes, today_votes, to_char(today_votes_day, 'YYYY-MM-DD') as day from $S.brands where id = $1`,
      [brandId],
    );
    return rows[0];
  }

  async function dailyOf(brandId: number) {
    const { rows } = await q(
      `select to_char(day, 'YYYY-MM-DD') as day, votes from $S.brand_daily_votes where brand_id = $1 order by day`,
      [brandId],
    );
    return rows;
  }

  describe('today’s votes on the brand row', () => {
    it('does not count yesterday’s votes today, and ranks by today’s, then all-time votes', async () => {
      const past = await insertBrand(brands.db, SCHEMA, { name: 'Past Glory', category: 'Bags' });
      const fresh = await insertBrand(brands.db, SCHEMA, { name: 'Fresh Face', category: 'Bags' });
      const classic = await insertBrand(brands.db, SCHEMA, { name: 'Old Classic', category: 'Bags', votes: 10 });
      for (const member of ['p1', 'p2', 'p3', 'p4', 'p5']) expect((await vote(past, member)).status).toBe(201);
      expect((await ranking('category=Bags')).map((b) => [b.name, b.todayVotes])).toEqual([
        ['Past Glory', 5],
        ['Old Classic', 0],
        ['Fresh Face', 0],
      ]);

      await castYesterday(past);
      expect((await vote(fresh, 'f1')).status).toBe(201);
      const list = await ranking('category=Bags');
      expect(list.map((b) => [b.name, b.todayVotes, b.votes])).toEqual([
        ['Fresh Face', 1, 1],
        ['Old Classic', 0, 10],
        ['Past Glory', 0, 5],
      ]);
      const page = await fetch(`${base}/api/brands/today?category=Bags&limit=1&offset=1`);
      expect(page.headers.get('x-total-count')).toBe('3');
      expect((await json<TodayBrand[]>(page)).map((b) => b.name)).toEqual(['Old Classic']);
      expect(await json(await fetch(`${base}/api/brands/${classic}`))).toMatchObject({ name: 'Old Classic', votes: 10 });
    });

    it('starts the brand’s count afresh with its first vote of a new day, keeping the day before in the history', async () => {
      const id = await insertBrand(brands.db, SCHEMA, { name: 'New Day', category: 'Home' });
      for (const member of ['n1', 'n2', 'n3']) expect((await vote(id, member)).status).toBe(201);
      expect(await rowOf(id)).toEqual({ votes: 3, today_votes: 3, day: today });
      await castYesterday(id);

      const response = await vote(id, 'n4');
      expect(response.status).toBe(201);
      expect(await json<VoteResponse>(response)).toEqual({ votes: 4, todayVotes: 1 });
      expect(await rowOf(id)).toEqual({ votes: 4, today_votes: 1, day: today });
      const { rows } = await q(`select to_char($1::date - 1, 'YYYY-MM-DD') as yesterday`, [today]);
      expect(await dailyOf(id)).toEqual([
        { day: rows[0].yesterday, votes: 3 },
        { day: today, votes: 1 },
      ]);
      expect((await ranking('category=Home')).find((b) => b.id === id)).toMatchObject({ todayVotes: 1, votes: 4 });
    });

    it('never moves a brand’s day back: a vote of the previous day committing after one of the new day', async () => {
      // The brand row already holds a later day's count (a vote just after midnight committed first).
      const id = await insertBrand(brands.db, SCHEMA, { name: 'Midnight', category: 'Home' });
      await q(`update $S.brands set today_votes = 2, today_votes_day = $2::date + 1 where id = $1`, [id, today]);
      const response = await vote(id, 'late');
      expect(await json<VoteResponse>(response)).toEqual({ votes: 1, todayVotes: 1 });
      const { rows } = await q(`select to_char($1::date + 1, 'YYYY-MM-DD') as tomorrow`, [today]);
      expect(await rowOf(id)).toEqual({ votes: 1, today_votes: 2, day: rows[0].tomorrow });
      await q(`delete from $S.brands where id = $1`, [id]);
    });

    it('keeps the brand row equal to the vote rows and the day’s counter under concurrent votes', async () => {
      const ids = await Promise.all(
        ['Rush A', 'Rush B', 'Rush C'].map((name) => insertBrand(brands.db, SCHEMA, { name, category: 'Shoes' })),
      );
      const members = Array.from({ length: 40 }, (_, i) => `rush-${i}`);
      // Every member votes for every brand at once, and a quarter of them twice.
      const attempts = ids.flatMap((id) => members.flatMap((member, i) => (i % 4 === 0 ? [[id, member], [id, member]] : [[id, member]])));
      const statuses = await Promise.all(attempts.map(async ([id, member]) => (await vote(id as number, member as string)).status));
      // Two votes by one member at once may deadlock on the exclusion constraint: the loser reruns into a 409.
      const byStatus: Record<number, number> = {};
      for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
      expect(byStatus).toEqual({ 201: ids.length * members.length, 409: ids.length * 10 });

      for (const id of ids) {
        const { rows } = await q(
          `select b.votes, b.today_votes, to_char(b.today_votes_day, 'YYYY-MM-DD') as day,
             (select count(*)::int from $S.votes v where v.brand_id = b.id) as vote_rows,
             (select d.votes from $S.brand_daily_votes d where d.brand_id = b.id and d.day = $2::date) as daily
           from $S.brands b where b.id = $1`,
          [id, today],
        );
        expect(rows[0]).toEqual({ votes: 40, today_votes: 40, day: today, vote_rows: 40, daily: 40 });
      }
      expect((await ranking('category=Shoes&limit=3')).map((b) => b.todayVotes)).toEqual([40, 40, 40]);

      // Across the whole schema: each brand row holds its latest day's counter, or none.
      const { rows } = await q(
        `select count(*)::int as n from $S.brands b
         left join lateral (select d.day, d.votes from $S.brand_daily_votes d where d.brand_id = b.id order by d.day desc limit 1) latest on true
         where (b.today_votes_day, b.today_votes) is distinct from (latest.day, coalesce(latest.votes, 0))`,
      );
      expect(rows[0].n).toBe(0);
    });
  });

  describe('brand counts behind x-total-count', () => {
    async function totals(): Promise<Record<string, { header: string | null; actual: number }>> {
      const filters = ['', 'category=Jewellery', 'category=Jewellery&location=Italy', 'location=Italy&delivery=International'];
      const result: Record<string, { header: string | null; actual: number }> = {};
      for (const filter of filters) {
        const params = new URLSearchParams(filter);
        const conditions = [...params.keys()].map((key, i) => `${key} = $${i + 1}`);
        const { rows } = await q(
          `select count(*)::int as n from $S.brands ${conditions.length ? `where ${conditions.join(' and ')}` : ''}`,
          [...params.values()],
        );
        const response = await fetch(`${base}/api/brands/today?${filter}&limit=1`);
        await response.arrayBuffer();
        result[filter || 'all'] = { header: response.headers.get('x-total-count'), actual: rows[0].n };
      }
      return result;
    }

    async function expectExactTotals(): Promise<void> {
      for (const [filter, { header, actual }] of Object.entries(await totals())) expect(header, filter).toBe(String(actual));
    }

    it('stay exact through inserts, moves between categories and places, and deletes', async () => {
      await expectExactTotals();
      // Several rows in one statement, as a CSV upload writes them.
      await q(
        `insert into $S.brands (name, description, category, location, delivery, image_url)
         select 'Bulk ' || i, 'Made in bulk.', case when i % 2 = 0 then 'Jewellery' else 'Home' end,
                case when i % 3 = 0 then 'Italy' else 'UK' end, 'International', '/brand-placeholder.svg'
         from generate_series(1, 30) as i`,
      );
      await expectExactTotals();
      expect((await totals())['category=Jewellery&location=Italy']!.actual).toBe(5);

      await q(`update $S.brands set category = 'Jewellery', location = 'Italy' where name in ('Bulk 1', 'Bulk 3')`);
      await q(`update $S.brands set name = 'Bulk Two', votes = votes + 1 where name = 'Bulk 2'`);
      await expectExactTotals();
      expect((await totals())['category=Jewellery&location=Italy']!.actual).toBe(7);

      await q(`delete from $S.brands where name like 'Bulk 1%'`);
      await expectExactTotals();
      const { rows } = await q(`select count(*)::int as n from $S.brand_counts where brands < 0`);
      expect(rows[0].n).toBe(0);
    });

    it('answer a page past the end with the total and no brands', async () => {
      const response = await fetch(`${base}/api/brands/today?category=Jewellery&limit=5&offset=1000`);
      expect(await json(response)).toEqual([]);
      const { rows } = await q(`select count(*)::int as n from $S.brands where category = 'Jewellery'`);
      expect(response.headers.get('x-total-count')).toBe(String(rows[0].n));
    });

    it('are emptied with the table', async () => {
      await q(`truncate $S.brands cascade`);
      const response = await fetch(`${base}/api/brands/today?limit=5`);
      expect(response.headers.get('x-total-count')).toBe('0');
      const { rows } = await q(`select count(*)::int as n from $S.brand_counts`);
      expect(rows[0].n).toBe(0);
    });
  });
});
