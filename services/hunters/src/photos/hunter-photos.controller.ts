import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CurrentUser, PHOTO_NOT_FOUND, preparedQuery, Public, sendImage, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import {
  HUNTER_PHOTO_PATH,
  HUNTER_PHOTO_SHOWN,
  hunterPhotoIdOf,
  photoCacheControlFor,
  type ShownHunterPhoto,
} from '../store/hunter-photos.js';

/**
 * Serves hunter photos as reviews serve review photos (the type read from the bytes, `nosniff`, its own CSP), each
 * under its owning object's rule, decided on every request (decision 0092): a profile photo is public and cached for
 * good; an edit photo is public (for minutes) while its edit is published, else only its hunter, its client and its
 * uploader see it (private caching) and anyone else, a guest too, is told 404. An id that is not a UUID is 404.
 */
@Controller('api/media/hunter-photos')
export class HunterPhotosController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':photoId')
  @Public()
  async photo(
    @Param('photoId') photoId: string,
    @CurrentUser() user: AuthenticatedUser | null,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const id = hunterPhotoIdOf(`${HUNTER_PHOTO_PATH}/${photoId}`);
    const userId = user?.id ?? null;
    const [photo] = id ? await preparedQuery<ShownHunterPhoto>(this.dataSource, HUNTER_PHOTO_SHOWN, [id, userId]) : [];
    const cacheControl = photo ? photoCacheControlFor(photo, userId) : null;
    if (!photo || !cacheControl) {
      // Whether it exists depends on who asks: no cache may keep this answer for someone else.
      reply.header('cache-control', 'private, no-store');
      throw new NotFoundException(PHOTO_NOT_FOUND);
    }
    await sendImage(reply, photo.bytes, PHOTO_NOT_FOUND, cacheControl);
  }
}
