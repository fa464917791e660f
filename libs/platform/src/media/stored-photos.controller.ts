import { Controller, Get, NotFoundException, Param, Res, type Type } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators.js';
import { preparedQuery, type PreparedStatement } from '../database/prepared-query.js';
import { sendImage } from './image-reply.js';

export const PHOTO_NOT_FOUND = 'Photo not found';

export interface StoredPhotosOptions {
  /** The route, `api/media/<kind>-photos`; each photo is `GET <path>/:photoId`. */
  path: string;
  /** Reads `bytes` of the photo whose id is `$1`. */
  statement: PreparedStatement;
  /** The stored id of a requested photo id, or null when it cannot be one (404 without a query). */
  idOf: (photoId: string) => string | null;
}

/**
 * The controller serving one table of uploaded photos that are all public (reviews'; hunters' decide per photo,
 * decision 0092): public, read on every request (a deleted owner's photos stop being served at once), answered by
 * `sendImage` (immutable cache, the type read from the bytes); an id that is not one, or a photo that is gone, is 404 'Photo not found'. A service declares
 * `export class ReviewPhotosController extends storedPhotosController({...}) {}` and lists it in its module.
 */
export function storedPhotosController({ path, statement, idOf }: StoredPhotosOptions): Type {
  @Controller(path)
  class StoredPhotosController {
    constructor(@InjectDataSource() readonly dataSource: DataSource) {}

    @Get(':photoId')
    @Public()
    async photo(@Param('photoId') photoId: string, @Res() reply: FastifyReply): Promise<void> {
      const id = idOf(photoId);
      if (!id) throw new NotFoundException(PHOTO_NOT_FOUND);
      const rows = await preparedQuery<{ bytes: Buffer }>(this.dataSource, statement, [id]);
      await sendImage(reply, rows[0]?.bytes, PHOTO_NOT_FOUND);
    }
  }
  return StoredPhotosController;
}
