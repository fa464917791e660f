import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { HUNTER_LIMITS } from '@hunted/contracts';
import {
  chargeUploadQuota,
  dailyUploadQuota,
  now,
  pruneUploadQuotaDays,
  readImageUpload,
  SERVICE_CONFIG,
  type DailyUploadQuota,
  type ImageRules,
  type PreparedStatement,
} from '@hunted/platform';
import type { EntityManager } from 'typeorm';

export const HUNTER_PHOTO_PATH = '/api/media/hunter-photos';

/** The bytes of the hunter photo whose id is `$1`, as the photos route (HunterPhotosController) reads them. */
export const HUNTER_PHOTO_BYTES: PreparedStatement = {
  name: 'hunter-photos.bytes',
  text: 'select bytes from hunter_photos where id = $1',
};

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
): Promise<string> {
  const decoded = await readImageUpload(dataUrl, HUNTER_PHOTO_RULES);
  if (!decoded.ok) throw photoRefused(decoded.message, field);
  if (ownerUserId !== null) await chargeUploadQuota(manager, ownerUserId, quota, { uploads: 1, bytes: decoded.bytes.length });
  const id = randomUUID();
  await manager.query('insert into hunter_photos (id, bytes, owner_user_id, created_at) values ($1, $2, $3, $4)', [
    id,
    decoded.bytes,
    ownerUserId,
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

/** A site photo URL that is not the profile's own (another hunter's, or any on a new profile). */
export const PHOTO_NOT_THIS_PROFILES = "Profile photo must be a new upload or the photo this profile already has";

/**
 * The profile's photo as stored, in the caller's transaction. A `data:image/...` upload is checked by its bytes
 * (400 naming profileImageUrl with the spec's text) and stored once, owned by `ownerUserId`, answering its URL. One
 * of this service's photo URLs is accepted only when it is `current`, the profile's own photo: the URLs are public,
 * and taking another hunter's would let its replacement delete that hunter's photo. Any other value (an avatar or a
 * demo portrait, which the DTO allowed) is kept as is.
 */
export async function storedPhotoUrl(
  manager: EntityManager,
  quota: DailyUploadQuota,
  value: string | null,
  ownerUserId: string | null,
  current: string | null = null,
): Promise<string | null> {
  if (value === null) return null;
  if (!value.startsWith('data:')) {
    if (value !== current && hunterPhotoIdOf(value) !== null) throw photoRefused(PHOTO_NOT_THIS_PROFILES);
    return value;
  }
  return storeUpload(manager, value, ownerUserId, quota, 'profileImageUrl');
}

function photoRefused(message: string, field = 'profileImageUrl'): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: { [field]: message } });
}

/**
 * A standalone upload (an edit's item photo, issue 25): checked by its bytes as a profile photo is (400 naming
 * `field`), stored once owned by `ownerUserId`, answered as its URL. Attached later by URL, so ownership is what
 * lets the later write tell the uploader's own photo from anyone else's public URL.
 */
export async function storeOwnedUpload(
  manager: EntityManager,
  quota: DailyUploadQuota,
  dataUrl: string,
  ownerUserId: string,
  field: string,
): Promise<string> {
  return storeUpload(manager, dataUrl, ownerUserId, quota, field);
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
 * profile form left): a photo is attached while a profile shows it or an edit's item names it. A photo of every
 * other kind of reference must be named here too, or it would be pruned. Also forgets the upload ledger's days no
 * allowance reads any more. Answers how many photos went.
 */
export async function pruneUnattachedPhotos(manager: EntityManager): Promise<number> {
  const [, count] = await manager.query<[unknown[], number]>(
    `delete from hunter_photos p
     where p.created_at < $1::timestamptz - interval '1 day'
       and not exists (select 1 from hunters h where h.profile_image_url = $2 || p.id::text)
       and not exists (select 1 from hunter_edit_items i where i.photo_url = $2 || p.id::text)`,
    [now(), `${HUNTER_PHOTO_PATH}/`],
  );
  await pruneUploadQuotaDays(manager);
  return count;
}
