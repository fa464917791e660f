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

/** What an upload may be, and what to tell the user when it is not. Each service keeps its own wording. */
export interface ImageRules {
  /** Images must be smaller than this many decoded bytes. */
  maxBytes: number;
  /** The answer for an image of `maxBytes` or more; `bytes` is its (estimated, before decoding) size. */
  tooLarge: (bytes: number) => string;
  /** The answer for anything that is not a png, jpeg, gif or webp. */
  notAnImage: string;
  /**
   * When true, the type the data URL claims must be the one its bytes show (a `.png` holding a JPEG is refused);
   * when false, the bytes' own type is kept whatever the claim.
   */
  claimMustMatchBytes?: boolean;
  /** The answer for bytes that start like an image but do not decode as one (cleanImageBytes); a platform default otherwise. */
  notDecodable?: string;
  /** The answer for an image of more pixels than MAX_IMAGE_PIXELS (cleanImageBytes); a platform default otherwise. */
  tooManyPixels?: string;
}

export type DecodedImage = { ok: true; contentType: ImageType; bytes: Buffer } | { ok: false; message: string };

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i;
const CLAIMED_ALIASES: Record<string, ImageType> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/**
 * Decodes an inline `data:image/...;base64,` upload and checks its real type and size, without decoding the image
 * itself. What is stored goes through readImageUpload (image-upload.ts), which starts with this.
 */
export function decodeImageDataUrl(value: string, rules: ImageRules): DecodedImage {
  const header = DATA_URL.exec(value);
  const claimed = header?.[1]?.toLowerCase();
  if (!header || !claimed?.startsWith('image/')) return { ok: false, message: rules.notAnImage };
  const payload = value.slice(header[0].length);
  // Checked before decoding so an oversized body is never held twice in memory.
  const estimated = Math.floor((payload.length * 3) / 4) - 2;
  if (estimated >= rules.maxBytes) return { ok: false, message: rules.tooLarge(estimated) };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return { ok: false, message: rules.notAnImage };
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length >= rules.maxBytes) return { ok: false, message: rules.tooLarge(bytes.length) };
  const contentType = sniffImageType(bytes);
  if (!contentType) return { ok: false, message: rules.notAnImage };
  if (rules.claimMustMatchBytes && (CLAIMED_ALIASES[claimed] ?? claimed) !== contentType) {
    return { ok: false, message: rules.notAnImage };
  }
  return { ok: true, contentType, bytes };
}
