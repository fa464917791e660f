import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { HUNTER_LIMITS } from '@hunted/contracts';
import {
  chargeUploadQuota,
  dailyUploadQuota,
  IMMUTABLE_IMAGE_CACHE_CONTROL,
  now,
  PRIVATE_IMAGE_CACHE_CONTROL,
  pruneUploadQuotaDays,
  readImageUpload,
  REVOCABLE_IMAGE_CACHE_CONTROL,
  SERVICE_CONFIG,
  type DailyUploadQuota,
  type ImageRules,
  type PreparedStatement,
} from '@hunted/platform';
import type { EntityManager } from 'typeorm';

export const HUNTER_PHOTO_PATH = '/api/media/hunter-photos';

/**
 * What a photo is for: a `profile` photo is shown to everyone who sees the profile; an `edit` photo (uploaded for an
 * edit's item) follows its edit (`photoCacheControlFor`).
 */
export type HunterPhotoKind = 'profile' | 'edit';

/** A photo as the photos route reads it: its bytes and who may see them. */
export interface ShownHunterPhoto {
  bytes: Buffer;
  kind: HunterPhotoKind;
  ownerUserId: string | null;
  /** An edit showing it is published (and its hunter approved, as every public read of an edit). */
  published: boolean;
  /** The caller (`$2`) is the hunter or the client of an edit showing it. */
  editParty: boolean;
}

/**
 * The photo whose id is `$1`, and what the caller whose user id is `$2` (null for a guest) is to it, read on every
 * request (HunterPhotosController): a withdrawn or suspended edit stops showing its photos at once. The edits
 * showing an edit photo come from `hunter_edit_items_photo_idx`.
 */
export const HUNTER_PHOTO_SHOWN: PreparedStatement = {
  name: 'hunter-photos.shown',
  text: `
    select p.bytes, p.kind, p.owner_user_id as "ownerUserId",
           coalesce(bool_or(e.publication = 'published' and h.status = 'approved'), false) as published,
           coalesce(bool_or(e.client_user_id = $2::text or h.user_id = $2::text), false) as "editParty"
      from hunter_photos p
      left join hunter_edit_items i on p.kind = 'edit' and i.photo_url = '${HUNTER_PHOTO_PATH}/' || p.id::text
      left join hunter_edits e on e.id = i.edit_id
      left join hunters h on h.id = e.hunter_id
     where p.id = $1
     group by p.id`,
};

/**
 * How a photo may be answered to `userId` (null for a guest), or null when it must be 404 to them (decision 0092). A
 * profile photo is public for good (its URL changes with the photo). An edit photo, while an edit showing it is
 * published: public but cached for minutes only, so a withdrawal is honoured; otherwise only to its uploader and to
 * the hunter and the client of an edit showing it, never kept by a shared cache; anyone else is told it does not exist.
 */
export function photoCacheControlFor(photo: ShownHunterPhoto, userId: string | null): string | null {
  if (photo.kind === 'profile') return IMMUTABLE_IMAGE_CACHE_CONTROL;
  if (photo.published) return REVOCABLE_IMAGE_CACHE_CONTROL;
  if (userId !== null && (photo.editParty || photo.ownerUserId === userId)) return PRIVATE_IMAGE_CACHE_CONTROL;
  return null;
}

/** The spec's texts (section 5, "Profile image upload"). */
export const PHOTO_TOO_LARGE = 'Please select an image smaller than 5MB';
export const NOT_AN_IMAGE = 'Please select an image file';

/** Hunter photos: png, jpeg, gif or webp whose bytes are what the upload claims, under 5 MB (5,242,880 bytes). */
export const HUNTER_PHOTO_RULES: ImageRules = {
  maxBytes: HUNTER_LIMITS.photoBytes,
  tooLarge: () => PHOTO_TOO_LARGE,
  notAnImage: NOT_AN_IMAGE,
  claimMustMatchBytes: true,
};

/**
 * The daily allowances of the two kinds of hunter_photos (decision 0091): a profile's photo and an edit's item
 * photos, each counted per member per London day in the platform's upload ledger.
 */
/** The configuration the allowances are read from (the service's HuntersConfig; the store imports no more of it). */
interface UploadQuotaConfig {
  HUNTER_PHOTOS_PER_DAY: number;
  HUNTER_PHOTOS_MB_PER_DAY: number;
  EDIT_PHOTOS_PER_DAY: number;
  EDIT_PHOTOS_MB_PER_DAY: number;
}

