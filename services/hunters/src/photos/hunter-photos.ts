import { randomUUID } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';
import { HUNTER_LIMITS } from '@hunted/contracts';
import { decodeImageDataUrl, type ImageRules } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

export const HUNTER_PHOTO_PATH = '/api/media/hunter-photos';

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

const PHOTO_URL = new RegExp(`^${HUNTER_PHOTO_PATH}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`);

/** The id of one of this service's photos from its URL, or null for any other URL. */
export function hunterPhotoIdOf(url: string | null | undefined): string | null {
  return (url && PHOTO_URL.exec(url)?.[1]) ?? null;
}

/**
 * The profile's photo as stored: a `data:image/...` upload is checked by its bytes (400 naming profileImageUrl with
 * the spec's text) and stored once in the caller's transaction, answering its URL; any other value is kept as is.
 */
export async function storedPhotoUrl(manager: EntityManager, value: string | null): Promise<string | null> {
  if (value === null || !value.startsWith('data:')) return value;
  const decoded = decodeImageDataUrl(value, HUNTER_PHOTO_RULES);
  if (!decoded.ok) {
    throw new BadRequestException({ statusCode: 400, message: decoded.message, errors: { profileImageUrl: decoded.message } });
  }
  const id = randomUUID();
  await manager.query('insert into hunter_photos (id, bytes) values ($1, $2)', [id, decoded.bytes]);
  return `${HUNTER_PHOTO_PATH}/${id}`;
}

/** Deletes a replaced upload (its URL is immutable, so a new photo always has a new URL). */
export async function deleteReplacedPhoto(manager: EntityManager, previous: string | null, current: string | null): Promise<void> {
  const id = hunterPhotoIdOf(previous);
  if (id && previous !== current) await manager.query('delete from hunter_photos where id = $1', [id]);
}
