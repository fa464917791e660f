import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps, TEST_GIF, TEST_JPEG, TEST_PNG, TEST_WEBP, imageDataUrl } from '../testing/test-images.js';
import type { ImageRules } from './image-bytes.js';
import { cleanImageBytes, IMAGE_NOT_DECODABLE, IMAGE_TOO_MANY_PIXELS, readImageUpload } from './image-upload.js';

const rules: ImageRules = { maxBytes: 5 * 1024 * 1024, tooLarge: (bytes) => `too large: ${bytes}`, notAnImage: 'not an image' };

/** `png` with a `tEXt` chunk (keyword `Comment`) inserted before its IEND, as an editor or camera app writes one. */
function withTextChunk(png: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), Buffer.from(`Comment\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

describe('cleanImageBytes', () => {
  it('drops EXIF (its GPS position too) and XMP from a JPEG, after turning it upright by its orientation', async () => {
    const photo = await jpegWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(before.orientation).toBe(6);

    const cleaned = await cleanImageBytes(photo, rules);
    expect(cleaned.ok).toBe(true);
    if (!cleaned.ok) return;
    expect(cleaned.contentType).toBe('image/jpeg');
    const after = await sharp(cleaned.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Turned a quarter: what was shown 2 wide and 4 tall is now stored so.
    expect([after.width, after.height]).toEqual([2, 4]);
    // No APP1 segment (where EXIF and XMP live) and no trace of the text either.
    expect(cleaned.bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(cleaned.bytes.includes(Buffer.from('Someone'))).toBe(false);
  });

  it('drops a PNG text chunk', async () => {
    const png = withTextChunk(TEST_PNG, 'taken at 51.5074 N, 0.1278 W');
    expect(png.includes(Buffer.from('tEXt'))).toBe(true);
    expect((await sharp(png).metadata()).width).toBe(1);

    const cleaned = await cleanImageBytes(png, rules);
    expect(cleaned.ok).toBe(true);
    if (!cleaned.ok) return;
    expect(cleaned.contentType).toBe('image/png');
    expect(cleaned.bytes.includes(Buffer.from('tEXt'))).toBe(false);
    expect(cleaned.bytes.includes(Buffer.from('51.5074'))).toBe(false);
  });

  it('keeps each format as it is, and an animated gif its frames', async () => {
    for (const [bytes, type] of [
      [TEST_PNG, 'image/png'],
      [TEST_JPEG, 'image/jpeg'],
      [TEST_GIF, 'image/gif'],
      [TEST_WEBP, 'image/webp'],
    ] as const) {
      const cleaned = await cleanImageBytes(bytes, rules);
      expect(cleaned).toMatchObject({ ok: true, contentType: type });
    }
    const frame = (background: string) => sharp({ create: { width: 3, height: 3, channels: 3, background } }).png().toBuffer();
    const animated = await sharp([await frame('red'), await frame('green'), await frame('blue')], { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const cleaned = await cleanImageBytes(animated, rules);
    expect(cleaned.ok).toBe(true);
    if (!cleaned.ok) return;
    expect(await sharp(cleaned.bytes).metadata()).toMatchObject({ format: 'gif', pages: 3, width: 3 });
  });

  it('refuses a truncated or corrupt image, whatever its first bytes say', async () => {
    const photo = await jpegWithGps();
    expect(await cleanImageBytes(photo.subarray(0, photo.length - 40), rules)).toEqual({ ok: false, message: IMAGE_NOT_DECODABLE });
    expect(await cleanImageBytes(TEST_PNG.subarray(0, TEST_PNG.length - 20), rules)).toEqual({ ok: false, message: IMAGE_NOT_DECODABLE });
    // A PNG signature and a header, then nothing: what tests once passed as "a PNG".
    const headerOnly = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(await cleanImageBytes(headerOnly, { ...rules, notDecodable: 'damaged' })).toEqual({ ok: false, message: 'damaged' });
    expect(await cleanImageBytes(Buffer.from('hello'), rules)).toEqual({ ok: false, message: 'not an image' });
  });

  it('refuses an image that declares more pixels than it may decode to', async () => {
    // A 1×1 PNG whose header says 10000 × 10000: refused from its header, before anything is decoded.
    const bomb = Buffer.from(TEST_PNG);
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)) >>> 0, 29);
    expect(bomb.length).toBeLessThan(rules.maxBytes);
    expect(await cleanImageBytes(bomb, rules)).toEqual({ ok: false, message: IMAGE_TOO_MANY_PIXELS });
  });

  it('refuses a result that is still over the size limit', async () => {
    expect(await cleanImageBytes(TEST_PNG, { ...rules, maxBytes: 10 })).toMatchObject({ ok: false, message: expect.stringMatching(/^too large: \d+$/) });
  });
});

describe('readImageUpload', () => {
  it('checks the data URL first, then answers the cleaned bytes', async () => {
    expect(await readImageUpload('https://elsewhere.example/a.png', rules)).toEqual({ ok: false, message: 'not an image' });
    const cleaned = await readImageUpload(imageDataUrl(await jpegWithGps(), 'image/jpeg'), rules);
    expect(cleaned.ok && (await sharp(cleaned.bytes).metadata()).exif).toBeUndefined();
  });
});