@Injectable()
export class HunterUploadQuotas {
  readonly profilePhotos: DailyUploadQuota;
  readonly editPhotos: DailyUploadQuota;

  constructor(@Inject(SERVICE_CONFIG) config: UploadQuotaConfig) {
    this.profilePhotos = dailyUploadQuota('hunter-photos', 'profile photos', config.HUNTER_PHOTOS_PER_DAY, config.HUNTER_PHOTOS_MB_PER_DAY);
    this.editPhotos = dailyUploadQuota('edit-photos', 'edit photos', config.EDIT_PHOTOS_PER_DAY, config.EDIT_PHOTOS_MB_PER_DAY);
  }
}

/**
 * Cleans one upload (decoded in full, turned upright, metadata dropped: the platform's readImageUpload), counts it
 * against `quota` for `ownerUserId` (429 beyond; none counted for an unowned demo hunter's), and stores it dated by
 * the service clock, in the caller's transaction. A refusal (400 naming `field`, or the 429) stores nothing.
 */
async function storeUpload(
  manager: EntityManager,
  dataUrl: string,
  ownerUserId: string | null,
  quota: DailyUploadQuota,
  field: string,
  kind: HunterPhotoKind,
): Promise<string> {
  const decoded = await readImageUpload(dataUrl, HUNTER_PHOTO_RULES);
  if (!decoded.ok) throw photoRefused(decoded.message, field);
  if (ownerUserId !== null) await chargeUploadQuota(manager, ownerUserId, quota, { uploads: 1, bytes: decoded.bytes.length });
  const id = randomUUID();
  await manager.query('insert into hunter_photos (id, bytes, owner_user_id, kind, created_at) values ($1, $2, $3, $4, $5)', [
    id,
    decoded.bytes,
    ownerUserId,
    kind,
    now(),
  ]);
  return `${HUNTER_PHOTO_PATH}/${id}`;
}

/** A profile write may carry a 5 MB photo in base64 (about 6.7 MB); every other route takes the platform's 1 MB. */
export const PROFILE_BODY_LIMIT = 8 * 1024 * 1024;

const PHOTO_URL = new RegExp(`^${HUNTER_PHOTO_PATH}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`);

/** The id of one of this service's photos from its URL, or null for any other URL. */
export function hunterPhotoIdOf(url: string | null | undefined): string | null {
  return (url && PHOTO_URL.exec(url)?.[1]) ?? null;
}

/** A site photo that is not the caller's: another member's avatar or upload, or a portrait this profile does not have. */
export const PHOTO_NOT_YOURS = 'Profile photo must be your own avatar, a new upload or the photo this profile already has';

/** Identity's avatars (`/api/auth/avatars/{uuid}`), as the contracts' profile photo rule lets them through. */
const AVATAR_URL = /^\/api\/auth\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The profile's photo as stored, in the caller's transaction (issue 35: the caller's own avatar or upload only). The
 * photo the profile already has (`current`) is kept as it is. A `data:image/...` upload is checked by its bytes (400
 * naming profileImageUrl with the spec's text) and stored once as a `profile` photo owned by `ownerUserId`,
 * answering its URL. Any other of this service's photo URLs is refused: the URLs are public, and taking another
 * hunter's would let its replacement delete that hunter's photo (an edit photo would become a profile's). An avatar
 * must be the caller's own, as the users copy has it; a demo hunter's portrait only the demo seeder
 * (`ownerUserId` null) gives (the form sends it back as `current` once someone has become that hunter).
 */
export async function storedPhotoUrl(
  manager: EntityManager,
  quota: DailyUploadQuota,
  value: string | null,
  ownerUserId: string | null,
  current: string | null = null,
): Promise<string | null> {
  if (value === null || value === current) return value;
  if (!value.startsWith('data:')) {
    if (hunterPhotoIdOf(value) !== null) throw photoRefused(PHOTO_NOT_YOURS);
    if (AVATAR_URL.test(value)) {
      if (ownerUserId === null || !(await isAvatarOf(manager, ownerUserId, value))) throw photoRefused(PHOTO_NOT_YOURS);
    } else if (ownerUserId !== null) {
      throw photoRefused(PHOTO_NOT_YOURS);
    }
    return value;
  }
  return storeUpload(manager, value, ownerUserId, quota, 'profileImageUrl', 'profile');
}

/** Whether `url` is the avatar identity last told this service `userId` has (the users copy). */
async function isAvatarOf(manager: EntityManager, userId: string, url: string): Promise<boolean> {
  const rows = await manager.query<unknown[]>('select 1 from users where user_id = $1 and profile_image_url = $2', [userId, url]);
  return rows.length > 0;
}

function photoRefused(message: string, field = 'profileImageUrl'): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: { [field]: message } });
}

