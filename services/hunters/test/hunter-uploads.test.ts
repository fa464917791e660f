import { randomUUID } from 'node:crypto';
import { HUNTER_EDIT_MESSAGES, type OwnHunter } from '@hunted/contracts';
import { setClockOffset } from '@hunted/platform';
import { imageDataUrl, imageMetadataOf, jpegWithGps, TEST_PNG } from '@hunted/platform/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HunterPhotosPruneJob } from '../src/photos/hunter-photos-prune.job.js';
import { PNG_UPLOAD as PNG, useHuntersHarness } from './hunters-harness.js';
import { sendAs } from './member-requests.js';

const DAY_MS = 86_400_000;
/** The allowances this file's service is started with (the defaults: 30 profile photos and 60 edit photos a day). */
const PROFILE_PHOTOS_PER_DAY = 3;
const EDIT_PHOTOS_PER_DAY = 4;

/**
 * Issue 35, uploads (decision 0091): hunters' two upload kinds (a profile's photo, an edit's item photos) cleaned of
 * their metadata and counted per member per day, edit photos for approved hunters only, and the uploads nothing took
 * within a day pruned by the hourly job on the service clock.
 */
describe('hunters: uploads are bounded and clean', () => {
  const harness = useHuntersHarness('hunters_uploads_it', {
    env: { HUNTER_PHOTOS_PER_DAY: String(PROFILE_PHOTOS_PER_DAY), EDIT_PHOTOS_PER_DAY: String(EDIT_PHOTOS_PER_DAY) },
    publishers: ['bookings'],
  });
  const { send } = harness;

  const createHunter = (userId: string, { approved = true, photo = null as string | null } = {}) =>
    harness.createHunter(userId, photo ? { profileImageUrl: photo } : {}, { approved });

  const photoIdOf = (url: string) => url.split('/').pop()!;
  const photoRows = async (owner: string) =>
    (await harness.db.query<{ n: number }>('select count(*)::int as n from hunter_photos where owner_user_id = $1', [owner])).rows[0]!.n;

  beforeAll(async () => {
    await harness.db.query(
      `insert into brand_copies (brand_id, name, image_url, updated_at)
       select n, 'Brand ' || n, '/brands/' || n || '.png', now() from generate_series(1, 3) n`,
    );
  });

  afterEach(() => setClockOffset(0));

  it('edit photos: a pending hunter is refused with 403 and a clear message, and nothing is stored', async () => {
    await createHunter('u-pending', { approved: false });
    const refused = await send('POST', '/api/hunter-edits/photos', 'u-pending', { photo: PNG });
    expect(refused).toMatchObject({ status: 403, body: { message: HUNTER_EDIT_MESSAGES.photoNeedsApproval } });
    expect(await photoRows('u-pending')).toBe(0);
    // Without a profile at all it is still 404, as before.
    expect((await send('POST', '/api/hunter-edits/photos', 'u-nobody', { photo: PNG })).status).toBe(404);
  });

  it(`edit photos: ${EDIT_PHOTOS_PER_DAY} a day (EDIT_PHOTOS_PER_DAY), then 429 naming the limit and nothing stored; a new day, again`, async () => {
    await createHunter('u-editor');
    for (let i = 0; i < EDIT_PHOTOS_PER_DAY; i++) expect((await send('POST', '/api/hunter-edits/photos', 'u-editor', { photo: PNG })).status).toBe(201);
    const over = await send('POST', '/api/hunter-edits/photos', 'u-editor', { photo: PNG });
    expect(over).toMatchObject({ status: 429, body: { message: `You can upload ${EDIT_PHOTOS_PER_DAY} edit photos a day; try again tomorrow` } });
    expect(await photoRows('u-editor')).toBe(EDIT_PHOTOS_PER_DAY);
    // The profile photo's allowance is its own.
    expect((await send('PATCH', `/api/hunters/${(await send<OwnHunter>('GET', '/api/hunter-profile', 'u-editor')).body.id}`, 'u-editor', { profileImageUrl: PNG })).status).toBe(200);
    setClockOffset(DAY_MS);
    expect((await send('POST', '/api/hunter-edits/photos', 'u-editor', { photo: PNG })).status).toBe(201);
  });

  it(`profile photos: ${PROFILE_PHOTOS_PER_DAY} a day (HUNTER_PHOTOS_PER_DAY), stored without EXIF; beyond, 429 and the profile unchanged`, async () => {
    const hunter = await createHunter('u-portrait', { photo: imageDataUrl(await jpegWithGps(), 'image/jpeg') });
    const stored = await fetch(`${harness.base}${hunter.profileImageUrl}`);
    const metadata = await imageMetadataOf(Buffer.from(await stored.arrayBuffer()));
    expect(metadata).toMatchObject({ format: 'jpeg', width: 2, height: 4 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();

    for (let i = 1; i < PROFILE_PHOTOS_PER_DAY; i++) {
      expect((await send('PATCH', `/api/hunters/${hunter.id}`, 'u-portrait', { profileImageUrl: PNG })).status).toBe(200);
    }
    const before = (await send<OwnHunter>('GET', '/api/hunter-profile', 'u-portrait')).body.profileImageUrl;
    const over = await send('PATCH', `/api/hunters/${hunter.id}`, 'u-portrait', { bio: 'Changed', profileImageUrl: PNG });
    expect(over).toMatchObject({ status: 429, body: { message: `You can upload ${PROFILE_PHOTOS_PER_DAY} profile photos a day; try again tomorrow` } });
    const after = (await send<OwnHunter>('GET', '/api/hunter-profile', 'u-portrait')).body;
    expect(after.profileImageUrl).toBe(before);
    expect(after.bio).not.toBe('Changed');
    // The live photo and the one waiting for review (decision 0089: each newer upload replaced the one before).
    expect(await photoRows('u-portrait')).toBe(2);
  });

  it('a corrupt upload is refused before anything is stored', async () => {
    await createHunter('u-corrupt');
    const cut = await send<{ errors: Record<string, string> }>('POST', '/api/hunter-edits/photos', 'u-corrupt', {
      photo: imageDataUrl(TEST_PNG.subarray(0, TEST_PNG.length - 20)),
    });
    expect(cut.status).toBe(400);
    expect(cut.body.errors.photo).toMatch(/could not be read/);
    expect(await photoRows('u-corrupt')).toBe(0);
  });

  it('prunes uploads nothing took within a day, by the service clock; a profile photo and an edit item photo stay', async () => {
    const hunter = await createHunter('u-pruner', { photo: PNG });
    const upload = async () => (await send<{ url: string }>('POST', '/api/hunter-edits/photos', 'u-pruner', { photo: PNG })).body.url;
    const [unattached, inEdit] = [await upload(), await upload()];

    // A held session with a client, so an edit can take one of the uploads.
    const bookingId = randomUUID();
    await harness.applied([await harness.bookingEvent('bookings.booking.completed', { bookingId, hunterId: hunter.id, clientUserId: 'u-client' })]);
    const item = (brandId: number, photoUrl: string | null = null) => ({ brandId, itemName: `Item ${brandId}`, productUrl: null, why: 'It fits', photoUrl });
    const sent = await send('POST', '/api/hunter-edits', 'u-pruner', { bookingId, title: 'Edit', note: '', items: [item(1, inEdit), item(2), item(3)] });
    expect(sent.status).toBe(201);

    const job = harness.app.get(HunterPhotosPruneJob);
    // Within the day: nothing of these goes.
    await job.run();
    expect(await photoRows('u-pruner')).toBe(3);
    // One uploaded (as the moved clock will see it) just before the move: still within its day then.
    const recent = await upload();
    await harness.db.query(`update hunter_photos set created_at = $2 where id = $1`, [photoIdOf(recent), new Date(Date.now() + DAY_MS)]);

    // A day on by the service clock. Moving the clock also runs the schedule at once (JobsModule), so the run here
    // may find the work done already: what is left is what counts.
    setClockOffset(DAY_MS + 60_000);
    await job.run();
    const { rows } = await harness.db.query<{ id: string }>('select id::text from hunter_photos where owner_user_id = $1', ['u-pruner']);
    expect(rows.map((row) => row.id).sort()).toEqual([photoIdOf(hunter.profileImageUrl!), photoIdOf(inEdit), photoIdOf(recent)].sort());
    expect(rows.map((row) => row.id)).not.toContain(photoIdOf(unattached));
    // The edit is private, so its photo is its hunter's and client's to see (decision 0092).
    expect((await sendAs(harness.base, 'GET', unattached, 'u-pruner')).status).toBe(404);
    expect((await sendAs(harness.base, 'GET', inEdit, 'u-pruner')).status).toBe(200);
  });
});
