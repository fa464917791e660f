import { Controller, Get, HttpCode, NotFoundException, Param, Post, Res } from '@nestjs/common';
import {
  bookingPhotoUploadSchema,
  type BookingPhotoUploaded,
  type BookingPhotoUploadInput,
} from '@hunted/contracts';
import { BodyLimit, CurrentUser, SignedIn, sniffImageType, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { BookingPhotos, PHOTO_BODY_LIMIT } from './booking-photos.js';

export const BOOKING_PHOTO_NOT_FOUND = 'Photo not found';

/**
 * A booking's photos: uploaded by a member before booking (`POST /api/booking-photos`), served only to their
 * uploader and to the member of the hunter of the booking that took them; anyone else 404, a guest 401.
 */
@Controller('api')
@SignedIn()
export class BookingPhotosController {
  constructor(private readonly photos: BookingPhotos) {}

  @Post('booking-photos')
  @HttpCode(201)
  @BodyLimit(PHOTO_BODY_LIMIT)
  upload(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(bookingPhotoUploadSchema) body: BookingPhotoUploadInput,
  ): Promise<BookingPhotoUploaded> {
    return this.photos.upload(user.id, body.photo);
  }

  @Get('media/booking-photos/:photoId')
  async photo(
    @CurrentUser() user: AuthenticatedUser,
    @Param('photoId') photoId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const bytes = await this.photos.bytesFor(photoId, user.id);
    if (!bytes) throw new NotFoundException(BOOKING_PHOTO_NOT_FOUND);
    await sendPrivateImage(reply, bytes);
  }
}

/**
 * As the platform's `sendImage` (the type read from the bytes, `nosniff`, its own CSP), but never cached by a shared
 * cache: who may see a booking photo is decided on each request.
 */
async function sendPrivateImage(reply: FastifyReply, bytes: Buffer): Promise<void> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new NotFoundException(BOOKING_PHOTO_NOT_FOUND);
  await reply
    .header('content-type', contentType)
    .header('content-length', bytes.length)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(bytes);
}
