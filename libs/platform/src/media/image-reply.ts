import { NotFoundException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sniffImageType } from './image-bytes.js';

/** An image's bytes never change under its id (a new upload gets a new id), so it may be cached for good. */
export const IMMUTABLE_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * An image only some callers may see (a private edit's photo): the browser that asked may keep it, no shared cache
 * may. Who may see it is decided on every request that reaches the service.
 */
export const PRIVATE_IMAGE_CACHE_CONTROL = 'private, max-age=3600';

/**
 * An image public for now but that may stop being so (a published edit's photo, whose client may withdraw consent):
 * kept by any cache for five minutes at most, so a withdrawal is honoured everywhere within that.
 */
export const REVOCABLE_IMAGE_CACHE_CONTROL = 'public, max-age=300';

/**
 * Answers a stored image (review photos, avatars): the one way a service serves image bytes. The type is read
 * from the bytes being sent, so the header can never disagree with them, whatever the upload once claimed; the
 * browser is told not to guess another (`nosniff`) and never to run it as a document (its own CSP). Bytes that
 * are missing or are not an image answer 404 with `notFoundMessage`. Cached for good unless `cacheControl` says
 * otherwise (an image whose audience can change).
 */
export async function sendImage(
  reply: FastifyReply,
  bytes: Buffer | null | undefined,
  notFoundMessage: string,
  cacheControl: string = IMMUTABLE_IMAGE_CACHE_CONTROL,
): Promise<void> {
  const contentType = bytes ? sniffImageType(bytes) : null;
  if (!bytes || !contentType) throw new NotFoundException(notFoundMessage);
  await reply
    .header('content-type', contentType)
    .header('content-length', bytes.length)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(bytes);
}
