import { randomUUID } from 'node:crypto';
import { HUNTER_EDIT_MESSAGES, type BrandRef, type EventPayload, type Hunter, type IntegrationEvent } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { testIdentityHeaders, waitFor } from '@hunted/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHuntersHarness } from './hunters-harness.js';
import { member } from './member-requests.js';
import { approveHunter } from './vetting-helpers.js';

type BrandEvent = EventPayload<'brands.brand.created'>;
const brand = (brandId: number, name: string, tags: string[] = []): BrandEvent => ({
  brandId,
  name,
  imageUrl: `/demo-brands/${name.toLowerCase().replaceAll(' ', '-')}.svg`,
  tags,
});

/**
 * The brands each hunter knows (issue 25): hunters' copy of the directory fed by brands' events, a hunter's go-to
 * brands (their own to set, anyone's to read once approved), and the listing's `brand` and `valueTag` filters over
 * go-to brands and the brands named in edits.
 */
describe('hunters: the brands hunters know', () => {
  const harness = useHuntersHarness('hunters_known_brands_it', { publishers: ['brands'] });

  const headersOf = async (userId: string) => ({
    ...(await testIdentityHeaders(member(userId), 'hunters')),
    'content-type': 'application/json',
  });

  const createHunter = (userId: string, name: string, { approve = true, location = 'UK' } = {}) =>
    harness.createHunter(userId, { name, location }, { approved: approve });

  /** Applies a brand event as the consumer would (inbox and all), as having happened at `occurredAt`. */
  const applyAt = <T extends 'brands.brand.created' | 'brands.brand.updated' | 'brands.brand.deleted'>(
    type: T,
    data: EventPayload<T>,
    occurredAt = new Date(),
  ) =>
    harness.app.get(EventConsumer).apply({ id: randomUUID(), type, version: 1, occurredAt: occurredAt.toISOString(), data } as IntegrationEvent<T>);

  const copyOf = async (brandId: number) =>
    (
      await harness.db.query<{ name: string; image_url: string; tags: string[] }>(
        'select name, image_url, tags from brand_copies where brand_id = $1',
        [brandId],
      )
    ).rows[0];

  const putGoTo = async (userId: string | null, body: unknown) =>
    fetch(`${harness.base}/api/hunter-profile/go-to-brands`, {
      method: 'PUT',
      headers: userId ? await headersOf(userId) : { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const getMine = async (userId: string | null) =>
    fetch(`${harness.base}/api/hunter-profile/go-to-brands`, userId ? { headers: await headersOf(userId) } : {});
  const ids = (refs: BrandRef[]) => refs.map((ref) => ref.id);

  /** `GET /api/hunters?query`: the names in order and the total. */
  async function listing(query: string): Promise<{ status: number; names: string[]; total: string | null; body: unknown }> {
    const response = await fetch(`${harness.base}/api/hunters?${query}`);
    const body = (await response.json()) as unknown;
    return {
      status: response.status,
      names: Array.isArray(body) ? (body as Hunter[]).map((h) => h.name) : [],
      total: response.headers.get('x-total-count'),
      body,
    };
  }

  /** An edit of the hunter's naming the brands, as the Hunter Edits feature stores one (its held session first). */
  async function insertEdit(hunterId: number, brandIds: number[], publication: 'private' | 'published' = 'private'): Promise<number> {
    const bookingId = randomUUID();
    await harness.db.query(
      `insert into booking_copies (booking_id, hunter_id, client_user_id, ends_at, sequence, first_heard_at, status,
                                   attendance, held_from, editable_from)
       values ($1, $2, 'client-of-edits', now() - interval '1 day', 0, now(), 'completed', 'held',
               now() - interval '1 day', now() - interval '1 day')`,
      [bookingId, hunterId],
    );
    const { rows } = await harness.db.query<{ id: number }>(
      `insert into hunter_edits (booking_id, hunter_id, client_user_id, title, publication, published_at)
       values ($1, $2, 'client-of-edits', 'An edit', $3, case when $3 = 'published' then now() end) returning id`,
      [bookingId, hunterId, publication],
    );
    const editId = rows[0]!.id;
    for (const [index, brandId] of brandIds.entries()) {
      await harness.db.query(
        `insert into hunter_edit_items (edit_id, position, brand_id, brand_name, item_name, why)
         select $1, $2, brand_id, name, 'A piece', 'Because' from brand_copies where brand_id = $3`,
        [editId, index + 1, brandId],
      );
    }
    return editId;
  }

  describe("the copy of the directory (brands' events)", () => {
    it("reads brands' stream: a created brand arrives with its name, image and tags", async () => {
      const event = await harness.publisher('brands').publish('brands.brand.created', brand(101, 'Loom Studio', ['Handmade']));
      await waitFor(
        'brand 101 in the copy',
        async () => (await harness.db.query('select 1 from inbox where event_id = $1', [event.id])).rowCount === 1,
        20_000,
      );
      expect(await copyOf(101)).toEqual({ name: 'Loom Studio', image_url: '/demo-brands/loom-studio.svg', tags: ['Handmade'] });
    });

    it('applies an update, even as the first it hears of a brand, and never an older event after a newer one', async () => {
      const now = Date.now();
      // The republished directory arrives as updates: the copy is upserted.
      expect(await applyAt('brands.brand.updated', brand(102, 'Fen Knits', ['Locally Made']), new Date(now - 60_000))).toBe(true);
      expect(await copyOf(102)).toMatchObject({ name: 'Fen Knits', tags: ['Locally Made'] });
      await applyAt('brands.brand.updated', brand(102, 'Fen & Fable', ['Handmade', 'Gives Back']), new Date(now));
      expect(await copyOf(102)).toEqual({ name: 'Fen & Fable', image_url: '/demo-brands/fen-&-fable.svg', tags: ['Handmade', 'Gives Back'] });
      // Older than what the copy holds: a late delivery or a replay, applied (inbox) without changing anything.
      expect(await applyAt('brands.brand.updated', brand(102, 'Stale Name', []), new Date(now - 30_000))).toBe(true);
      expect(await applyAt('brands.brand.created', brand(102, 'Created Late', []), new Date(now - 120_000))).toBe(true);
      expect(await copyOf(102)).toMatchObject({ name: 'Fen & Fable', tags: ['Handmade', 'Gives Back'] });
    });

    it('removes a deleted brand: off every go-to list, while edits keep its name without the link', async () => {
      await applyAt('brands.brand.created', brand(103, 'Short Lived'));
      await applyAt('brands.brand.created', brand(104, 'Staying'));
      const hunter = await createHunter('kb-delete', 'Dora Deleted');
      expect((await putGoTo('kb-delete', { brandIds: [103, 104] })).status).toBe(200);
      const editId = await insertEdit(hunter.id, [103, 104]);

      expect(await applyAt('brands.brand.deleted', { brandId: 103 })).toBe(true);
      expect(await copyOf(103)).toBeUndefined();
      expect(ids((await (await getMine('kb-delete')).json()) as BrandRef[])).toEqual([104]);
      const { rows } = await harness.db.query('select position, brand_id, brand_name from hunter_edit_items where edit_id = $1 order by position', [
        editId,
      ]);
      expect(rows).toEqual([
        { position: 1, brand_id: null, brand_name: 'Short Lived' },
        { position: 2, brand_id: 104, brand_name: 'Staying' },
      ]);
      // Deleting again (a redelivery under another id) is harmless.
      expect(await applyAt('brands.brand.deleted', { brandId: 103 })).toBe(true);
    });
  });

  describe('go-to brands', () => {
    beforeAll(async () => {
      for (let id = 201; id <= 214; id++) await applyAt('brands.brand.created', brand(id, `Go To ${id}`));
    });

    it('asks a guest to sign in, and a member without a profile to make one', async () => {
      expect((await getMine(null)).status).toBe(401);
      expect((await putGoTo(null, { brandIds: [201] })).status).toBe(401);
      for (const response of [await getMine('kb-nobody'), await putGoTo('kb-nobody', { brandIds: [201] })]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ message: 'Hunter not found' });
      }
    });

    it("sets the caller's own list in order (repeats once), replaces it, and shows it on the hunter's page", async () => {
      const hunter = await createHunter('kb-gia', 'Gia Go To');
      expect(await (await getMine('kb-gia')).json()).toEqual([]);

      const saved = await putGoTo('kb-gia', { brandIds: [205, 201, 209, 201] });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual([
        { id: 205, name: 'Go To 205', imageUrl: '/demo-brands/go-to-205.svg' },
        { id: 201, name: 'Go To 201', imageUrl: '/demo-brands/go-to-201.svg' },
        { id: 209, name: 'Go To 209', imageUrl: '/demo-brands/go-to-209.svg' },
      ]);
      expect(ids((await (await getMine('kb-gia')).json()) as BrandRef[])).toEqual([205, 201, 209]);

      // A new list replaces the old one entirely, in its own order.
      expect(ids((await (await putGoTo('kb-gia', { brandIds: [209, 212] })).json()) as BrandRef[])).toEqual([209, 212]);
      const publicRead = await fetch(`${harness.base}/api/hunters/${hunter.id}/go-to-brands`);
      expect(publicRead.status).toBe(200);
      expect(ids((await publicRead.json()) as BrandRef[])).toEqual([209, 212]);

      // Twelve is the most; an empty list clears it.
      const twelve = Array.from({ length: 12 }, (_, i) => 201 + i);
      expect(ids((await (await putGoTo('kb-gia', { brandIds: twelve })).json()) as BrandRef[])).toEqual(twelve);
      expect(await (await putGoTo('kb-gia', { brandIds: [] })).json()).toEqual([]);
    });

    it('refuses more than 12, a brand the directory does not have and malformed ids, naming brandIds, and keeps the list', async () => {
      await createHunter('kb-hal', 'Hal Refused');
      expect((await putGoTo('kb-hal', { brandIds: [201, 202] })).status).toBe(200);
      const cases: unknown[] = [
        { brandIds: Array.from({ length: 13 }, (_, i) => 201 + i) },
        { brandIds: [201, 999_999] },
        { brandIds: [103] }, // deleted above
        { brandIds: ['201'] },
        { brandIds: [0] },
        { brandIds: 201 },
        {},
      ];
      for (const body of cases) {
        const response = await putGoTo('kb-hal', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const answer = (await response.json()) as { errors: Record<string, string> };
        const field = Object.keys(answer.errors)[0]!;
        expect(field.startsWith('brandIds'), JSON.stringify(answer)).toBe(true);
        expect(Object.values(answer.errors)[0]).toMatch(/^Pick (each brand from the directory|up to 12 brands from the directory)$/);
      }
      const unknown = await putGoTo('kb-hal', { brandIds: [999_999] });
      expect(await unknown.json()).toMatchObject({ message: HUNTER_EDIT_MESSAGES.goToBrands, errors: { brandIds: HUNTER_EDIT_MESSAGES.goToBrands } });
      expect(ids((await (await getMine('kb-hal')).json()) as BrandRef[])).toEqual([201, 202]);
    });

    it("touches only the caller's own list, and keeps a hunter's list from the public until they are approved", async () => {
      const ivy = await createHunter('kb-ivy', 'Ivy Owner');
      const jo = await createHunter('kb-jo', 'Jo Pending', { approve: false });
      expect((await putGoTo('kb-ivy', { brandIds: [203] })).status).toBe(200);
      // A pending hunter keeps their own list ready (their own read works); the public does not see it yet.
      expect((await putGoTo('kb-jo', { brandIds: [204] })).status).toBe(200);
      expect(ids((await (await getMine('kb-jo')).json()) as BrandRef[])).toEqual([204]);
      expect(ids((await (await getMine('kb-ivy')).json()) as BrandRef[])).toEqual([203]);
      const pending = await fetch(`${harness.base}/api/hunters/${jo.id}/go-to-brands`);
      expect(pending.status).toBe(404);
      expect(await pending.json()).toMatchObject({ message: 'Hunter not found' });
      for (const path of ['999999', 'abc', `0${ivy.id}`, '99999999999']) {
        expect((await fetch(`${harness.base}/api/hunters/${path}/go-to-brands`)).status, path).toBe(404);
      }
      await approveHunter(harness.base, jo.id);
      expect(ids((await (await fetch(`${harness.base}/api/hunters/${jo.id}/go-to-brands`)).json()) as BrandRef[])).toEqual([204]);
    });

    it('leaves one whole list when the same hunter saves twice at once', async () => {
      await createHunter('kb-kit', 'Kit Racing');
      const lists = [
        [201, 202, 203, 204, 205, 206],
        [206, 205, 204, 203, 202, 201],
      ];
      const answers = await Promise.all([...lists, ...lists].map((brandIds) => putGoTo('kb-kit', { brandIds })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const final = ids((await (await getMine('kb-kit')).json()) as BrandRef[]);
      expect(lists).toContainEqual(final);
    });
  });

  describe("the listing's brand and valueTag filters", () => {
    const created: Record<string, Hunter> = {};

    beforeAll(async () => {
      await applyAt('brands.brand.created', brand(301, 'Known Brand', ['Sustainable Packaging']));
      await applyAt('brands.brand.created', brand(302, 'Handmade One', ['Handmade']));
      await applyAt('brands.brand.created', brand(303, 'Handmade Two', ['Handmade', 'Gives Back']));
      await applyAt('brands.brand.created', brand(304, 'Plain Brand', []));
      // Only these hunters are in the listing's filtered answers below (the others above know none of 301–304).
      created.ann = await createHunter('kb-ann', 'Ann Goes To', { location: 'Italy' });
      created.ben = await createHunter('kb-ben', 'Ben Published Edit', { location: 'France' });
      created.cat = await createHunter('kb-cat', 'Cat Handmade', { location: 'Italy' });
      created.dan = await createHunter('kb-dan', 'Dan Knows Nothing Tagged', { location: 'Italy' });
      created.eve = await createHunter('kb-eve', 'Eve Pending', { approve: false, location: 'Italy' });
      created.fay = await createHunter('kb-fay', 'Fay Published Edit', { location: 'Spain' });
      // A private edit says who the client was, not what the hunter is known for (issue 35): Gil is in none below.
      created.gil = await createHunter('kb-gil', 'Gil Edited Privately', { location: 'Italy' });
      expect((await putGoTo('kb-ann', { brandIds: [304, 301] })).status).toBe(200);
      await insertEdit(created.ben.id, [301, 304, 302], 'published');
      await insertEdit(created.gil.id, [301, 302, 303, 304]);
      expect((await putGoTo('kb-cat', { brandIds: [303] })).status).toBe(200);
      expect((await putGoTo('kb-dan', { brandIds: [304] })).status).toBe(200);
      expect((await putGoTo('kb-eve', { brandIds: [301, 302] })).status).toBe(200);
      await insertEdit(created.fay.id, [303], 'published');
    });

    it('keeps the approved hunters who know a brand, by a go-to brand or a published edit, never a private one', async () => {
      const known = await listing('brand=301');
      expect(known.status).toBe(200);
      expect(known.names.sort()).toEqual(['Ann Goes To', 'Ben Published Edit']);
      expect(known.total).toBe('2');
      expect((await listing('brand=303')).names.sort()).toEqual(['Cat Handmade', 'Fay Published Edit']);
      expect((await listing('brand=304')).names.sort()).toEqual(['Ann Goes To', 'Ben Published Edit', 'Dan Knows Nothing Tagged']);
      // A brand page's "Hunters who know this brand": 'Our top picks', 6 at most.
      const page = await listing('brand=304&sort=rating&limit=6');
      expect(page.names).toHaveLength(3);
      expect(page.total).toBe('3');
      // A brand nobody knows, or none the directory has.
      expect(await listing('brand=305')).toMatchObject({ status: 200, names: [], total: '0' });
    });

    it('keeps the approved hunters who know a brand with the value tag', async () => {
      const handmade = await listing('valueTag=Handmade');
      expect(handmade.names.sort()).toEqual(['Ben Published Edit', 'Cat Handmade', 'Fay Published Edit']);
      expect(handmade.total).toBe('3');
      expect((await listing('valueTag=Gives%20Back')).names.sort()).toEqual(['Cat Handmade', 'Fay Published Edit']);
      expect((await listing('valueTag=Sustainable%20Packaging')).names.sort()).toEqual(['Ann Goes To', 'Ben Published Edit']);
      expect(await listing('valueTag=Hunted%20Luxe')).toMatchObject({ names: [], total: '0' });
      // 'all' and blank are no filter, as for every other filter.
      expect((await listing('valueTag=all&brand=')).total).toBe((await listing('')).total);
    });

    it('combines with the other filters, the sorts, a search and paging, with the total of the whole match', async () => {
      expect((await listing('brand=304&location=Italy')).names.sort()).toEqual(['Ann Goes To', 'Dan Knows Nothing Tagged']);
      expect((await listing('valueTag=Handmade&location=Italy')).names).toEqual(['Cat Handmade']);
      expect((await listing('valueTag=Handmade&brand=301')).names).toEqual(['Ben Published Edit']);
      expect((await listing('valueTag=Handmade&search=cat')).names).toEqual(['Cat Handmade']);
      expect((await listing('brand=304&search=ben')).names).toEqual(['Ben Published Edit']);

      const all = await listing('brand=304&sort=price-low');
      const first = await listing('brand=304&sort=price-low&limit=2');
      const second = await listing('brand=304&sort=price-low&limit=2&offset=2');
      expect([first.total, second.total]).toEqual(['3', '3']);
      expect([...first.names, ...second.names]).toEqual(all.names);
      const tagged = await listing('valueTag=Handmade&sort=experience&limit=1&offset=1');
      expect(tagged.names).toHaveLength(1);
      expect(tagged.total).toBe('3');
      // A page past the end still says how many there are.
      expect(await listing('valueTag=Handmade&limit=2&offset=10')).toMatchObject({ names: [], total: '3' });
    });

    it('refuses a brand that is not an id and a tag that is not a value tag, naming the parameter', async () => {
      const badBrand = await listing('brand=abc');
      expect(badBrand.status).toBe(400);
      expect(badBrand.body).toMatchObject({ errors: { brand: 'brand must be a whole number from 1 to 2147483647' } });
      const badTag = await listing('valueTag=Cheap');
      expect(badTag.status).toBe(400);
      expect((badTag.body as { errors: Record<string, string> }).errors.valueTag).toMatch(/^valueTag must be one of: Sustainable Packaging/);
    });
  });
});
