import { Module } from '@nestjs/common';
import { HunterPhotosController } from './hunter-photos.controller.js';

@Module({ controllers: [HunterPhotosController] })
export class PhotosModule {}
