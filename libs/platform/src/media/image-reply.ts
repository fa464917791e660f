import { NotFoundException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sniffImageType } from './image-bytes.js';

/** An image's bytes never change under its id (a new upload gets a new id), so it may be cached for good. */
export const IMMUTABLE_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Answers a stored image (review photos, avatars): the one way a service serves image bytes. The type is read
 * from the bytes being sent, so the header can never disagree with them, whatever the upload once claimed; the
 * browser is told not to guess another (`nosniff`) and never to run it as a document (its own CSP). Bytes that
 * are missing or are not an image answer 404 with `notFoundMessage`.
 */
export async function sendImage(reply: FastifyReply, bytes: Buffer | null | undefined, notFoundMessage: string): Promise<void> {
  const contentType = bytes ? sniffImageType(bytes) : null;
  if (!bytes || !contentType) throw new NotFoundException(notFoundMessage);
  await reply
    .header('content-type', contentType)
    .header('content-length', bytes.length)
    .header('cache-control', IMMUTABLE_IMAGE_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(bytes);
}
