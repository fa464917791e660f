import { randomUUID } from 'node:crypto';
import {
  HUNTER_PICK_MESSAGES,
  type BrandHunterEdits,
  type BrandRef,
  type EventPayload,
  type Hunter,
  type HunterPick,
  type IntegrationEvent,
  type ModerationAction,
  type ModerationDecidedV1,
  type PublishedHunterEdit,
  type ReportableKind,
  type TodayHunterPick,
} from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HiddenBrandCopies1798000100000 } from '../src/database/migrations/1798000100000-hidden-brand-copies.js';
import { useHuntersHarness } from './hunters-harness.js';

/**
 * A brand an admin hides (decision 0101) leaves hunters' copy of the directory without leaving its rows: go-to
 * lists, Hunter's Pick, edit links, the brand page's hunters and edits and the value-tag filter leave it out, nothing
 * new can name it, and restoring it brings every row back. Decisions apply in the order they happened.
 */
describe('hunters: brands hidden by moderation', () => {
  const harness = useHuntersHarness('hunters_hidden_brands_it', { publishers: ['brands'] });
  const HIDDEN = 701;
  const SHOWN = 702;
  let hunterId: number;
  let editId: number;

  const decision = (action: ModerationAction, itemId = HIDDEN, kind: ReportableKind = 'brand'): ModerationDecidedV1 => ({
    kind,
    itemId,
    action,
    reason: action === 'hidden' ? 'Counterfeit goods' : null,
    authorUserId: 'hb-submitter',
    reporterUserIds: [],
    itemTitle: 'Brand',
    noticePath: `/moderation/${kind}/${itemId}`,
  });

  /** Applies a brands event as the consumer would (inbox and all), as having happened at `occurredAt`. */
  const applyAt = <T extends 'brands.brand.created' | 'brands.moderation.decided'>(type: T, data: EventPayload<T>, occurredAt: Date) =>
    harness.app.get(EventConsumer).apply({ id: randomUUID(), type, version: 1, occurredAt: occurredAt.toISOString(), data } as IntegrationEvent<T>);

  /** A decision as brands publishes it (outbox, relay, stream), waited for until hunters applied it. */
  async function decide(action: ModerationAction): Promise<void> {
    await harness.applied([await harness.publisher('brands').publish('brands.moderation.decided', decision(action))]);
  }

  const ids = (refs: BrandRef[]) => refs.map((ref) => ref.id);
  const goTo = async () => ({
    mine: ids((await harness.send<BrandRef[]>('GET', '/api/hunter-profile/go-to-brands', 'hb-ada')).body),
    public: ids((await harness.send<BrandRef[]>('GET', `/api/hunters/${hunterId}/go-to-brands`, null)).body),
  });
  const todaysPick = async () => (await harness.send<TodayHunterPick>('GET', '/api/hunter-picks/today', null)).body.pick;
  const pick = (brandId: number) => harness.send<HunterPick & { errors?: Record<string, string> }>('PUT', '/api/hunter-picks/today', 'hb-ada', { brandId, note: 'A favourite.' });
  const listed = async (query: string) => (await harness.send<Hunter[]>('GET', `/api/hunters?${query}`, null)).body.map((hunter) => hunter.name);
  const editItems = async () =>
    (await harness.send<PublishedHunterEdit>('GET', `/api/hunter-edits/${editId}`, null)).body.items.map((item) => [item.brand?.id ?? null, item.brandName]);
  const brandEdits = async () => {
    const { edits, total, hunterCount } = (await harness.send<BrandHunterEdits>('GET', `/api/brands/${HIDDEN}/hunter-edits`, null)).body;
    return { ids: edits.map((edit) => edit.id), total, hunterCount };
  };

  beforeAll(async () => {
    const long = new Date(Date.now() - 3_600_000);
    await applyAt('brands.brand.created', { brandId: HIDDEN, name: 'Knockoff Co', imageUrl: '/knockoff.svg', tags: ['Handmade'] }, long);
    await applyAt('brands.brand.created', { brandId: SHOWN, name: 'Honest Goods', imageUrl: '/honest.svg', tags: ['Gives Back'] }, long);
    hunterId = (await harness.createHunter('hb-ada', { name: 'Ada Hidden' })).id;
    expect((await harness.send('PUT', '/api/hunter-profile/go-to-brands', 'hb-ada', { brandIds: [HIDDEN, SHOWN] })).status).toBe(200);

    // A published edit naming both, as the Hunter Edits feature stores one (its held session first).
    const bookingId = randomUUID();
    await harness.db.query(
      `insert into booking_copies (booking_id, hunter_id, client_user_id, ends_at, sequence, first_heard_at, status,
                                   attendance, held_from, editable_from)
       values ($1, $2, 'hb-client', now() - interval '1 day', 0, now(), 'completed', 'held', now() - interval '1 day', now() - interval '1 day')`,
      [bookingId, hunterId],
    );
    const { rows } = await harness.db.query<{ id: number }>(
      `insert into hunter_edits (booking_id, hunter_id, client_user_id, title, publication, published_at)
       values ($1, $2, 'hb-client', 'An edit', 'published', now()) returning id`,
      [bookingId, hunterId],
    );
    editId = rows[0]!.id;
    await harness.db.query(
      `insert into hunter_edit_items (edit_id, position, brand_id, brand_name, item_name, why)
       select $1, row_number() over (order by brand_id), brand_id, name, 'A piece', 'Because' from brand_copies where brand_id = any($2::int[])`,
      [editId, [HIDDEN, SHOWN]],
    );

    // Ada is today's hunter and picks the brand about to be hidden.
    expect((await harness.send('PUT', '/api/admin/hunter-pick-rota', 'admin', { hunterIds: [hunterId] })).status).toBe(200);
    expect((await pick(HIDDEN)).status).toBe(200);
  });

  it('shows the brand everywhere before it is hidden', async () => {
    expect(await goTo()).toEqual({ mine: [HIDDEN, SHOWN], public: [HIDDEN, SHOWN] });
    expect((await todaysPick())?.brand?.id).toBe(HIDDEN);
    expect(await listed(`brand=${HIDDEN}`)).toEqual(['Ada Hidden']);
    expect(await listed('valueTag=Handmade')).toEqual(['Ada Hidden']);
    expect(await editItems()).toEqual([
      [HIDDEN, 'Knockoff Co'],
      [SHOWN, 'Honest Goods'],
    ]);
    expect(await brandEdits()).toEqual({ ids: [editId], total: 1, hunterCount: 1 });
  });

  it("hides it (brands' stream): off go-to lists, the pick, edit links and the brand's hunters, and nothing new can name it", async () => {
    await decide('hidden');
    expect(await goTo()).toEqual({ mine: [SHOWN], public: [SHOWN] });
    expect(await todaysPick()).toBeNull();
    expect(await listed(`brand=${HIDDEN}`)).toEqual([]);
    expect(await listed('valueTag=Handmade')).toEqual([]);
    expect(await listed('valueTag=Gives%20Back')).toEqual(['Ada Hidden']);
    // The edit keeps the name the client was sent, without the link.
    expect(await editItems()).toEqual([
      [null, 'Knockoff Co'],
      [SHOWN, 'Honest Goods'],
    ]);
    expect(await brandEdits()).toEqual({ ids: [], total: 0, hunterCount: 0 });

    // Refused as a brand the directory does not have; the saved rows stay for the restoring.
    const goToRefused = await harness.send<{ errors: Record<string, string> }>('PUT', '/api/hunter-profile/go-to-brands', 'hb-ada', { brandIds: [SHOWN, HIDDEN] });
    expect(goToRefused.status).toBe(400);
    expect(Object.keys(goToRefused.body.errors)).toEqual(['brandIds']);
    const pickRefused = await pick(HIDDEN);
    expect(pickRefused.status).toBe(400);
    expect(pickRefused.body.errors).toEqual({ brandId: HUNTER_PICK_MESSAGES.brand });
    expect((await harness.db.query('select brand_id from hunter_go_to_brands where hunter_id = $1 order by position', [hunterId])).rows).toEqual([
      { brand_id: HIDDEN },
      { brand_id: SHOWN },
    ]);
  });

  it('changes nothing on a dismissal, a rejected appeal or a decision on another kind with the same id', async () => {
    const now = new Date();
    expect(await applyAt('brands.moderation.decided', decision('appeal-rejected'), now)).toBe(true);
    expect(await applyAt('brands.moderation.decided', decision('dismissed', SHOWN), now)).toBe(true);
    expect(await applyAt('brands.moderation.decided', decision('hidden', SHOWN, 'brand-review'), now)).toBe(true);
    expect(await goTo()).toEqual({ mine: [SHOWN], public: [SHOWN] });
  });

  it('brings everything back when restored, and an older decision replayed after it does not hide it again', async () => {
    await decide('restored');
    const shownAgain = async () => {
      expect(await goTo()).toEqual({ mine: [HIDDEN, SHOWN], public: [HIDDEN, SHOWN] });
      expect((await todaysPick())?.brand).toEqual({ id: HIDDEN, name: 'Knockoff Co', imageUrl: '/knockoff.svg' });
      expect(await listed(`brand=${HIDDEN}`)).toEqual(['Ada Hidden']);
      expect(await listed('valueTag=Handmade')).toEqual(['Ada Hidden']);
      expect(await editItems()).toEqual([
        [HIDDEN, 'Knockoff Co'],
        [SHOWN, 'Honest Goods'],
      ]);
      expect(await brandEdits()).toEqual({ ids: [editId], total: 1, hunterCount: 1 });
    };
    await shownAgain();

    // A redelivery of the hide under another id, older than the restoring: applied (inbox) and changes nothing.
    expect(await applyAt('brands.moderation.decided', decision('hidden'), new Date(Date.now() - 60_000))).toBe(true);
    await shownAgain();
    expect((await harness.send('PUT', '/api/hunter-profile/go-to-brands', 'hb-ada', { brandIds: [SHOWN, HIDDEN] })).status).toBe(200);
    expect((await pick(HIDDEN)).status).toBe(200);

    // A newer hide applies, and replaying it is harmless; the older restoring replayed after it does not show it.
    const later = new Date(Date.now() + 1_000);
    expect(await applyAt('brands.moderation.decided', decision('hidden'), later)).toBe(true);
    expect(await applyAt('brands.moderation.decided', decision('hidden'), later)).toBe(true);
    expect(await applyAt('brands.moderation.decided', decision('restored'), new Date(later.getTime() - 500))).toBe(true);
    expect(await goTo()).toEqual({ mine: [SHOWN], public: [SHOWN] });
    const [copy] = (await harness.db.query('select hidden_at from brand_copies where brand_id = $1', [HIDDEN])).rows as { hidden_at: Date }[];
    expect(copy!.hidden_at.toISOString()).toBe(later.toISOString());
  });

  it('the migration reverts (the hidden brand counts again) and applies again', async () => {
    const runner = harness.app.get(DataSource).createQueryRunner();
    const tagsOfAda = async () => (await harness.db.query('select known_value_tags from hunters where id = $1', [hunterId])).rows[0];
    try {
      expect(await tagsOfAda()).toEqual({ known_value_tags: ['Gives Back'] });
      await new HiddenBrandCopies1798000100000().down(runner);
      expect(await tagsOfAda()).toEqual({ known_value_tags: ['Gives Back', 'Handmade'] });
      await new HiddenBrandCopies1798000100000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await goTo()).toEqual({ mine: [SHOWN, HIDDEN], public: [SHOWN, HIDDEN] });
    expect(await applyAt('brands.moderation.decided', decision('hidden'), new Date())).toBe(true);
    expect(await goTo()).toEqual({ mine: [SHOWN], public: [SHOWN] });
    expect(await tagsOfAda()).toEqual({ known_value_tags: ['Gives Back'] });
  });
});
