import { randomUUID } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';
import { HUNTER_LIMITS } from '@hunted/contracts';
import { decodeImageDataUrl, type ImageRules, type PreparedStatement } from '@hunted/platform';
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
  value: string | null,
  ownerUserId: string | null,
  current: string | null = null,
): Promise<string | null> {
  if (value === null) return null;
  if (!value.startsWith('data:')) {
    if (value !== current && hunterPhotoIdOf(value) !== null) throw photoRefused(PHOTO_NOT_THIS_PROFILES);
    return value;
  }
  const decoded = decodeImageDataUrl(value, HUNTER_PHOTO_RULES);
  if (!decoded.ok) throw photoRefused(decoded.message);
  const id = randomUUID();
  await manager.query('insert into hunter_photos (id, bytes, owner_user_id) values ($1, $2, $3)', [id, decoded.bytes, ownerUserId]);
  return `${HUNTER_PHOTO_PATH}/${id}`;
}

function photoRefused(message: string, field = 'profileImageUrl'): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: { [field]: message } });
}

/**
 * A standalone upload (an edit's item photo, issue 25): checked by its bytes as a profile photo is (400 naming
 * `field`), stored once owned by `ownerUserId`, answered as its URL. Attached later by URL, so ownership is what
 * lets the later write tell the uploader's own photo from anyone else's public URL.
 */
export async function storeOwnedUpload(manager: EntityManager, dataUrl: string, ownerUserId: string, field: string): Promise<string> {
  const decoded = decodeImageDataUrl(dataUrl, HUNTER_PHOTO_RULES);
  if (!decoded.ok) throw photoRefused(decoded.message, field);
  const id = randomUUID();
  await manager.query('insert into hunter_photos (id, bytes, owner_user_id) values ($1, $2, $3)', [id, decoded.bytes, ownerUserId]);
  return `${HUNTER_PHOTO_PATH}/${id}`;
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
