import { MAX_PROFILE_IMAGE_BYTES } from '@hunted/contracts';

export const IMAGE_TOO_LARGE = 'Please select an image smaller than 5MB';
export const NOT_AN_IMAGE = 'Please select an image file';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The image type the bytes themselves show (magic numbers), whatever the upload claimed. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head6 = bytes.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export type DecodedImage = { ok: true; contentType: ImageType; bytes: Buffer } | { ok: false; message: string };

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i;

/** Decodes an inline `data:image/...;base64,` upload and checks its real type and size. */
export function decodeImageDataUrl(value: string): DecodedImage {
  const header = DATA_URL.exec(value);
  if (!header || !header[1]?.toLowerCase().startsWith('image/')) return { ok: false, message: NOT_AN_IMAGE };
  const payload = value.slice(header[0].length);
  // Checked before decoding so an oversized body is never held twice in memory.
  if (Math.floor((payload.length * 3) / 4) - 2 >= MAX_PROFILE_IMAGE_BYTES)
    return { ok: false, message: IMAGE_TOO_LARGE };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return { ok: false, message: NOT_AN_IMAGE };
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length >= MAX_PROFILE_IMAGE_BYTES) return { ok: false, message: IMAGE_TOO_LARGE };
  const contentType = sniffImageType(bytes);
  if (!contentType) return { ok: false, message: NOT_AN_IMAGE };
  return { ok: true, contentType, bytes };
}
