import {
  addDays,
  HUNTER_PICK_MESSAGES,
  londonDateOf,
  type HunterPick,
  type HunterPickRota,
  type MyHunterPickDay,
  type TodayHunterPick,
} from '@hunted/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { HunterPicksService } from '../src/picks/hunter-picks.service.js';
import { useHuntersHarness } from './hunters-harness.js';

const ROTA = '/api/admin/hunter-pick-rota';

/**
 * Hunter's Pick (issue 25): the admins' rota, the day's hunter chosen from it in turn (approved hunters only), the
 * pick only that hunter may make, and today's pick as /today reads it.
 */
describe("hunters: Hunter's Pick", () => {
  const harness = useHuntersHarness('hunters_picks_it');
  /** Status and body only: the tests compare whole answers. */
  const send = async <T = Record<string, unknown>>(method: string, path: string, as: string | null, body?: unknown) => {
    const { status, body: answer } = await harness.send<T>(method, path, as, body);
    return { status, body: answer };
  };
  const today = () => londonDateOf(new Date());

  const hunter = async (userId: string, name: string, approve = true) =>
    (await harness.createHunter(userId, { name, specialties: ['Designer Handbags'], adviceTypes: ['Personal Shopping'] }, { approved: approve })).id;

  beforeAll(async () => {
    await harness.db.query(
      `insert into brand_copies (brand_id, name, image_url, tags, updated_at) values
       (501, 'Kiln Studio', '/kiln.png', '{Handmade}', now()), (502, 'Loom & Thread', '/loom.png', '{}', now())`,
    );
  });

  it('has no pick without a rota, and only admins read or set the rota (approved hunters, each once)', async () => {
    expect(await send<TodayHunterPick>('GET', '/api/hunter-picks/today', null)).toEqual({ status: 200, body: { pick: null } });
    expect((await send('GET', ROTA, null)).status).toBe(401);
    expect((await send('GET', ROTA, 'pick-member')).status).toBe(403);
    expect((await send('PUT', ROTA, 'pick-member', { hunterIds: [] })).status).toBe(403);
    expect(await send<HunterPickRota>('GET', ROTA, 'admin')).toEqual({ status: 200, body: { entries: [], today: null } });

    const pending = await hunter('pick-pending', 'Pending Picker', false);
    const refused = await send<{ errors: Record<string, string> }>('PUT', ROTA, 'admin', { hunterIds: [pending] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ hunterIds: HUNTER_PICK_MESSAGES.rota });
    expect((await send('PUT', ROTA, 'admin', { hunterIds: [1, 1] })).status).toBe(400);
    expect((await harness.db.query('select 1 from hunter_pick_rota')).rowCount).toBe(0);
    expect((await harness.db.query('select 1 from hunter_picks')).rowCount).toBe(0);
  });

  it("chooses today's hunter from a new rota at once; only that hunter picks a directory brand, and /today shows it", async () => {
    const ada = await hunter('pick-ada', 'Ada Picker');
    const bea = await hunter('pick-bea', 'Bea Picker');
    const set = await send<HunterPickRota>('PUT', ROTA, 'admin', { hunterIds: [ada, bea] });
    expect(set.status).toBe(200);
    expect(set.body.entries.map((entry) => [entry.position, entry.hunter.name])).toEqual([
      [1, 'Ada Picker'],
      [2, 'Bea Picker'],
    ]);
    expect(set.body.today).toEqual({ day: today(), hunterId: ada });
    // Ada is told (messaging emails her): announced once, in the transaction that chose her.
    const chosenEvents = async () =>
      (await harness.db.query(`select data from outbox where type = 'hunters.pick.chosen' order by seq`)).rows.map((row: { data: unknown }) => row.data);
    expect(await chosenEvents()).toEqual([{ hunterId: ada, userId: 'pick-ada', hunterName: 'Ada Picker', day: today() }]);
    await send('PUT', ROTA, 'admin', { hunterIds: [ada, bea] });
    expect(await harness.app.get(HunterPicksService).chooseToday()).toBe(ada);
    expect(await chosenEvents()).toHaveLength(1);

    expect((await send<MyHunterPickDay>('GET', '/api/hunter-picks/mine', 'pick-ada')).body).toEqual({ day: today(), isMyDay: true, pick: null });
    expect((await send<MyHunterPickDay>('GET', '/api/hunter-picks/mine', 'pick-bea')).body).toEqual({ day: today(), isMyDay: false, pick: null });
    expect((await send('GET', '/api/hunter-picks/mine', 'pick-nobody')).status).toBe(404);

    const notHers = await send<{ message: string }>('PUT', '/api/hunter-picks/today', 'pick-bea', { brandId: 501, note: 'Lovely.' });
    expect(notHers.status).toBe(403);
    expect(notHers.body.message).toBe(HUNTER_PICK_MESSAGES.notYourDay);
    expect((await send('PUT', '/api/hunter-picks/today', null, { brandId: 501, note: 'x' })).status).toBe(401);
    const unknown = await send<{ errors: Record<string, string> }>('PUT', '/api/hunter-picks/today', 'pick-ada', { brandId: 999, note: 'Gone.' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ brandId: HUNTER_PICK_MESSAGES.brand });
    const threeLines = await send<{ errors: Record<string, string> }>('PUT', '/api/hunter-picks/today', 'pick-ada', { brandId: 501, note: 'a\nb\nc' });
    expect(threeLines.status).toBe(400);
    expect(threeLines.body.errors).toEqual({ note: HUNTER_PICK_MESSAGES.note });
    expect((await send('PUT', '/api/hunter-picks/today', 'pick-ada', { brandId: 501, note: 'x'.repeat(201) })).status).toBe(400);
    expect((await send<TodayHunterPick>('GET', '/api/hunter-picks/today', null)).body.pick).toBeNull();

    const picked = await send<HunterPick>('PUT', '/api/hunter-picks/today', 'pick-ada', { brandId: 501, note: '  Thrown by hand in Leeds.\nThe mugs sell out.  ' });
    expect(picked.status).toBe(200);
    const expected = {
      day: today(),
      hunter: { id: ada, name: 'Ada Picker', profileImageUrl: null },
      brand: { id: 501, name: 'Kiln Studio', imageUrl: '/kiln.png' },
      brandName: 'Kiln Studio',
      note: 'Thrown by hand in Leeds.\nThe mugs sell out.',
    };
    expect(picked.body).toMatchObject(expected);
    expect((await send<TodayHunterPick>('GET', '/api/hunter-picks/today', null)).body.pick).toMatchObject(expected);

    // The day's hunter may change their mind during the day.
    await send('PUT', '/api/hunter-picks/today', 'pick-ada', { brandId: 502, note: 'On second thoughts: the linen.' });
    expect((await send<TodayHunterPick>('GET', '/api/hunter-picks/today', null)).body.pick).toMatchObject({
      brand: { id: 502, name: 'Loom & Thread' },
      note: 'On second thoughts: the linen.',
    });

    // A suspended hunter's pick is not shown.
    await send('POST', `/api/admin/hunters/${ada}/suspend`, 'admin', { reason: 'Checking a complaint' });
    expect((await send<TodayHunterPick>('GET', '/api/hunter-picks/today', null)).body.pick).toBeNull();
    expect((await send('PUT', '/api/hunter-picks/today', 'pick-ada', { brandId: 501, note: 'Still me?' })).status).toBe(403);
    await send('POST', `/api/admin/hunters/${ada}/reinstate`, 'admin', {});
  });

  it('takes turns: the next approved hunter after the last day chosen, wrapping round, and chooses once', async () => {
    const choose = () => harness.app.get(HunterPicksService).chooseToday();
    const [ada, bea] = (await send<HunterPickRota>('GET', ROTA, 'admin')).body.entries.map((entry) => entry.hunter.id);
    const cyd = await hunter('pick-cyd', 'Cyd Picker');
    await send('PUT', ROTA, 'admin', { hunterIds: [ada, bea, cyd] });

    async function dayAfter(hunterId: number): Promise<number | null> {
      await harness.db.query('delete from hunter_picks');
      await harness.db.query('insert into hunter_picks (day, hunter_id) values ($1::date, $2)', [addDays(today(), -1), hunterId]);
      return choose();
    }
    expect(await dayAfter(ada!)).toBe(bea);
    expect(await dayAfter(bea!)).toBe(cyd);
    expect(await dayAfter(cyd)).toBe(ada);
    // A second run, or two at once, leave the one choice.
    expect(await Promise.all([choose(), choose()])).toEqual([ada, ada]);
    expect((await harness.db.query('select 1 from hunter_picks where day = $1::date', [today()])).rowCount).toBe(1);

    // A hunter no longer approved is skipped.
    await send('POST', `/api/admin/hunters/${bea}/suspend`, 'admin', { reason: 'Checking a complaint' });
    expect(await dayAfter(ada!)).toBe(cyd);
  });
});
