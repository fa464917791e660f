import { randomUUID } from 'node:crypto';
import {
  dateOfDayNumber,
  dayNumberOf,
  londonDateOf,
  type BrandHunterEdits,
  type DataExportPart,
  type EventPayload,
  type Hunter,
  type HunterEdit,
  type HunterPickRota,
  type IntegrationEvent,
  type OwnHunter,
  type TodayHunterPick,
} from '@hunted/contracts';
import { tracesOf } from '@hunted/platform/testing';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERASED_HUNTER_NAME } from '../src/store/hunter.repository.js';
import { PNG_UPLOAD, useHuntersHarness } from './hunters-harness.js';

const SCHEMA = 'hunters_your_data_it';
const booking = (n: number) => `7d2e9a41-3c5b-4f80-a1d6-${String(n).padStart(12, '0')}`;
const inDays = (days: number) => dateOfDayNumber(dayNumberOf(londonDateOf(Date.now()))! + days);
const WEEK = { mon: ['09:00', '10:00'], tue: [], wed: ['18:00'], thu: [], fri: [], sat: [], sun: [] };

/** The members of the file, with what names them (the needles an erasure must leave nowhere). */
const PEOPLE = {
  hana: { userId: 'u-hana-4711', email: 'hana.quillfeather@example.test', firstName: 'Hanalei', lastName: 'Quillfeather' },
  cody: { userId: 'u-cody-4712', email: 'cody.brackenridge@example.test', firstName: 'Codrington', lastName: 'Brackenridge' },
  olga: { userId: 'u-olga-4713', email: 'olga.vintermark@example.test', firstName: 'Olga', lastName: 'Vintermark' },
  xavi: { userId: 'u-xavi-4714', email: 'xavi.pellucid@example.test', firstName: 'Xavi', lastName: 'Pellucid' },
  dora: { userId: 'u-dora-4715', email: 'dora.lindqvist@example.test', firstName: 'Dora', lastName: 'Lindqvist' },
} as const;
type Person = keyof typeof PEOPLE;
const needlesOf = (who: Person) => Object.values(PEOPLE[who]);

/**
 * Issue 36 in hunters: a member's part of a data export (every kind of record, the photos' bytes, their own route
 * only), and the erasure of a deleted member through the real consumer (identity's events through Redis): a hunter
 * with everything a profile can have, and a client who received an edit. Afterwards no row of the schema names
 * either of them (the README's "## Your data" keeps nothing), the profile is gone from every public read and the
 * services that copy hunters are told; another hunter is untouched, and a second delivery changes nothing.
 */
