import {
  HUNTER_EDIT_MESSAGES,
  type BrandHunterEdits,
  type EventPayload,
  type EventType,
  type HunterEdit,
  type HunterEditInput,
  type OwnHunter,
  type PublishedHunterEdit,
} from '@hunted/contracts';
import { PAYLOAD_SCHEMAS } from '@hunted/contracts/event-schemas';
import { testIdentityHeaders } from '@hunted/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_UPLOAD as PNG, useHuntersHarness } from './hunters-harness.js';

const M = HUNTER_EDIT_MESSAGES;


const booking = (n: number) => `0d8f6a2e-2525-4c1e-9d7e-${String(n).padStart(12, '0')}`;

/**
 * Hunter Edits (issue 25): the held-sessions copy fed by bookings' events (through the outbox, relay and stream),
 * who may send an edit and what it must hold, who reads it in which state, the one publication request and the
 * client's one answer, and the public reads by hunter and by brand.
 */
describe('hunters: Hunter Edits', () => {
  const harness = useHuntersHarness('hunters_edits_it', { publishers: ['bookings'] });
  const { send, applied } = harness;
  let ada: OwnHunter;
  let bea: OwnHunter;

  const createHunter = (userId: string, name: string) => harness.createHunter(userId, { name });
  const bookingEvent = <T extends EventType>(type: T, bookingId: string, hunterId: number, clientUserId: string, extra: object = {}) =>
    harness.bookingEvent(type, { bookingId, hunterId, clientUserId }, extra);

  const item = (brandId: number, extra: object = {}) => ({
    brandId,
    itemName: `Item of ${brandId}`,
    productUrl: `https://shop.example/${brandId}`,
    why: 'It fits the brief',
    ...extra,
  });
  const edit = (bookingId: string, brandIds = [1, 2, 3], extra: Partial<HunterEditInput> = {}) => ({
    bookingId,
    title: 'Your autumn edit',
    note: 'Start with the boots.',
    items: brandIds.map((id) => item(id)),
    ...extra,
  });

  beforeAll(async () => {
    // The directory as hunters' copy has it (its owner is fed by brands.brand.*; plain rows are enough here).
    await harness.db.query(
      `insert into brand_copies (brand_id, name, image_url, updated_at)
       select n, 'Brand ' || n, '/brands/' || n || '.png', now() from generate_series(1, 14) n`,
    );
    await harness.db.query(`insert into users (user_id, first_name, last_name, updated_at) values ('u-cleo', 'Cleo', 'Client', now())`);

    ada = await createHunter('u-ada', 'Ada Hunter');
    bea = await createHunter('u-bea', 'Bea Hunter');
    const events = [
      // 1: completed, unmarked: held. 2: marked held before any completion. 3: a no-show, completed anyway.
      // 4: a no-show overturned by a refunded dispute. 5: Bea's, held. 6: a no-show whose dispute was dismissed.
      // 7: an unknown hunter's (not copied). 8–10: more of Ada's held sessions, with other clients.
      await bookingEvent('bookings.booking.completed', booking(1), ada.id, 'u-cleo'),
      await bookingEvent('bookings.booking.attendance-marked', booking(2), ada.id, 'u-cleo', { attendance: 'held', markedAt: '2026-11-20T10:30:00.000Z' }),
      await bookingEvent('bookings.booking.attendance-marked', booking(3), ada.id, 'u-cleo', { attendance: 'no_show', markedAt: '2026-11-20T10:30:00.000Z' }),
      await bookingEvent('bookings.booking.completed', booking(3), ada.id, 'u-cleo'),
      await bookingEvent('bookings.booking.attendance-marked', booking(4), ada.id, 'u-cleo', { attendance: 'no_show', markedAt: '2026-11-20T10:30:00.000Z' }),
      await bookingEvent('bookings.booking.dispute-resolved', booking(4), ada.id, 'u-cleo', { resolution: 'refund', note: 'She was there', refundPence: 5000 }),
      await bookingEvent('bookings.booking.completed', booking(5), bea.id, 'u-cleo'),
      await bookingEvent('bookings.booking.attendance-marked', booking(6), ada.id, 'u-cleo', { attendance: 'no_show', markedAt: '2026-11-20T10:30:00.000Z' }),
      await bookingEvent('bookings.booking.dispute-resolved', booking(6), ada.id, 'u-cleo', { resolution: 'dismiss', note: 'No sign of her', refundPence: 0 }),
      await bookingEvent('bookings.booking.completed', booking(6), ada.id, 'u-cleo'),
      await bookingEvent('bookings.booking.completed', booking(7), 999_999, 'u-cleo'),
      await bookingEvent('bookings.booking.completed', booking(8), ada.id, 'u-dan'),
      await bookingEvent('bookings.booking.completed', booking(9), ada.id, 'u-dan'),
      await bookingEvent('bookings.booking.completed', booking(10), ada.id, 'u-eve'),
      await bookingEvent('bookings.booking.completed', booking(11), ada.id, 'u-fay'),
    ];
    await applied(events);
  });

  it("keeps each session in the platform's booking copy, with what each event says and when it opens to an edit", async () => {
    const { rows } = await harness.db.query<{ booking_id: string; status: string; attendance: string | null; editable: boolean }>(
      `select booking_id, status, attendance, editable_from is not null and editable_from <= now() as editable
         from booking_copies order by booking_id`,
    );
    expect(rows.map((row) => [row.booking_id.slice(-2), row.status, row.attendance, row.editable])).toEqual([
      ['01', 'completed', null, true],
      ['02', 'confirmed', 'held', true],
      ['03', 'completed', 'no_show', false],
      ['04', 'confirmed', 'no_show', true], // the refunded dispute overturned the mark
      ['05', 'completed', null, true],
      ['06', 'completed', 'no_show', false],
      ['07', 'completed', null, true], // an unknown hunter's: copied, but no hunter here may send for it
      ['08', 'completed', null, true],
      ['09', 'completed', null, true],
      ['10', 'completed', null, true],
      ['11', 'completed', null, true],
    ]);
  });

  it('lets only the hunter of a held session send an edit: 404 otherwise', async () => {
    expect(await send('POST', '/api/hunter-edits', null, edit(booking(1)))).toMatchObject({ status: 401 });
    for (const [as, bookingId] of [
      ['u-ada', booking(99)], // no such session
      ['u-ada', booking(5)], // Bea's
      ['u-bea', booking(1)], // Ada's
      ['u-ada', booking(3)], // a no-show
      ['u-ada', booking(6)], // a no-show whose dispute was dismissed
      ['u-ada', booking(7)], // an unknown hunter's
      ['u-cleo', booking(1)], // the client, who has no hunter profile
    ] as const) {
      const refused = await send('POST', '/api/hunter-edits', as, edit(bookingId));
      expect([as, bookingId, refused.status, refused.body.message]).toEqual([as, bookingId, 404, M.sessionNotHeld]);
    }
    expect(await harness.db.query('select 1 from hunter_edits')).toMatchObject({ rowCount: 0 });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [edit(booking(1), [1, 2]), 'items', M.items],
      [edit(booking(1), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]), 'items', M.items],
      [edit(booking(1), [1, 2, 2]), 'items', M.duplicateBrand],
      [edit(booking(1), [1, 2, 3], { title: '  ' }), 'title', M.title],
      [{ ...edit(booking(1)), items: [item(1, { productUrl: 'ftp://x.example/a' }), item(2), item(3)] }, 'items.0.productUrl', M.productUrl],
      [{ ...edit(booking(1)), items: [item(1), item(2, { productUrl: 'javascript:alert(1)' }), item(3)] }, 'items.1.productUrl', M.productUrl],
      [{ ...edit(booking(1)), items: [item(1), item(2), item(3, { why: '' })] }, 'items.2.why', M.why],
      [edit(booking(1), [1, 2, 404]), 'items.2.brandId', M.brand],
      [{ ...edit(booking(1)), items: [item(1, { photoUrl: 'https://elsewhere.example/a.png' }), item(2), item(3)] }, 'items.0.photoUrl', M.photo],
    ];
    for (const [body, field, message] of cases) {
      const refused = await send<{ errors: Record<string, string> }>('POST', '/api/hunter-edits', 'u-ada', body);
      expect([field, refused.status, refused.body.errors?.[field]]).toEqual([field, 400, message]);
    }

    // A photo uploaded by someone else (Bea) is not Ada's to use; Ada's own upload is.
    const beas = await send<{ url: string }>('POST', '/api/hunter-edits/photos', 'u-bea', { photo: PNG });
    expect(beas.status).toBe(201);
    const withBeas = await send<{ errors: Record<string, string> }>('POST', '/api/hunter-edits', 'u-ada', {
      ...edit(booking(1)),
      items: [item(1), item(2, { photoUrl: beas.body.url }), item(3)],
    });
    expect([withBeas.status, withBeas.body.errors]).toEqual([400, { 'items.1.photoUrl': M.photo }]);

    // Only a hunter uploads, and only images.
    expect(await send('POST', '/api/hunter-edits/photos', 'u-cleo', { photo: PNG })).toMatchObject({ status: 404 });
    const notImage = await send<{ errors: Record<string, string> }>('POST', '/api/hunter-edits/photos', 'u-ada', {
      photo: `data:image/png;base64,${Buffer.from('<html></html>').toString('base64')}`,
    });
    expect([notImage.status, Object.keys(notImage.body.errors)]).toEqual([400, ['photo']]);
    expect(await harness.db.query('select 1 from hunter_edits')).toMatchObject({ rowCount: 0 });
  });

  it('sends one edit per session, with its event in the same transaction; reads it to the two only until published', async () => {
    const photo = await send<{ url: string }>('POST', '/api/hunter-edits/photos', 'u-ada', { photo: PNG });
    expect(photo.status).toBe(201);
    const sent = await send<HunterEdit>('POST', '/api/hunter-edits', 'u-ada', {
      ...edit(booking(1)),
      items: [item(3, { photoUrl: photo.body.url }), item(1, { productUrl: null }), item(2)],
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      bookingId: booking(1),
      clientName: 'Cleo Client',
      hunter: { id: ada.id, name: 'Ada Hunter' },
      title: 'Your autumn edit',
      publication: 'private',
      publishedAt: null,
    });
    expect(sent.body.items.map((i) => [i.position, i.brand?.id, i.brandName, i.productUrl, i.photoUrl])).toEqual([
      [1, 3, 'Brand 3', 'https://shop.example/3', photo.body.url],
      [2, 1, 'Brand 1', null, null],
      [3, 2, 'Brand 2', 'https://shop.example/2', null],
    ]);
    expect(sent.body.items[0]!.brand).toEqual({ id: 3, name: 'Brand 3', imageUrl: '/brands/3.png' });

    const { rows } = await harness.db.query<{ data: EventPayload<'hunters.edit.sent'> }>(`select data from outbox where type = 'hunters.edit.sent'`);
    expect(rows.map((row) => row.data)).toEqual([
      {
        editId: sent.body.id,
        bookingId: booking(1),
        hunterId: ada.id,
        hunterName: 'Ada Hunter',
        clientUserId: 'u-cleo',
        title: 'Your autumn edit',
        itemCount: 3,
      },
    ]);
    expect(PAYLOAD_SCHEMAS['hunters.edit.sent'].safeParse(rows[0]!.data).success).toBe(true);

    const again = await send('POST', '/api/hunter-edits', 'u-ada', edit(booking(1), [4, 5, 6]));
    expect([again.status, again.body.message]).toEqual([409, M.alreadySent]);

    const id = sent.body.id;
    expect((await send<HunterEdit>('GET', `/api/hunter-edits/${id}`, 'u-ada')).body).toEqual(sent.body);
    expect((await send<HunterEdit>('GET', `/api/hunter-edits/${id}`, 'u-cleo')).body).toEqual(sent.body);
    for (const as of ['u-bea', 'u-stranger', null]) {
      const hidden = await send('GET', `/api/hunter-edits/${id}`, as);
      expect([as, hidden.status, hidden.body.message]).toEqual([as, 404, M.notFound]);
    }
    expect(await send('GET', '/api/hunter-edits/01', 'u-ada')).toMatchObject({ status: 404 });

    // The held mark before completion (2) and an overturned no-show (4) count too.
    expect(await send('POST', '/api/hunter-edits', 'u-ada', edit(booking(2), [4, 5, 6]))).toMatchObject({ status: 201 });
    expect(await send('POST', '/api/hunter-edits', 'u-ada', edit(booking(4), [7, 8, 9]))).toMatchObject({ status: 201 });
  });

  it('asks once to publish; only the client answers, once; then anyone reads the published shape', async () => {
    const mine = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent', 'u-ada');
    const id = mine.body.find((e) => e.bookingId === booking(1))!.id;

    // Consent before any request: nothing was asked.
    expect(await send('POST', `/api/hunter-edits/${id}/publish-consent`, 'u-cleo', { allow: true })).toMatchObject({
      status: 409,
      body: { message: M.notAsked },
    });
    // Only the hunter asks (the client, another hunter and a stranger are told there is no such edit).
    for (const as of ['u-cleo', 'u-bea', 'u-stranger']) {
      expect(await send('POST', `/api/hunter-edits/${id}/publish-request`, as)).toMatchObject({ status: 404 });
    }
    const asked = await send<HunterEdit>('POST', `/api/hunter-edits/${id}/publish-request`, 'u-ada');
    expect([asked.status, asked.body.publication]).toEqual([200, 'requested']);
    expect(await send('POST', `/api/hunter-edits/${id}/publish-request`, 'u-ada')).toMatchObject({
      status: 409,
      body: { message: M.publishAskedOnce },
    });
    const { rows } = await harness.db.query<{ data: EventPayload<'hunters.edit.publish-requested'> }>(
      `select data from outbox where type = 'hunters.edit.publish-requested'`,
    );
    expect(rows.map((row) => row.data)).toEqual([
      { editId: id, bookingId: booking(1), hunterId: ada.id, hunterName: 'Ada Hunter', clientUserId: 'u-cleo', title: 'Your autumn edit' },
    ]);

    // Only the client answers.
    for (const as of ['u-ada', 'u-bea']) {
      expect(await send('POST', `/api/hunter-edits/${id}/publish-consent`, as, { allow: true })).toMatchObject({ status: 404 });
    }
    expect(await send('POST', `/api/hunter-edits/${id}/publish-consent`, 'u-cleo', { allow: 'yes' })).toMatchObject({ status: 400 });
    expect(await send<HunterEdit>('GET', `/api/hunter-edits/${id}`, null)).toMatchObject({ status: 404 });
    const answered = await send<HunterEdit>('POST', `/api/hunter-edits/${id}/publish-consent`, 'u-cleo', { allow: true });
    expect([answered.status, answered.body.publication, typeof answered.body.publishedAt]).toEqual([200, 'published', 'string']);
    expect(await send('POST', `/api/hunter-edits/${id}/publish-consent`, 'u-cleo', { allow: false })).toMatchObject({
      status: 409,
      body: { message: M.alreadyAnswered },
    });

    for (const as of ['u-stranger', null]) {
      const read = await send<PublishedHunterEdit>('GET', `/api/hunter-edits/${id}`, as);
      expect(read.status).toBe(200);
      expect(Object.keys(read.body).sort()).toEqual(['hunter', 'id', 'items', 'note', 'publishedAt', 'sentAt', 'title']);
      expect(JSON.stringify(read.body)).not.toMatch(/Cleo|u-cleo|0d8f6a2e/);
    }
    expect((await send<HunterEdit>('GET', `/api/hunter-edits/${id}`, 'u-cleo')).body.publication).toBe('published');
  });

  it('keeps a declined edit private for good', async () => {
    const mine = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent', 'u-ada');
    const id = mine.body.find((e) => e.bookingId === booking(2))!.id;
    expect(await send('POST', `/api/hunter-edits/${id}/publish-request`, 'u-ada')).toMatchObject({ status: 200 });
    const declined = await send<HunterEdit>('POST', `/api/hunter-edits/${id}/publish-consent`, 'u-cleo', { allow: false });
    expect([declined.status, declined.body.publication, declined.body.publishedAt]).toEqual([200, 'declined', null]);
    expect(await send('POST', `/api/hunter-edits/${id}/publish-request`, 'u-ada')).toMatchObject({
      status: 409,
      body: { message: M.publishAskedOnce },
    });
    expect(await send('GET', `/api/hunter-edits/${id}`, null)).toMatchObject({ status: 404 });
  });

  it('lets two racing requests make one publication request', async () => {
    const mine = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent', 'u-ada');
    const id = mine.body.find((e) => e.bookingId === booking(4))!.id;
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', `/api/hunter-edits/${id}/publish-request`, 'u-ada')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const { rows } = await harness.db.query(`select 1 from outbox where type = 'hunters.edit.publish-requested' and (data->>'editId')::int = $1`, [id]);
    expect(rows).toHaveLength(1);
  });

  it('lets racing sends for one session leave one edit; an item keeps its brand name once the brand leaves', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => send<HunterEdit>('POST', '/api/hunter-edits', 'u-ada', edit(booking(11), [12, 13, 14]))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const created = answers.find((a) => a.status === 201)!.body;
    expect(await harness.db.query(`select 1 from outbox where type = 'hunters.edit.sent' and data->>'bookingId' = $1`, [booking(11)])).toMatchObject({
      rowCount: 1,
    });

    await harness.db.query('delete from brand_copies where brand_id = 14');
    const read = await send<HunterEdit>('GET', `/api/hunter-edits/${created.id}`, 'u-fay');
    expect(read.body.items.map((i) => [i.brand?.id ?? null, i.brandName])).toEqual([
      [12, 'Brand 12'],
      [13, 'Brand 13'],
      [null, 'Brand 14'],
    ]);
  });

  it('pages the sent and received lists, newest first, with x-total-count', async () => {
    // Two more of Ada's sessions, to other clients; and Bea's edit to Cleo.
    for (const [as, n] of [['u-ada', 8], ['u-ada', 9], ['u-ada', 10], ['u-bea', 5]] as const) {
      expect(await send('POST', '/api/hunter-edits', as, edit(booking(n), [1, 2, 3]))).toMatchObject({ status: 201 });
    }
    const first = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent?limit=2', 'u-ada');
    const second = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent?limit=2&offset=2', 'u-ada');
    const last = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent?limit=2&offset=4', 'u-ada');
    const rest = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent?limit=2&offset=6', 'u-ada');
    expect([first.headers.get('x-total-count'), second.headers.get('x-total-count')]).toEqual(['7', '7']);
    expect([...first.body, ...second.body, ...last.body, ...rest.body].map((e) => e.bookingId.slice(-2))).toEqual([
      '10',
      '09',
      '08',
      '11',
      '04',
      '02',
      '01',
    ]);
    expect((await send('GET', '/api/hunter-edits/sent?limit=51', 'u-ada')).status).toBe(400);
    expect((await send('GET', '/api/hunter-edits/sent', null)).status).toBe(401);

    const received = await send<HunterEdit[]>('GET', '/api/hunter-edits/received', 'u-cleo');
    expect(received.headers.get('x-total-count')).toBe('4');
    expect(received.body.map((e) => [e.hunter.name, e.bookingId.slice(-2)])).toEqual([
      ['Bea Hunter', '05'],
      ['Ada Hunter', '04'],
      ['Ada Hunter', '02'],
      ['Ada Hunter', '01'],
    ]);
    const none = await send<HunterEdit[]>('GET', '/api/hunter-edits/sent', 'u-cleo');
    expect([none.body, none.headers.get('x-total-count')]).toEqual([[], '0']);
  });

  it("answers a brand's published edits with how many hunters (not edits) published one, and a hunter's", async () => {
    // Publish Ada's 8 and 9 (both naming brands 1–3) and Bea's 5 (brands 1–3 too).
    const ids = new Map<string, number>();
    for (const as of ['u-ada', 'u-bea']) {
      for (const e of (await send<HunterEdit[]>('GET', '/api/hunter-edits/sent?limit=50', as)).body) ids.set(e.bookingId, e.id);
    }
    for (const [hunter, client, n] of [['u-ada', 'u-dan', 8], ['u-ada', 'u-dan', 9], ['u-bea', 'u-cleo', 5]] as const) {
      const id = ids.get(booking(n))!;
      expect(await send('POST', `/api/hunter-edits/${id}/publish-request`, hunter)).toMatchObject({ status: 200 });
      expect(await send('POST', `/api/hunter-edits/${id}/publish-consent`, client, { allow: true })).toMatchObject({ status: 200 });
    }

    const brand1 = await send<BrandHunterEdits>('GET', '/api/brands/1/hunter-edits', null);
    expect(brand1.status).toBe(200);
    expect([brand1.body.hunterCount, brand1.body.total]).toEqual([2, 4]);
    expect(brand1.body.edits.map((e) => e.id)).toEqual([ids.get(booking(5)), ids.get(booking(9)), ids.get(booking(8)), ids.get(booking(1))]);
    expect(brand1.body.edits.every((e) => !('bookingId' in e) && !('clientName' in e))).toBe(true);
    const paged = await send<BrandHunterEdits>('GET', '/api/brands/1/hunter-edits?limit=1&offset=1', null);
    expect([paged.body.total, paged.body.hunterCount, paged.body.edits.map((e) => e.id)]).toEqual([4, 2, [ids.get(booking(9))]]);
    // Brand 4 is only in declined or private edits; brand 7 only in Ada's requested one.
    expect((await send<BrandHunterEdits>('GET', '/api/brands/4/hunter-edits', null)).body).toEqual({ hunterCount: 0, total: 0, edits: [] });
    expect((await send<BrandHunterEdits>('GET', '/api/brands/7/hunter-edits', null)).body.total).toBe(0);
    expect((await send('GET', '/api/brands/0/hunter-edits', null)).status).toBe(404);

    const adas = await send<PublishedHunterEdit[]>('GET', `/api/hunters/${ada.id}/edits?limit=2`, null);
    expect([adas.status, adas.headers.get('x-total-count'), adas.body.map((e) => e.id)]).toEqual([
      200,
      '3',
      [ids.get(booking(9)), ids.get(booking(8))],
    ]);
    expect(await send('GET', '/api/hunters/999999/edits', null)).toMatchObject({ status: 404, body: { message: 'Hunter not found' } });

    // A hunter no longer approved is public nowhere: their page, the brand's, the edit itself.
    const suspended = await fetch(`${harness.base}/api/admin/hunters/${bea.id}/suspend`, {
      method: 'POST',
      headers: { ...(await testIdentityHeaders({ id: 'test-admin', email: 'admin@hunted.test', firstName: 'Ada', lastName: null, isAdmin: true }, 'hunters')), 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Checking' }),
    });
    expect(suspended.status).toBe(200);
    expect(await send('GET', `/api/hunters/${bea.id}/edits`, null)).toMatchObject({ status: 404 });
    expect((await send<BrandHunterEdits>('GET', '/api/brands/1/hunter-edits', null)).body).toMatchObject({ hunterCount: 1, total: 3 });
    expect(await send('GET', `/api/hunter-edits/${ids.get(booking(5))}`, null)).toMatchObject({ status: 404 });
    expect(await send('GET', `/api/hunter-edits/${ids.get(booking(5))}`, 'u-cleo')).toMatchObject({ status: 200 });
  });
});
