import type { TodayBrand, VoteResponse } from '@hunted/contracts';
import { readJobScheduler, TEST_REDIS_URL } from '@hunted/platform/testing';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_LATEST_DAILY_VOTES } from '../src/brands/brand.repository.js';
import { FeaturedBrandPicker } from '../src/today/featured-brand.picker.js';
import { FEATURED_PICK_QUEUE, FEATURED_PICK_SCHEDULER } from '../src/today/featured-brand.job.js';
import { insertBrand, json, signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_today_it';
const ALREADY_VOTED = 'You have already voted for this brand in the last 24 hours.';

describe('brands: votes, today’s ranking, the leaderboard and the featured brand', () => {
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
  const vote = async (id: number | string, userId?: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/brands/${id}/vote`, {
      method: 'POST',
      headers: { ...(userId ? await signedIn(userId) : {}), ...headers },
    });
  async function consistent(brandId: number): Promise<{ votes: number; rows: number; daily: number }> {
    const { rows } = await q(
      `select b.votes,
         (select count(*)::int from $S.votes v where v.brand_id = b.id) as rows,
         (select coalesce(sum(d.votes), 0)::int from $S.brand_daily_votes d where d.brand_id = b.id) as daily
       from $S.brands b where b.id = $1`,
      [brandId],
    );
    return rows[0];
  }

  it('has no featured brand and empty lists while the directory is empty', async () => {
    const featured = await fetch(`${base}/api/brands/featured`);
    expect(featured.status).toBe(200);
    expect(await featured.text()).toBe('null');
    expect(await json(await fetch(`${base}/api/brands/today`))).toEqual([]);
    expect(await json(await fetch(`${base}/api/brands/top`))).toEqual([]);
  });

  describe('votes', () => {
    it('need a signed-in member and a brand that exists', async () => {
      const id = await insertBrand(brands.db, SCHEMA, { name: 'Guarded', category: 'Shoes' });
      const guest = await vote(id);
      expect(guest.status).toBe(401);
      expect(await guest.json()).toMatchObject({ message: 'Please sign in to continue' });
      for (const missing of ['999999', 'abc']) {
        const response = await vote(missing, 'voter');
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ message: 'Brand not found' });
      }
      expect(await consistent(id)).toEqual({ votes: 0, rows: 0, daily: 0 });
    });

    it('count once per member per brand per 24 hours, record the client address, and answer a repeat with 409', async () => {
      const id = await insertBrand(brands.db, SCHEMA, { name: 'Voted Once', category: 'Shoes' });
      const first = await vote(id, 'voter', { 'x-forwarded-for': '203.0.113.7' });
      expect(first.status).toBe(201);
      expect(await json<VoteResponse>(first)).toEqual({ votes: 1, todayVotes: 1 });
      const again = await vote(id, 'voter');
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ message: ALREADY_VOTED });
      const { rows } = await q(`select user_id, ip_address from $S.votes where brand_id = $1`, [id]);
      expect(rows).toEqual([{ user_id: 'voter', ip_address: '203.0.113.7' }]);

      // A vote more than 24 hours old no longer blocks the next one.
      await q(`update $S.votes set created_at = created_at - interval '25 hours', window_end = window_end - interval '25 hours' where brand_id = $1`, [id]);
      expect((await vote(id, 'voter')).status).toBe(201);
      expect(await consistent(id)).toEqual({ votes: 2, rows: 2, daily: 2 });
    });

    it('50 simultaneous votes by one member count once', async () => {
      const id = await insertBrand(brands.db, SCHEMA, { name: 'Stampede', category: 'Shoes' });
      const headers = await signedIn('eager');
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${base}/api/brands/${id}/vote`, { method: 'POST', headers })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      const conflicts = await Promise.all(responses.filter((r) => r.status === 409).map((r) => json<{ message: string }>(r)));
      expect(new Set(conflicts.map((c) => c.message))).toEqual(new Set([ALREADY_VOTED]));
      expect(await consistent(id)).toEqual({ votes: 1, rows: 1, daily: 1 });
    });

    it('30 members voting at once are all counted, and the total always equals the vote rows', async () => {
      const id = await insertBrand(brands.db, SCHEMA, { name: 'Crowd Pleaser', category: 'Shoes' });
      const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => vote(id, `crowd-${i}`)));
      expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
      const totals = (await Promise.all(responses.map((r) => json<VoteResponse>(r)))).map((r) => r.votes);
      expect(totals.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(await consistent(id)).toEqual({ votes: 30, rows: 30, daily: 30 });
      const { rows } = await q(
        `select count(*)::int as n from $S.brands b where b.votes <> (select count(*) from $S.votes v where v.brand_id = b.id)`,
      );
      expect(rows[0].n).toBe(0);
    });
  });

  describe('today', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      // Home brands: an all-time favourite, a brand rising today, a steady one, and yesterday's star.
      ids.classic = await insertBrand(brands.db, SCHEMA, { name: 'Classic', category: 'Home', votes: 900 });
      ids.rising = await insertBrand(brands.db, SCHEMA, { name: 'Rising', category: 'Home', votes: 300, location: 'France' });
      ids.steady = await insertBrand(brands.db, SCHEMA, { name: 'Steady', category: 'Home', votes: 500 });
      ids.yesterday = await insertBrand(brands.db, SCHEMA, { name: 'Yesterday', category: 'Home', votes: 400 });
      ids.quiet = await insertBrand(brands.db, SCHEMA, { name: 'Quiet', category: 'Home', votes: 300 });
      await q(`insert into $S.brand_daily_votes (brand_id, day, votes) values ($1, $3::date, 250), ($2, $3::date - 1, 390), ($1, $3::date - 1, 50)`, [
        ids.rising,
        ids.yesterday,
        today,
      ]);
      // Counter rows written directly, as the demo data does: copy each brand's latest day onto its row.
      await brands.app.get(DataSource).query(COPY_LATEST_DAILY_VOTES);
    });

    const names = (list: TodayBrand[]) => list.map((brand) => brand.name);

    it('ranks by votes received today (London day), then all-time votes, then id', async () => {
      const response = await fetch(`${base}/api/brands/today?category=Home`);
      expect(response.headers.get('x-total-count')).toBeNull();
      const list = await json<TodayBrand[]>(response);
      expect(names(list)).toEqual(['Rising', 'Classic', 'Steady', 'Yesterday', 'Quiet']);
      expect(list.map((b) => b.todayVotes)).toEqual([250, 0, 0, 0, 0]);
      expect(list[0]).toMatchObject({ id: ids.rising, votes: 300, category: 'Home', location: 'France' });
      expect(names(await json(await fetch(`${base}/api/brands/today?category=Home&location=UK`)))).toEqual([
        'Classic',
        'Steady',
        'Yesterday',
        'Quiet',
      ]);
    });

    it('pages with x-total-count, across the voted-today and the other brands', async () => {
      const page = await fetch(`${base}/api/brands/today?category=Home&limit=2&offset=1`);
      expect(page.headers.get('x-total-count')).toBe('5');
      expect(names(await json(page))).toEqual(['Classic', 'Steady']);
      expect(names(await json(await fetch(`${base}/api/brands/today?category=Home&limit=1`)))).toEqual(['Rising']);
      expect(names(await json(await fetch(`${base}/api/brands/today?category=Home&limit=3&offset=3`)))).toEqual(['Yesterday', 'Quiet']);
      const bad = await fetch(`${base}/api/brands/today?limit=500&category=Cars`);
      expect(bad.status).toBe(400);
      expect(Object.keys((await json<{ errors: object }>(bad)).errors).sort()).toEqual(['category', 'limit']);
    });

    it('changes from one day to the next', async () => {
      // Move every counter back, as if days had passed (by 30, so no row lands on another's day mid-update),
      // with the copy of the latest day on each brand row: nobody has votes "today" any more.
      await q(`update $S.brand_daily_votes set day = day - 30`);
      await q(`update $S.brands set today_votes_day = today_votes_day - 30`);
      try {
        const list = await json<TodayBrand[]>(await fetch(`${base}/api/brands/today?category=Home`));
        expect(names(list)).toEqual(['Classic', 'Steady', 'Yesterday', 'Rising', 'Quiet']);
        expect(list.every((b) => b.todayVotes === 0)).toBe(true);
      } finally {
        await q(`update $S.brand_daily_votes set day = day + 30`);
        await q(`update $S.brands set today_votes_day = today_votes_day + 30`);
      }
    });

    it('leads the leaderboard with the same ranking: 3 by default, at most 50', async () => {
      const top = await json<TodayBrand[]>(await fetch(`${base}/api/brands/top?limit=3`));
      // Crowd Pleaser had 30 votes today in the votes tests.
      expect(names(top)).toEqual(['Rising', 'Crowd Pleaser', 'Voted Once']);
      expect(top.map((b) => b.todayVotes)).toEqual([250, 30, 2]);
      expect(await json(await fetch(`${base}/api/brands/top`))).toEqual(top);
      expect(names(await json(await fetch(`${base}/api/brands/top?limit=1`)))).toEqual(['Rising']);
      for (const limit of ['0', '51', 'x']) {
        expect((await fetch(`${base}/api/brands/top?limit=${limit}`)).status, limit).toBe(400);
      }
    });

    it('features today’s leader until a pick exists, then the pick: yesterday’s most voted brand', async () => {
      const before = await json<TodayBrand>(await fetch(`${base}/api/brands/featured`));
      expect(before.name).toBe('Rising');

      const picker = brands.app.get(FeaturedBrandPicker);
      const results = await Promise.all(Array.from({ length: 5 }, () => picker.pickForToday()));
      expect(results.filter((r) => r.picked)).toEqual([{ day: today, brandId: ids.yesterday, picked: true }]);
      expect(new Set(results.map((r) => r.brandId))).toEqual(new Set([ids.yesterday]));

      const featured = await json<TodayBrand>(await fetch(`${base}/api/brands/featured`));
      expect(featured).toMatchObject({ id: ids.yesterday, featured: true, featuredDate: today, todayVotes: 0 });
      const { rows } = await q(`select data from $S.outbox where type = 'brands.brand.updated'`);
      expect(rows.map((r) => r.data)).toEqual([
        { brandId: ids.yesterday, name: 'Yesterday', imageUrl: 'https://img.example/x.jpg', tags: [] },
      ]);
    });

    it('lets an admin’s feature for today win, and ends earlier days’ features', async () => {
      await q(`update $S.brands set featured = false, featured_date = null`);
      const dated = await insertBrand(brands.db, SCHEMA, { name: 'Old Pick', featured: true, featuredDate: '2020-01-01' });
      const undated = await insertBrand(brands.db, SCHEMA, { name: 'Always', featured: true, featuredDate: null });
      await q(`update $S.brands set featured = true, featured_date = $2 where id = $1`, [ids.quiet, today]);

      const picker = brands.app.get(FeaturedBrandPicker);
      expect(await picker.pickForToday()).toEqual({ day: today, brandId: ids.quiet, picked: false });
      expect(await json(await fetch(`${base}/api/brands/featured`))).toMatchObject({ id: ids.quiet });

      await q(`update $S.brands set featured = false, featured_date = null where id = $1`, [ids.quiet]);
      expect(await picker.pickForToday()).toMatchObject({ brandId: ids.yesterday, picked: true });
      const { rows } = await q(`select id, featured, to_char(featured_date, 'YYYY-MM-DD') as day from $S.brands where id = any($1) order by id`, [
        [dated, undated],
      ]);
      expect(rows).toEqual([
        { id: dated, featured: false, day: '2020-01-01' },
        { id: undated, featured: true, day: null },
      ]);
    });

    it('schedules the pick at midnight Europe/London', async () => {
      const scheduler = await readJobScheduler({
        redisUrl: TEST_REDIS_URL,
        redisPrefix: brands.config.REDIS_PREFIX,
        queue: FEATURED_PICK_QUEUE,
        id: FEATURED_PICK_SCHEDULER,
      });
      expect(scheduler).toMatchObject({ pattern: '0 0 * * *', tz: 'Europe/London' });
      expect(scheduler!.next).toBeGreaterThan(Date.now());
    });
  });
});
