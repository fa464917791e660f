import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedQuery, Public, sendImage, type PreparedStatement } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHOTO_NOT_FOUND = 'Photo not found';
const PHOTO_BYTES: PreparedStatement = { name: 'review-photos.bytes', text: 'select bytes from review_photos where id = $1' };

@Controller('api/media/review-photos')
export class ReviewPhotosController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':photoId')
  @Public()
  async photo(@Param('photoId') photoId: string, @Res() reply: FastifyReply): Promise<void> {
    if (!UUID.test(photoId)) throw new NotFoundException(PHOTO_NOT_FOUND);
    // Read on every request, not cached here: a deleted brand's photos must stop being served at once.
    const rows = await preparedQuery<{ bytes: Buffer }>(this.dataSource, PHOTO_BYTES, [photoId]);
    await sendImage(reply, rows[0]?.bytes, PHOTO_NOT_FOUND);
  }
}
