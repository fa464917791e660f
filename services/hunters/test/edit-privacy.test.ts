import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SESSION_TYPES,
  HUNTER_EDIT_MESSAGES,
  type BrandHunterEdits,
  type HunterEdit,
  type OwnHunter,
  type Hunter,
} from '@hunted/contracts';
import { testIdentityHeaders } from '@hunted/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_NOT_YOURS } from '../src/store/hunter-photos.js';
import { PNG_UPLOAD as PNG, useHuntersHarness } from './hunters-harness.js';
import { member } from './member-requests.js';
import { adminHeaders, approvePendingRevision } from './vetting-helpers.js';

const M = HUNTER_EDIT_MESSAGES;

const booking = (n: number) => `5e1a7c3d-8f2b-4a6e-9c0d-${String(n).padStart(12, '0')}`;

const PRIVATE = 'private, max-age=3600';
const REVOCABLE = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Issue 35 in hunters: an edit's photos follow the edit (private to its hunter and client, public while published);
 * a client withdraws consent to a published edit (once; again changes nothing); the listing's `brand` filter counts
 * go-to brands and published edits only; `valueTag` reads each hunter's `known_value_tags`, kept right by the
 * triggers whatever writes its inputs; and a profile photo is the caller's own avatar or upload.
 */
describe('hunters: edit privacy, withdrawn consent, what a hunter is known for, own photos', () => {
  const harness = useHuntersHarness('hunters_edit_privacy_it', { publishers: ['bookings'] });
  const { send } = harness;
  let ada: OwnHunter;
  let bea: OwnHunter;

  /** A photo as `as` gets it: its status and Cache-Control. */
  async function photo(url: string, as: string | null): Promise<[number, string | null]> {
    const headers = as ? await testIdentityHeaders(member(as), 'hunters') : {};
    const response = await fetch(`${harness.base}${url}`, { headers });
    await response.arrayBuffer();
    return [response.status, response.headers.get('cache-control')];
  }

  const createHunter = (userId: string, name: string, extra: object = {}) => harness.createHunter(userId, { name, ...extra });

  /** A held session of `hunterId` with `client`, as bookings publishes it (through the outbox, relay and stream). */
  const heldSession = async (n: number, hunterId: number, client: string) =>
    harness.applied([await harness.bookingEvent('bookings.booking.completed', { bookingId: booking(n), hunterId, clientUserId: client })]);

  /** Sends an edit of `brandIds` for session `n`, its first item with a photo the hunter uploads; answers both. */
  async function sendEdit(as: string, n: number, brandIds: number[]): Promise<{ edit: HunterEdit; photoUrl: string }> {
    const upload = await send<{ url: string }>('POST', '/api/hunter-edits/photos', as, { photo: PNG });
    expect(upload.status).toBe(201);
    const sent = await send<HunterEdit>('POST', '/api/hunter-edits', as, {
      bookingId: booking(n),
      title: `Edit ${n}`,
      items: brandIds.map((brandId, index) => ({
        brandId,
        itemName: `Item ${brandId}`,
        why: 'It lasts',
        photoUrl: index === 0 ? upload.body.url : null,
      })),
    });
    expect(sent.status).toBe(201);
    return { edit: sent.body, photoUrl: upload.body.url };
  }

  async function publish(hunterUser: string, client: string, id: number): Promise<void> {
    expect(await send('POST', `/api/hunter-edits/${id}/publish-request`, hunterUser)).toMatchObject({ status: 200 });
    expect(await send('POST', `/api/hunter-edits/${id}/publish-consent`, client, { allow: true })).toMatchObject({ status: 200 });
  }

  async function listedIds(query: string): Promise<number[]> {
    const listing = await send<Hunter[]>('GET', `/api/hunters?${query}`, null);
    expect([query, listing.status]).toEqual([query, 200]);
    return listing.body.map((h) => h.id).sort();
  }
  const tagsOf = async (hunterId: number) =>
    ((await harness.db.query<{ tags: string[] }>('select known_value_tags as tags from hunters where id = $1', [hunterId])).rows[0]!).tags;

  beforeAll(async () => {
    // Brands 1–3 'Handmade', 4–6 'Locally Made', 7–9 none, as hunters' copy of the directory has them.
    await harness.db.query(
      `insert into brand_copies (brand_id, name, image_url, tags, updated_at)
       select n, 'Brand ' || n, '/brands/' || n || '.png',
              case when n <= 3 then array['Handmade'] when n <= 6 then array['Locally Made'] else '{}' end, now()
         from generate_series(1, 9) n`,
    );
    ada = await createHunter('u-ada', 'Ada Hunter');
    bea = await createHunter('u-bea', 'Bea Hunter');
    await heldSession(1, ada.id, 'u-cleo');
    await heldSession(2, ada.id, 'u-dan');
  });

  describe("an edit's photos and a withdrawn consent", () => {
    let edit: HunterEdit;
    let photoUrl: string;

    it('shows an uploaded, unsent edit photo to its uploader only', async () => {
      const upload = await send<{ url: string }>('POST', '/api/hunter-edits/photos', 'u-ada', { photo: PNG });
      expect(await photo(upload.body.url, 'u-ada')).toEqual([200, PRIVATE]);
      for (const as of ['u-bea', 'u-cleo', null]) expect([as, ...(await photo(upload.body.url, as))]).toEqual([as, 404, 'private, no-store']);
    });

    it("serves a private edit's photo to its hunter and its client only, privately cached; 404 to anyone else", async () => {
      ({ edit, photoUrl } = await sendEdit('u-ada', 1, [7, 8, 9]));
      expect(await photo(photoUrl, 'u-cleo')).toEqual([200, PRIVATE]);
      expect(await photo(photoUrl, 'u-ada')).toEqual([200, PRIVATE]);
      for (const as of ['u-dan', 'u-bea', 'test-admin', null]) {
        expect([as, (await photo(photoUrl, as))[0]]).toEqual([as, 404]);
      }
      // A requested edit is still private.
      expect(await send('POST', `/api/hunter-edits/${edit.id}/publish-request`, 'u-ada')).toMatchObject({ status: 200 });
      expect((await photo(photoUrl, null))[0]).toBe(404);
    });

    it("serves a published edit's photos to everyone, cached for minutes only", async () => {
      expect(await send('POST', `/api/hunter-edits/${edit.id}/publish-consent`, 'u-cleo', { allow: true })).toMatchObject({ status: 200 });
      for (const as of [null, 'u-dan', 'u-cleo']) expect([as, ...(await photo(photoUrl, as))]).toEqual([as, 200, REVOCABLE]);
    });

    it('lets only the client withdraw consent: the edit and its photos leave public view; a second time changes nothing', async () => {
      for (const as of ['u-ada', 'u-bea', 'u-dan']) {
        const refused = await send('POST', `/api/hunter-edits/${edit.id}/withdraw-consent`, as);
        expect([as, refused.status, refused.body.message]).toEqual([as, 404, M.notFound]);
      }
      expect((await send('POST', `/api/hunter-edits/${edit.id}/withdraw-consent`, null)).status).toBe(401);
      expect((await send<BrandHunterEdits>('GET', '/api/brands/7/hunter-edits', null)).body.total).toBe(1);

      const withdrawn = await send<HunterEdit>('POST', `/api/hunter-edits/${edit.id}/withdraw-consent`, 'u-cleo');
      expect([withdrawn.status, withdrawn.body.publication, withdrawn.body.publishedAt]).toEqual([200, 'withdrawn', null]);
      // Public nowhere: the edit, its hunter's page, its brands' pages, its photo.
      expect(await send('GET', `/api/hunter-edits/${edit.id}`, null)).toMatchObject({ status: 404 });
      expect((await send('GET', `/api/hunters/${ada.id}/edits`, null)).body).toEqual([]);
      expect((await send<BrandHunterEdits>('GET', '/api/brands/7/hunter-edits', null)).body).toEqual({ hunterCount: 0, total: 0, edits: [] });
      for (const as of [null, 'u-dan']) expect([as, (await photo(photoUrl, as))[0]]).toEqual([as, 404]);
      // Still the two's.
      expect(await photo(photoUrl, 'u-cleo')).toEqual([200, PRIVATE]);
      expect((await send<HunterEdit>('GET', `/api/hunter-edits/${edit.id}`, 'u-ada')).body.publication).toBe('withdrawn');

      const again = await send<HunterEdit>('POST', `/api/hunter-edits/${edit.id}/withdraw-consent`, 'u-cleo');
      expect([again.status, again.body]).toEqual([200, withdrawn.body]);
      const { rows } = await harness.db.query<{ withdrawn_at: Date }>('select withdrawn_at from hunter_edits where id = $1', [edit.id]);
      expect(rows).toHaveLength(1);
      // For good: the hunter cannot ask again, and the client's old answer cannot republish it.
      expect(await send('POST', `/api/hunter-edits/${edit.id}/publish-request`, 'u-ada')).toMatchObject({ status: 409, body: { message: M.publishAskedOnce } });
      expect(await send('POST', `/api/hunter-edits/${edit.id}/publish-consent`, 'u-cleo', { allow: true })).toMatchObject({ status: 409 });
    });

    it('refuses to withdraw what was never published (409, nothing changed)', async () => {
      const { edit: other } = await sendEdit('u-ada', 2, [4, 5, 6]);
      const refused = await send('POST', `/api/hunter-edits/${other.id}/withdraw-consent`, 'u-dan');
      expect([refused.status, refused.body.message]).toEqual([409, M.notPublished]);
      expect((await send<HunterEdit>('GET', `/api/hunter-edits/${other.id}`, 'u-dan')).body.publication).toBe('private');
      expect(await send('POST', '/api/hunter-edits/abc/withdraw-consent', 'u-dan')).toMatchObject({ status: 404 });
    });

    it("keeps a profile photo public and cached for good, and answers 404 for an id that is not a UUID", async () => {
      // Bea is approved, so a new photo waits for review (decision 0089) and is public once approved.
      await send<OwnHunter>('PATCH', `/api/hunters/${bea.id}`, 'u-bea', { profileImageUrl: PNG });
      expect(await approvePendingRevision(harness.base, bea.id)).toBe(true);
      const profile = await send<OwnHunter>('GET', '/api/hunter-profile', 'u-bea');
      expect(await photo(profile.body.profileImageUrl!, null)).toEqual([200, IMMUTABLE]);
      for (const id of ['not-a-uuid', '1', "'; select 1 --", '0B6F7C1E-2F7A-4C1E-9A55-5D6F3E1C2B7A']) {
        expect([id, (await photo(`/api/media/hunter-photos/${encodeURIComponent(id)}`, 'u-bea'))[0]]).toEqual([id, 404]);
      }
    });
  });

  describe("the brands a hunter is known for: the listing's brand and valueTag", () => {
    it('counts go-to brands and published edits, never private or withdrawn ones', async () => {
      // Ada: brands 7–9 in a withdrawn edit, 4–6 in a private one. Bea: brand 5 on her go-to list.
      expect(await send('PUT', '/api/hunter-profile/go-to-brands', 'u-bea', { brandIds: [5] })).toMatchObject({ status: 200 });
      expect(await listedIds('brand=4')).toEqual([]);
      expect(await listedIds('brand=5')).toEqual([bea.id]);
      expect(await listedIds('brand=7')).toEqual([]);
      expect(await listedIds('valueTag=Locally%20Made')).toEqual([bea.id]);

      const received = await send<HunterEdit[]>('GET', '/api/hunter-edits/received', 'u-dan');
      const privateEdit = received.body[0]!;
      await publish('u-ada', 'u-dan', privateEdit.id);
      expect(await listedIds('brand=4')).toEqual([ada.id]);
      expect(await listedIds('brand=5')).toEqual([ada.id, bea.id].sort());
      expect(await listedIds('valueTag=Locally%20Made')).toEqual([ada.id, bea.id].sort());
      expect(await listedIds('valueTag=Locally%20Made&brand=4')).toEqual([ada.id]);

      expect(await send('POST', `/api/hunter-edits/${privateEdit.id}/withdraw-consent`, 'u-dan')).toMatchObject({ status: 200 });
      expect(await listedIds('brand=4')).toEqual([]);
      expect(await listedIds('valueTag=Locally%20Made')).toEqual([bea.id]);
    });

    it("keeps each hunter's known_value_tags right after every change of what they know", async () => {
      expect([await tagsOf(ada.id), await tagsOf(bea.id)]).toEqual([[], ['Locally Made']]);

      // Go-to brands saved, replaced, cleared.
      expect(await send('PUT', '/api/hunter-profile/go-to-brands', 'u-ada', { brandIds: [1, 4, 7] })).toMatchObject({ status: 200 });
      expect(await tagsOf(ada.id)).toEqual(['Handmade', 'Locally Made']);
      expect(await send('PUT', '/api/hunter-profile/go-to-brands', 'u-ada', { brandIds: [2] })).toMatchObject({ status: 200 });
      expect(await tagsOf(ada.id)).toEqual(['Handmade']);
      expect(await listedIds('valueTag=Handmade')).toEqual([ada.id]);

      // A brand's tags change (brands' events upsert the copy): every hunter who knows it follows.
      await harness.db.query(`update brand_copies set tags = array['Handmade', 'Happy Staff'] where brand_id = 2`);
      expect(await tagsOf(ada.id)).toEqual(['Handmade', 'Happy Staff']);
      await harness.db.query(`update brand_copies set tags = array['Locally Made'] where brand_id = 5`);
      expect(await tagsOf(bea.id)).toEqual(['Locally Made']);
      await harness.db.query(`update brand_copies set tags = '{}' where brand_id = 5`);
      expect(await tagsOf(bea.id)).toEqual([]);
      expect(await listedIds('valueTag=Locally%20Made')).toEqual([]);

      // A brand leaving the directory (its go-to rows cascade, its edit items lose the link).
      await harness.db.query(`delete from brand_copies where brand_id = 2`);
      expect(await tagsOf(ada.id)).toEqual([]);

      // A published edit naming a tagged brand, then its brand leaving.
      await heldSession(3, bea.id, 'u-eve');
      const { edit } = await sendEdit('u-bea', 3, [1, 3, 9]);
      expect(await tagsOf(bea.id)).toEqual([]); // private: not yet
      await publish('u-bea', 'u-eve', edit.id);
      expect(await tagsOf(bea.id)).toEqual(['Handmade']);
      await harness.db.query(`delete from brand_copies where brand_id = 1`);
      expect(await tagsOf(bea.id)).toEqual(['Handmade']); // brand 3 still says it
      await harness.db.query(`delete from brand_copies where brand_id = 3`);
      expect(await tagsOf(bea.id)).toEqual([]);

      // Whatever the order of writes, the column is what a recomputation from scratch says.
      const { rows } = await harness.db.query<{ id: number }>(
        `select h.id from hunters h
          where h.known_value_tags is distinct from coalesce((
            select array_agg(distinct t order by t)
              from (select unnest(b.tags) t from hunter_go_to_brands g join brand_copies b using (brand_id) where g.hunter_id = h.id
                    union all
                    select unnest(b.tags) from hunter_edits e join hunter_edit_items i on i.edit_id = e.id
                      join brand_copies b on b.brand_id = i.brand_id
                     where e.hunter_id = h.id and e.publication = 'published') k), '{}')`,
      );
      expect(rows).toEqual([]);
    });

    it('answers only approved hunters for a value tag, as every filter', async () => {
      await harness.db.query(`update brand_copies set tags = array['Locally Made'] where brand_id = 4`);
      expect(await send('PUT', '/api/hunter-profile/go-to-brands', 'u-bea', { brandIds: [4] })).toMatchObject({ status: 200 });
      expect(await listedIds('valueTag=Locally%20Made')).toEqual([bea.id]);
      const suspended = await fetch(`${harness.base}/api/admin/hunters/${bea.id}/suspend`, {
        method: 'POST',
        headers: await adminHeaders(),
        body: JSON.stringify({ reason: 'Checking' }),
      });
      expect(suspended.status).toBe(200);
      expect(await listedIds('valueTag=Locally%20Made')).toEqual([]);
    });
  });

  describe("a profile photo is the caller's own avatar or upload", () => {
    const avatar = (n: number) => `/api/auth/avatars/7c9e6679-7425-40de-944b-${String(n).padStart(12, '0')}`;

    beforeAll(async () => {
      await harness.db.query(
        `insert into users (user_id, first_name, last_name, profile_image_url, updated_at)
         values ('u-fay', 'Fay', null, $1, now()), ('u-gus', 'Gus', null, $2, now())`,
        [avatar(1), avatar(2)],
      );
    });

    it("takes the caller's own avatar and refuses another member's, or an avatar id that is not a UUID", async () => {
      const fay = await createHunter('u-fay', 'Fay Hunter', { profileImageUrl: avatar(1) });
      expect(fay.profileImageUrl).toBe(avatar(1));
      for (const [body, message] of [
        [{ profileImageUrl: avatar(2) }, PHOTO_NOT_YOURS],
        [{ profileImageUrl: '/api/auth/avatars/u1.png' }, 'Profile photo must be an uploaded image or none (links to other sites are not accepted)'],
        [{ profileImageUrl: '/api/auth/avatars/../../hunter-edits/1' }, 'Profile photo must be an uploaded image or none (links to other sites are not accepted)'],
      ] as const) {
        const refused = await send('PATCH', `/api/hunters/${fay.id}`, 'u-fay', body);
        expect([body.profileImageUrl, refused.status, refused.body.errors]).toEqual([body.profileImageUrl, 400, { profileImageUrl: message }]);
      }
      const onCreate = await send('POST', '/api/hunters', 'u-gus', {
        name: 'Gus',
        location: 'UK',
        specialties: ['Footwear'],
        adviceTypes: ['Wardrobe Audit'],
        languages: ['English'],
        yearsExperience: 1,
        sessionTypes: DEFAULT_SESSION_TYPES,
        profileImageUrl: avatar(1),
      });
      expect([onCreate.status, onCreate.body.errors]).toEqual([400, { profileImageUrl: PHOTO_NOT_YOURS }]);
      // Sending back the one it has keeps it.
      expect(await send('PATCH', `/api/hunters/${fay.id}`, 'u-fay', { profileImageUrl: avatar(1), bio: 'Kept' })).toMatchObject({
        status: 200,
        body: { profileImageUrl: avatar(1) },
      });
    });

    it("refuses another member's upload (a profile's or an edit's), and a demo portrait the profile does not have", async () => {
      const beas = (await send<OwnHunter>('GET', '/api/hunter-profile', 'u-bea')).body.profileImageUrl!;
      // Ada's own edit photo too: it is private to its edit, a profile would show it to everyone.
      const adasEditPhoto = (await send<{ url: string }>('POST', '/api/hunter-edits/photos', 'u-ada', { photo: PNG })).body.url;
      // Bea is suspended by now (an earlier test), so she may upload no edit photo: hers is written as an upload
      // from before would be.
      const beasEditPhotoId = randomUUID();
      await harness.db.query(`insert into hunter_photos (id, bytes, owner_user_id, kind) values ($1, $2, 'u-bea', 'edit')`, [
        beasEditPhotoId,
        Buffer.from(PNG.split(',')[1]!, 'base64'),
      ]);
      const beasEditPhoto = `/api/media/hunter-photos/${beasEditPhotoId}`;
      expect(adasEditPhoto).toMatch(/^\/api\/media\/hunter-photos\//);
      const unknown = beas.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
      for (const url of [unknown, adasEditPhoto, beasEditPhoto, '/demo-hunters/sofia-marchetti.svg']) {
        const refused = await send('PATCH', `/api/hunters/${ada.id}`, 'u-ada', { profileImageUrl: url });
        expect([url, refused.status, refused.body.errors]).toEqual([url, 400, { profileImageUrl: PHOTO_NOT_YOURS }]);
      }
      const taken = await send('PATCH', `/api/hunters/${ada.id}`, 'u-ada', { profileImageUrl: beas });
      expect([taken.status, taken.body.errors]).toEqual([400, { profileImageUrl: PHOTO_NOT_YOURS }]);
      expect((await send<OwnHunter>('GET', '/api/hunter-profile', 'u-ada')).body.profileImageUrl).toBeNull();
    });
  });
});
