import { Module } from '@nestjs/common';
import { ReviewPhotosController } from './review-photos.controller.js';

@Module({ controllers: [ReviewPhotosController] })
export class PhotosModule {}