describe('hunters: your data (export and erasure)', () => {
  const harness = useHuntersHarness(SCHEMA, { publishers: ['bookings', 'identity'] });
  const { send } = harness;
  const hunters = {} as Record<'hana' | 'olga' | 'xavi', OwnHunter>;
  const editPhotos = {} as Record<'hana' | 'xavi' | 'olga', string>;
  let hanaEdit: HunterEdit;

  const identity = (type: 'identity.user.registered' | 'identity.data-export.requested' | 'identity.user.deleted', data: object) =>
    harness.publisher('identity').publish(type, data as EventPayload<typeof type>);

  /** A held session of `hunterId` with `client`, as bookings publishes it. */
  const heldSession = async (n: number, hunterId: number, client: Person) =>
    harness.applied([await harness.bookingEvent('bookings.booking.completed', { bookingId: booking(n), hunterId, clientUserId: PEOPLE[client].userId })]);

  /** Sends an edit for session `n` (three brands, the first item with a photo the hunter uploads). */
  async function sendEdit(as: Person, n: number): Promise<{ edit: HunterEdit; photoUrl: string }> {
    const upload = await send<{ url: string }>('POST', '/api/hunter-edits/photos', PEOPLE[as].userId, { photo: PNG_UPLOAD });
    expect(upload.status).toBe(201);
    const sent = await send<HunterEdit>('POST', '/api/hunter-edits', PEOPLE[as].userId, {
      bookingId: booking(n),
      title: `Edit ${n}`,
      note: 'What suits you',
      items: [1, 2, 3].map((brandId, index) => ({ brandId, itemName: `Item ${brandId}`, why: 'It lasts', photoUrl: index === 0 ? upload.body.url : null })),
    });
    expect(sent.status).toBe(201);
    return { edit: sent.body, photoUrl: upload.body.url };
  }

  async function publish(hunter: Person, client: Person, id: number): Promise<void> {
    expect(await send('POST', `/api/hunter-edits/${id}/publish-request`, PEOPLE[hunter].userId)).toMatchObject({ status: 200 });
    expect(await send('POST', `/api/hunter-edits/${id}/publish-consent`, PEOPLE[client].userId, { allow: true })).toMatchObject({ status: 200 });
  }

  /** A profile with everything: photo, bio, Instagram, hours, dates, joining details, go-to brands. */
  async function fullHunter(who: 'hana' | 'olga' | 'xavi'): Promise<OwnHunter> {
    const { userId, firstName, lastName } = PEOPLE[who];
    const hunter = await harness.createHunter(userId, {
      name: `${firstName} ${lastName}`,
      bio: `${firstName} finds what lasts.`,
      instagramUrl: `https://instagram.com/${lastName.toLowerCase()}`,
      profileImageUrl: PNG_UPLOAD,
    });
    expect((await send('PUT', '/api/hunter-availability/weekly', userId, WEEK)).status).toBe(200);
    expect((await send('POST', '/api/hunter-availability', userId, { date: inDays(3), timeSlots: ['19:00'] })).status).toBe(200);
    expect((await send('POST', '/api/hunter-availability/range', userId, { startDate: inDays(10), endDate: inDays(12), timeSlots: [] })).status).toBe(200);
    const joining = {
      whatsappVoice: { phone: '+447700900123' },
      whatsappVideo: { phone: '+447700900456' },
      inPerson: { area: `${lastName} Street area`, address: `1 ${lastName} Street, London` },
    };
    expect((await send('PUT', '/api/hunter-profile/joining-details', userId, joining)).status).toBe(200);
    expect((await send('PUT', '/api/hunter-profile/go-to-brands', userId, { brandIds: [4, 1] })).status).toBe(200);
    return hunter;
  }

  /** Every row of the schema's own tables (the bus's bookkeeping aside), as text: what a second delivery must not change. */
  async function schemaRows(): Promise<Record<string, string>> {
    const { rows: tables } = await harness.db.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = $1 and table_type = 'BASE TABLE' and table_name not in ('outbox', 'inbox', 'migrations')
        order by 1`,
      [SCHEMA],
    );
    const dump: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await harness.db.query<{ rows: string }>(
        `select coalesce(string_agg(to_jsonb(t)::text, E'\\n' order by to_jsonb(t)::text), '') as rows from "${name}" t`,
      );
      dump[name] = rows[0]!.rows;
    }
    return dump;
  }

  /** The rows naming a hunter (or their member), in each table that can: what must be the same before and after. */
  async function rowsOfHunter(hunterId: number, userId: string): Promise<string[]> {
    const queries = [
      `select to_jsonb(h) from hunters h where id = $1`,
      `select to_jsonb(t) from hunter_weekly_hours t where hunter_id = $1 order by weekday`,
      `select to_jsonb(t) from hunter_availability t where hunter_id = $1 order by date`,
      `select to_jsonb(t) from hunter_joining_details t where hunter_id = $1`,
      `select to_jsonb(t) from hunter_go_to_brands t where hunter_id = $1 order by position`,
      `select to_jsonb(t) from hunter_vetting_decisions t where hunter_id = $1 order by id`,
      `select to_jsonb(t) from hunter_pick_rota t where hunter_id = $1`,
      `select to_jsonb(t) from hunter_edits t where hunter_id = $1 order by id`,
      `select to_jsonb(i) from hunter_edit_items i join hunter_edits e on e.id = i.edit_id where e.hunter_id = $1 order by i.edit_id, i.position`,
      `select to_jsonb(t) from booking_copies t where hunter_id = $1 order by booking_id`,
      `select jsonb_build_object('id', id, 'kind', kind, 'bytes', md5(bytes)) from hunter_photos where owner_user_id = $2 order by id`,
      `select to_jsonb(t) from users t where user_id = $2`,
      `select to_jsonb(t) from upload_quota_days t where user_id = $2 order by kind, day`,
    ];
    const found: string[] = [];
    for (const query of queries) {
      // Both parameters typed up front: PostgreSQL refuses one a statement does not use otherwise.
      const { rows } = await harness.db.query(`with typed as (select $1::int, $2::text) ${query}`, [hunterId, userId]);
      found.push(JSON.stringify(rows));
    }
    return found;
  }

  const outboxOf = async (type: string, hunterId?: number) =>
    (
      await harness.db.query<{ data: Record<string, unknown> }>(
        `select data from outbox where type = $1 and ($2::int is null or (data->>'hunterId')::int = $2) order by seq`,
        [type, hunterId ?? null],
      )
    ).rows.map((row) => row.data);

  beforeAll(async () => {
    await harness.db.query(
      `insert into brand_copies (brand_id, name, image_url, tags, updated_at)
       select n, 'Brand ' || n, '/brands/' || n || '.png', case when n <= 2 then array['Handmade'] else '{}' end, now()
         from generate_series(1, 4) n`,
    );
    const registered: IntegrationEvent[] = [];
    for (const person of Object.values(PEOPLE)) {
      registered.push(await identity('identity.user.registered', { ...person, profileImageUrl: null }));
    }
    await harness.applied(registered);

    hunters.hana = await fullHunter('hana');
    hunters.olga = await fullHunter('olga');
    hunters.xavi = await harness.createHunter(PEOPLE.xavi.userId, { name: 'Xavi Pellucid' });
    // A change of Hana's approved profile waits for review: a revision and its history entry.
    expect((await send('PATCH', `/api/hunters/${hunters.hana.id}`, PEOPLE.hana.userId, { bio: 'Hanalei, now in Leeds.' })).status).toBe(200);
    // Hana picks today (the rota's first), Olga is next.
    expect((await send('PUT', '/api/admin/hunter-pick-rota', 'admin', { hunterIds: [hunters.hana.id, hunters.olga.id] })).status).toBe(200);
    expect((await send('PUT', '/api/hunter-picks/today', PEOPLE.hana.userId, { brandId: 2, note: 'Hanalei loves this one.' })).status).toBe(200);

    // Hana sent Dora a published edit; Xavi sent Cody one; Olga sent Dora one (published).
    await heldSession(1, hunters.hana.id, 'dora');
    await heldSession(2, hunters.xavi.id, 'cody');
    await heldSession(3, hunters.olga.id, 'dora');
    let sent = await sendEdit('hana', 1);
    hanaEdit = sent.edit;
    editPhotos.hana = sent.photoUrl;
    await publish('hana', 'dora', hanaEdit.id);
    sent = await sendEdit('xavi', 2);
    editPhotos.xavi = sent.photoUrl;
    sent = await sendEdit('olga', 3);
    editPhotos.olga = sent.photoUrl;
    await publish('olga', 'dora', sent.edit.id);
  });

  describe('the export', () => {
    const parts = {} as Record<'hana' | 'cody', { exportId: string; files: Map<string, { contentType: string; bytes: Buffer }> }>;
    const json = (who: 'hana' | 'cody', name: string) => JSON.parse(parts[who].files.get(`hunters/${name}`)!.bytes.toString('utf8'));

    beforeAll(async () => {
      for (const who of ['hana', 'cody'] as const) {
        const exportId = randomUUID();
        await harness.applied([await identity('identity.data-export.requested', { exportId, userId: PEOPLE[who].userId })]);
        const part = await send<DataExportPart>('GET', `/api/account/data-exports/${exportId}/parts/hunters`, PEOPLE[who].userId);
        expect(part.status).toBe(200);
        expect(part.body).toMatchObject({ exportId, service: 'hunters' });
        parts[who] = {
          exportId,
          files: new Map(part.body.files.map((file) => [file.path, { contentType: file.contentType, bytes: Buffer.from(file.base64, 'base64') }])),
        };
      }
    });

    it("holds each kind of a hunter's records, with a README naming every file", () => {
      const readme = parts.hana.files.get('hunters/README.md')!.bytes.toString('utf8');
      for (const path of parts.hana.files.keys()) {
        const name = path.replace(/^hunters\//, '');
        if (!name.startsWith('photos/') && name !== 'README.md') expect([name, readme.includes(`\`${name}\``)]).toEqual([name, true]);
      }
      const profile = json('hana', 'profile.json');
      expect(profile).toMatchObject({
        id: hunters.hana.id,
        user_id: PEOPLE.hana.userId,
        name: 'Hanalei Quillfeather',
        bio: 'Hanalei finds what lasts.',
        instagram_url: 'https://instagram.com/quillfeather',
        status: 'approved',
        location: 'UK',
      });
      expect(profile).not.toHaveProperty('search_document');

      const availability = json('hana', 'availability.json');
      expect(availability.weeklyHours.map((day: { weekday: number; time_slots: string[] }) => [day.weekday, day.time_slots])).toEqual([
        [1, ['09:00', '10:00']],
        [2, []],
        [3, ['18:00']],
        [4, []],
        [5, []],
        [6, []],
        [7, []],
      ]);
      expect(availability.exceptions).toMatchObject([{ date: inDays(3), time_slots: ['19:00'] }]);
      expect(availability.blockedDates.map((day: { date: string }) => day.date)).toEqual([inDays(10), inDays(11), inDays(12)]);
      expect(json('hana', 'joining-details.json')).toMatchObject({
        whatsapp_voice_phone: '+447700900123',
        whatsapp_video_phone: '+447700900456',
        in_person_area: 'Quillfeather Street area',
        in_person_address: '1 Quillfeather Street, London',
      });
      expect(json('hana', 'go-to-brands.json')).toEqual([
        { position: 1, brand_id: 4, brand_name: 'Brand 4' },
        { position: 2, brand_id: 1, brand_name: 'Brand 1' },
      ]);
      const [edit] = json('hana', 'edits-sent.json');
      expect(edit).toMatchObject({ id: hanaEdit.id, client_user_id: PEOPLE.dora.userId, title: 'Edit 1', publication: 'published' });
      expect(edit.items.map((item: { brand_id: number; photo_url: string | null }) => [item.brand_id, item.photo_url])).toEqual([
        [1, editPhotos.hana],
        [2, null],
        [3, null],
      ]);
      expect(json('hana', 'edits-received.json')).toEqual([]);
      expect(json('hana', 'vetting-history.json').map((entry: { decision: string }) => entry.decision)).toEqual(['approve', 'revise']);
      expect(json('hana', 'profile-revisions.json')).toMatchObject([{ status: 'pending', changes: { bio: 'Hanalei, now in Leeds.' } }]);
      expect(json('hana', 'hunters-pick.json')).toMatchObject({
        rotaPosition: 1,
        days: [{ day: londonDateOf(new Date()), brand_id: 2, brand_name: 'Brand 2', note: 'Hanalei loves this one.' }],
      });
      expect(json('hana', 'sessions.json')).toMatchObject([{ booking_id: booking(1), client_user_id: PEOPLE.dora.userId }]);
      expect(json('hana', 'name-copy.json')).toMatchObject({ first_name: 'Hanalei', last_name: 'Quillfeather' });
      expect(json('hana', 'upload-counts.json').map((row: { kind: string; uploads: number }) => [row.kind, row.uploads]).sort()).toEqual([
        ['edit-photos', 1],
        ['hunter-photos', 1],
      ]);
    });

    it("holds the photos' bytes as stored, each listed with why it is there", async () => {
      const listed: { id: string; url: string; file: string; reason: string; kind: string }[] = json('hana', 'photos.json');
      expect(listed.map((photo) => [photo.url, photo.kind, photo.reason]).sort()).toEqual(
        [
          [hunters.hana.profileImageUrl, 'profile', 'your upload'],
          [editPhotos.hana, 'edit', 'your upload'],
        ].sort(),
      );
      for (const photo of listed) {
        const { rows } = await harness.db.query<{ bytes: Buffer }>('select bytes from hunter_photos where id = $1', [photo.id]);
        const file = parts.hana.files.get(`hunters/${photo.file}`)!;
        expect([photo.file, file.contentType, file.bytes.equals(rows[0]!.bytes)]).toEqual([`photos/${photo.id}.png`, 'image/png', true]);
      }
    });

    it("holds a client's part: no profile, the edits they received with their items and photos", () => {
      expect(json('cody', 'profile.json')).toBeNull();
      expect(json('cody', 'availability.json')).toBeNull();
      expect(json('cody', 'joining-details.json')).toBeNull();
      expect(json('cody', 'edits-sent.json')).toEqual([]);
      const [received] = json('cody', 'edits-received.json');
      expect(received).toMatchObject({ hunter_id: hunters.xavi.id, client_user_id: PEOPLE.cody.userId, title: 'Edit 2' });
      expect(received.items).toHaveLength(3);
      const photos: { url: string; file: string; reason: string }[] = json('cody', 'photos.json');
      expect(photos.map((photo) => [photo.url, photo.reason])).toEqual([[editPhotos.xavi, 'in an edit you received']]);
      expect(parts.cody.files.get(`hunters/${photos[0]!.file}`)!.contentType).toBe('image/png');
      expect(json('cody', 'sessions.json')).toMatchObject([{ booking_id: booking(2), client_user_id: PEOPLE.cody.userId }]);
      expect(json('cody', 'name-copy.json')).toMatchObject({ first_name: 'Codrington' });
    });

    it("answers a part to its owner only: another member's, a guest's, an unknown or malformed id is 404 or 401", async () => {
      const path = (id: string) => `/api/account/data-exports/${id}/parts/hunters`;
      expect((await send('GET', path(parts.hana.exportId), PEOPLE.cody.userId)).status).toBe(404);
      expect((await send('GET', path(parts.hana.exportId), PEOPLE.olga.userId)).status).toBe(404);
      expect((await send('GET', path(randomUUID()), PEOPLE.hana.userId)).status).toBe(404);
      expect((await send('GET', path('not-an-id'), PEOPLE.hana.userId)).status).toBe(404);
      expect((await send('GET', path(parts.hana.exportId), null)).status).toBe(401);
    });
  });

  describe('the erasure', () => {
    let olgaBefore: string[];
    let xaviBefore: string[];
    let afterFirst: Record<string, string>;
    let deletions: Record<'hana' | 'cody', string>;

    beforeAll(async () => {
      olgaBefore = await rowsOfHunter(hunters.olga.id, PEOPLE.olga.userId);
      xaviBefore = await rowsOfHunter(hunters.xavi.id, PEOPLE.xavi.userId);
      // Before: the profile is public, Hana's published edit is on a brand's page, her photo is served.
      expect((await send('GET', `/api/hunters/${hunters.hana.id}`, null)).status).toBe(200);
      expect((await send<BrandHunterEdits>('GET', '/api/brands/1/hunter-edits', null)).body.edits.map((edit) => edit.id)).toContain(hanaEdit.id);
      deletions = { hana: randomUUID(), cody: randomUUID() };
      await harness.applied([
        await identity('identity.user.deleted', { deletionId: deletions.hana, userId: PEOPLE.hana.userId }),
        await identity('identity.user.deleted', { deletionId: deletions.cody, userId: PEOPLE.cody.userId }),
      ]);
      afterFirst = await schemaRows();
    });

    it('leaves no row of the schema naming the erased members: the README keeps nothing', async () => {
      const dataSource = harness.app.get(DataSource);
      expect(await tracesOf(dataSource, SCHEMA, [...needlesOf('hana'), 'Hanalei Quillfeather'])).toEqual([]);
      expect(await tracesOf(dataSource, SCHEMA, needlesOf('cody'))).toEqual([]);
      // The other members are still there (the check would find them).
      expect((await tracesOf(dataSource, SCHEMA, [PEOPLE.olga.userId])).length).toBeGreaterThan(0);
    });

    it('takes the profile off every public read: its page, the listing, its edits, the brand pages, its photos, the Pick', async () => {
      expect((await send('GET', `/api/hunters/${hunters.hana.id}`, null)).status).toBe(404);
      expect((await send('GET', `/api/hunters/${hunters.hana.id}/edits`, null)).status).toBe(404);
      expect((await send('GET', `/api/hunters/${hunters.hana.id}/go-to-brands`, null)).status).toBe(404);
      const listed = await send<Hunter[]>('GET', '/api/hunters?limit=100', null);
      expect(listed.body.map((hunter) => hunter.id).sort()).toEqual([hunters.olga.id, hunters.xavi.id].sort());
      expect((await send<Hunter[]>('GET', '/api/hunters?search=Quillfeather', null)).body).toEqual([]);
      expect((await send<Hunter[]>('GET', '/api/hunters?brand=4', null)).body.map((hunter) => hunter.id)).toEqual([hunters.olga.id]);
      const brandPage = await send<BrandHunterEdits>('GET', '/api/brands/1/hunter-edits', null);
      expect(brandPage.body.edits.map((edit) => edit.hunter.id)).toEqual([hunters.olga.id]);
      expect((await send('GET', `/api/hunter-edits/${hanaEdit.id}`, PEOPLE.dora.userId)).status).toBe(404);
      for (const url of [hunters.hana.profileImageUrl!, editPhotos.hana, editPhotos.xavi]) {
        expect([url, (await send('GET', url, null)).status]).toEqual([url, 404]);
      }
      expect((await send<TodayHunterPick>('GET', '/api/hunter-picks/today', null)).body.pick).toBeNull();
      const rota = await send<HunterPickRota>('GET', '/api/admin/hunter-pick-rota', 'admin');
      expect(rota.body.entries.map((entry) => entry.hunter.id)).toEqual([hunters.olga.id]);
      expect(rota.body.today).toBeNull();
      expect((await send('GET', '/api/hunter-profile', PEOPLE.hana.userId)).status).toBe(404);
      expect((await send('GET', '/api/admin/hunters/' + hunters.hana.id, 'admin')).status).toBe(404);
    });

    it("tells the services copying hunters through hunters.hunter.updated: not approved, nothing of the person", async () => {
      const updates = await outboxOf('hunters.hunter.updated', hunters.hana.id);
      const last = updates.at(-1)!;
      expect(last).toMatchObject({
        hunterId: hunters.hana.id,
        userId: null,
        name: ERASED_HUNTER_NAME,
        profileImageUrl: null,
        availabilityStatus: 'Unavailable',
        status: 'suspended',
      });
      expect(Object.values(last.sessionTypes as Record<string, { enabled: boolean }>).map((type) => type.enabled)).toEqual([false, false, false, false]);
      expect(JSON.stringify(last)).not.toMatch(/Hanalei|Quillfeather|u-hana/);
      expect((await outboxOf('hunters.user-data.erased')).map((data) => data.deletionId).sort()).toEqual([deletions.hana, deletions.cody].sort());
    });

    it('leaves the other hunters as they were (Xavi loses only the edit he sent the erased client)', async () => {
      expect(await rowsOfHunter(hunters.olga.id, PEOPLE.olga.userId)).toEqual(olgaBefore);
      const xaviAfter = await rowsOfHunter(hunters.xavi.id, PEOPLE.xavi.userId);
      // Rows 7, 8 and 9 are his edits, their items and his sessions' copies; 10 his photos (the edit's went with it).
      expect(xaviAfter.filter((_, i) => ![7, 8, 9, 10].includes(i))).toEqual(xaviBefore.filter((_, i) => ![7, 8, 9, 10].includes(i)));
      expect(JSON.parse(xaviAfter[7]!)).toEqual([]);
      expect(JSON.parse(xaviAfter[10]!)).toEqual([]);
      expect((await send('GET', `/api/hunters/${hunters.olga.id}`, null)).status).toBe(200);
      expect((await send('GET', editPhotos.olga, null)).status).toBe(200);
    });

    it('changes nothing on a second delivery (an admin\'s retry: the same deletions, new events)', async () => {
      const updatesBefore = (await outboxOf('hunters.hunter.updated')).length;
      await harness.applied([
        await identity('identity.user.deleted', { deletionId: deletions.hana, userId: PEOPLE.hana.userId }),
        await identity('identity.user.deleted', { deletionId: deletions.cody, userId: PEOPLE.cody.userId }),
      ]);
      expect(await schemaRows()).toEqual(afterFirst);
      expect((await outboxOf('hunters.hunter.updated')).length).toBe(updatesBefore);
      // Each retry is reported again, so identity sees the service done.
      expect((await outboxOf('hunters.user-data.erased')).length).toBe(4);
    });
  });
});
