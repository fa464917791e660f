import { Module } from '@nestjs/common';
import { ViewsModule } from '../views/views.module.js';
import { BookingPhotosController } from './booking-photos.controller.js';
import { BookingPhotos } from './booking-photos.js';
import { BookingPhotosRepository } from './booking-photos.repository.js';

/** The client's photos for a booking: uploaded before it, attached with it, shown to its two sides. */
@Module({
  imports: [ViewsModule],
  controllers: [BookingPhotosController],
  providers: [BookingPhotos, BookingPhotosRepository],
  exports: [BookingPhotos, BookingPhotosRepository],
})
export class PhotosModule {}