/**
 * A standalone upload (an edit's item photo, issue 25): checked by its bytes as a profile photo is (400 naming
 * `field`), stored once owned by `ownerUserId` as an `edit` photo (served under its edit's rule), answered as its URL. Attached later by URL, so ownership is what
 * lets the later write tell the uploader's own photo from anyone else's public URL.
 */
export async function storeOwnedUpload(
  manager: EntityManager,
  quota: DailyUploadQuota,
  dataUrl: string,
  ownerUserId: string,
  field: string,
): Promise<string> {
  return storeUpload(manager, dataUrl, ownerUserId, quota, field, 'edit');
}

/** Which of these photo URLs are uploads owned by `ownerUserId` (URLs of other photos, or of none, are left out). */
export async function ownedPhotoUrls(manager: EntityManager, ownerUserId: string, urls: readonly string[]): Promise<Set<string>> {
  const ids = urls.map(hunterPhotoIdOf).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Set();
  const rows = await manager.query<{ id: string }[]>(
    'select id::text as id from hunter_photos where id = any($1::uuid[]) and owner_user_id = $2',
    [ids, ownerUserId],
  );
  return new Set(rows.map((row) => `${HUNTER_PHOTO_PATH}/${row.id}`));
}

/**
 * Deletes a replaced upload (its URL is immutable, so a new photo always has a new URL), only when it is the
 * owner's: a profile that shows someone else's photo (left from before photos had owners) just lets go of it.
 */
export async function deleteReplacedPhoto(
  manager: EntityManager,
  ownerUserId: string,
  previous: string | null,
  current: string | null,
): Promise<void> {
  const id = hunterPhotoIdOf(previous);
  if (id && previous !== current) {
    await manager.query('delete from hunter_photos where id = $1 and owner_user_id = $2', [id, ownerUserId]);
  }
}

/**
 * Deletes the uploads nothing took within a day of their upload, by the service clock (an edit never sent, a
 * profile form left): a photo is attached while a profile shows it, a pending revision proposes it or an edit's
 * item names it. A photo of every
 * other kind of reference must be named here too, or it would be pruned. Also forgets the upload ledger's days no
 * allowance reads any more. Answers how many photos went.
 */
export async function pruneUnattachedPhotos(manager: EntityManager): Promise<number> {
  const [, count] = await manager.query<[unknown[], number]>(
    `delete from hunter_photos p
     where p.created_at < $1::timestamptz - interval '1 day'
       and not exists (select 1 from hunters h where h.profile_image_url = $2 || p.id::text)
       and not exists (select 1 from hunter_edit_items i where i.photo_url = $2 || p.id::text)
       and not exists (select 1 from hunter_profile_revisions r
                        where r.status = 'pending' and r.changes->>'profileImageUrl' = $2 || p.id::text)`,
    [now(), `${HUNTER_PHOTO_PATH}/`],
  );
  await pruneUploadQuotaDays(manager);
  return count;
}

/**
 * A deleted member's photos go, in the caller's transaction (the erasure's, after their profile and the edits it
 * deletes): every upload they own (profile photos, edit photos, a pending revision's), and of `urls` (the photos of
 * the edits the erasure deleted: another hunter's photos in an edit the member received) each that nothing still
 * shows. Nothing waits for the hourly prune: a photo of a person is not kept a day longer than its reason.
 */
export async function deletePhotosOfErasedMember(manager: EntityManager, userId: string, urls: readonly (string | null)[]): Promise<void> {
  const ids = urls.map(hunterPhotoIdOf).filter((id): id is string => id !== null);
  await manager.query(
    `delete from hunter_photos p
     where p.owner_user_id = $1
        or (p.id = any($2::uuid[])
            and not exists (select 1 from hunters h where h.profile_image_url = $3 || p.id::text)
            and not exists (select 1 from hunter_edit_items i where i.photo_url = $3 || p.id::text)
            and not exists (select 1 from hunter_profile_revisions r
                             where r.status = 'pending' and r.changes->>'profileImageUrl' = $3 || p.id::text))`,
    [userId, ids, `${HUNTER_PHOTO_PATH}/`],
  );
}
