import { NotFoundException } from '@nestjs/common';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { IMMUTABLE_IMAGE_CACHE_CONTROL, sendImage } from './image-reply.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/** A real Fastify server answering with whatever bytes the test stored, as a service's media route does. */
function serving(bytes: Buffer | null) {
  const app = Fastify();
  app.get('/image', async (_request, reply) => sendImage(reply, bytes, 'Image not found'));
  return app;
}

describe('sendImage', () => {
  it('answers the bytes with the type they show, cached for good, never sniffed or run by the browser', async () => {
    for (const [bytes, type] of [[PNG, 'image/png'], [JPEG, 'image/jpeg']] as const) {
      const response = await serving(bytes).inject({ method: 'GET', url: '/image' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-length']).toBe(String(bytes.length));
      expect(response.headers['cache-control']).toBe(IMMUTABLE_IMAGE_CACHE_CONTROL);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'");
      expect(response.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses missing bytes and bytes that are not an image with the caller\'s 404', async () => {
    const reply = {} as never;
    await expect(sendImage(reply, null, 'Photo not found')).rejects.toThrow(new NotFoundException('Photo not found'));
    await expect(sendImage(reply, Buffer.from('<svg onload="alert(1)"/>'), 'Photo not found')).rejects.toThrow(NotFoundException);
  });
});
