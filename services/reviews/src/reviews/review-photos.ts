import { BadRequestException } from '@nestjs/common';
import { REVIEW_LIMITS } from '@hunted/contracts';
import { readImageUpload, type ImageRules, type ImageType } from '@hunted/platform';

export const NOT_AN_IMAGE = 'Only image files can be uploaded';

const MB = 1024 * 1024;

/** Review photos: png, jpeg, gif or webp whose bytes are what the upload claims, each under 10 MB. */
export const REVIEW_PHOTO_RULES: ImageRules = {
  maxBytes: REVIEW_LIMITS.photoBytes,
  tooLarge: (bytes) =>
    `File too large: ${(bytes / MB).toFixed(1)} MB; the limit is ${REVIEW_LIMITS.photoBytes / MB} MB`,
  notAnImage: NOT_AN_IMAGE,
  claimMustMatchBytes: true,
};

export const REVIEW_PHOTO_PATH = '/api/media/review-photos';

export interface DecodedPhoto {
  contentType: ImageType;
  bytes: Buffer;
}

/**
 * Every photo decoded, checked and cleaned (metadata dropped: readImageUpload), or a 400 naming the first one that
 * fails, in the FieldErrorsResponse shape. One after another: each is decoded in full, and three at once would
 * take every core.
 */
export async function decodeReviewPhotos(photos: readonly string[]): Promise<DecodedPhoto[]> {
  const decodedPhotos: DecodedPhoto[] = [];
  for (const [index, photo] of photos.entries()) {
    const decoded = await readImageUpload(photo, REVIEW_PHOTO_RULES);
    if (!decoded.ok) {
      const message = photos.length > 1 ? `Photo ${index + 1}: ${decoded.message}` : decoded.message;
      throw new BadRequestException({ statusCode: 400, message, errors: { photos: message } });
    }
    decodedPhotos.push({ contentType: decoded.contentType, bytes: decoded.bytes });
  }
  return decodedPhotos;
}
