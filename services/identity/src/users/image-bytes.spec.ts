import { describe, expect, it } from 'vitest';
import { decodeImageDataUrl, IMAGE_TOO_LARGE, NOT_AN_IMAGE, sniffImageType } from './image-bytes.js';

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
    const decoded = decodeImageDataUrl(dataUrl('image/jpeg', png));
    expect(decoded).toEqual({ ok: true, contentType: 'image/png', bytes: png });
  });

  it('refuses text dressed up with an image mime type', () => {
    expect(decodeImageDataUrl(dataUrl('image/png', Buffer.from('hello, not a picture')))).toEqual({
      ok: false,
      message: NOT_AN_IMAGE,
    });
  });

  it('refuses a data URL that does not claim an image, or is not base64', () => {
    expect(decodeImageDataUrl(dataUrl('text/plain', png))).toEqual({ ok: false, message: NOT_AN_IMAGE });
    expect(decodeImageDataUrl('data:image/png,rawbytes')).toEqual({ ok: false, message: NOT_AN_IMAGE });
    expect(decodeImageDataUrl('https://elsewhere.example/a.png')).toEqual({ ok: false, message: NOT_AN_IMAGE });
  });

  it('refuses 5 MB and more, counting decoded bytes', () => {
    const justUnder = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length - 1)]);
    expect(decodeImageDataUrl(dataUrl('image/png', justUnder)).ok).toBe(true);
    const exactly = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
    expect(decodeImageDataUrl(dataUrl('image/png', exactly))).toEqual({ ok: false, message: IMAGE_TOO_LARGE });
  });
});
