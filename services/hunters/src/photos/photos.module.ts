import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { HunterPhotosController } from './hunter-photos.controller.js';
import { HunterPhotosPruneJob, hunterPhotosPrune } from './hunter-photos-prune.job.js';

/** The uploaded photos: served by URL, and the uploads nothing took within a day pruned hourly. */
@Module({
  imports: [JobsModule.forFeature([hunterPhotosPrune])],
  controllers: [HunterPhotosController],
  providers: [HunterPhotosPruneJob],
})
export class PhotosModule {}
