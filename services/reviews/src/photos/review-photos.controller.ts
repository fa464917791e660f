import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedQuery, Public, sniffImageType, type PreparedStatement } from '@hunted/platform';
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
    const bytes = rows[0]?.bytes;
    // The type is read from the bytes being sent, so the header can never disagree with them.
    const contentType = bytes ? sniffImageType(bytes) : null;
    if (!bytes || !contentType) throw new NotFoundException(PHOTO_NOT_FOUND);
    // A photo never changes under its id, so it may be cached for good.
    await reply
      .header('content-type', contentType)
      .header('content-length', bytes.length)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(bytes);
  }
}
