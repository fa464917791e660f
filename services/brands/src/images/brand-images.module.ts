import { Module } from '@nestjs/common';
import { BrandImageMediaController } from './brand-image-media.controller.js';
import { BrandImages } from './brand-images.js';
import { BrandImagesController } from './brand-images.controller.js';

/** Brand images (decision 0093): uploads and fetched links, stored and served here. The brand forms use BrandImages. */
@Module({
  controllers: [BrandImagesController, BrandImageMediaController],
  providers: [BrandImages],
  exports: [BrandImages],
})
export class BrandImagesModule {}
