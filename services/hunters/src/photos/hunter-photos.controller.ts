import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedQuery, Public, sendImage, type PreparedStatement } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { HUNTER_PHOTO_PATH, hunterPhotoIdOf } from './hunter-photos.js';

const PHOTO_NOT_FOUND = 'Photo not found';
const PHOTO_BYTES: PreparedStatement = { name: 'hunter-photos.bytes', text: 'select bytes from hunter_photos where id = $1' };

/** Serves hunter photos as reviews serve review photos: immutable cache, the type read from the bytes. */
@Controller('api/media/hunter-photos')
export class HunterPhotosController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':photoId')
  @Public()
  async photo(@Param('photoId') photoId: string, @Res() reply: FastifyReply): Promise<void> {
    const id = hunterPhotoIdOf(`${HUNTER_PHOTO_PATH}/${photoId}`);
    if (!id) throw new NotFoundException(PHOTO_NOT_FOUND);
    const rows = await preparedQuery<{ bytes: Buffer }>(this.dataSource, PHOTO_BYTES, [id]);
    await sendImage(reply, rows[0]?.bytes, PHOTO_NOT_FOUND);
  }
}
