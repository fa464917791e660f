import { describe, expect, it } from 'vitest';
import { decodeImageDataUrl, sniffImageType, type ImageRules } from './image-bytes.js';

const IMAGE_TOO_LARGE = 'Please select an image smaller than 5MB';
const NOT_AN_IMAGE = 'Please select an image file';
const rules: ImageRules = { maxBytes: 5 * 1024 * 1024, tooLarge: () => IMAGE_TOO_LARGE, notAnImage: NOT_AN_IMAGE };
const strict: ImageRules = { ...rules, claimMustMatchBytes: true, tooLarge: (bytes) => `too large: ${bytes}` };

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const gif = Buffer.from('GIF89a\x01\x00', 'latin1');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('sniffImageType', () => {
  it('recognises png, jpeg, gif and webp by their first bytes', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(gif)).toBe('image/gif');
    expect(sniffImageType(webp)).toBe('image/webp');
  });

  it('refuses anything else, however it starts', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('decodeImageDataUrl', () => {
  it('returns the bytes and the type they really have', () => {
    // The claimed type is ignored once the bytes say otherwise.
    const decoded = decodeImageDataUrl(dataUrl('image/jpeg', png), rules);
    expect(decoded).toEqual({ ok: true, contentType: 'image/png', bytes: png });
  });

  it('refuses text dressed up with an image mime type', () => {
    expect(decodeImageDataUrl(dataUrl('image/png', Buffer.from('hello, not a picture')), rules)).toEqual({
      ok: false,
      message: NOT_AN_IMAGE,
    });
  });

  it('refuses a data URL that does not claim an image, or is not base64', () => {
    expect(decodeImageDataUrl(dataUrl('text/plain', png), rules)).toEqual({ ok: false, message: NOT_AN_IMAGE });
    expect(decodeImageDataUrl('data:image/png,rawbytes', rules)).toEqual({ ok: false, message: NOT_AN_IMAGE });
    expect(decodeImageDataUrl('https://elsewhere.example/a.png', rules)).toEqual({ ok: false, message: NOT_AN_IMAGE });
  });

  it('refuses 5 MB and more, counting decoded bytes', () => {
    const justUnder = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length - 1)]);
    expect(decodeImageDataUrl(dataUrl('image/png', justUnder), rules).ok).toBe(true);
    const exactly = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
    expect(decodeImageDataUrl(dataUrl('image/png', exactly), rules)).toEqual({ ok: false, message: IMAGE_TOO_LARGE });
  });

  it('with claimMustMatchBytes, refuses a claim the bytes contradict and accepts one they confirm', () => {
    expect(decodeImageDataUrl(dataUrl('image/png', jpeg), strict)).toEqual({ ok: false, message: NOT_AN_IMAGE });
    expect(decodeImageDataUrl(dataUrl('image/jpg', jpeg), strict)).toEqual({
      ok: true,
      contentType: 'image/jpeg',
      bytes: jpeg,
    });
    expect(decodeImageDataUrl(dataUrl('image/webp', webp), strict).ok).toBe(true);
  });

  it('tells the size of an image that is too large', () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const decoded = decodeImageDataUrl(dataUrl('image/png', big), strict);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.message).toMatch(/^too large: 52428\d\d$/);
  });
});
