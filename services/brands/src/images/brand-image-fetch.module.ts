import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandImageFetcher, BrandImageFetchJob, brandImageFetch } from './brand-image-fetch.job.js';
import { BrandImagesModule } from './brand-images.module.js';

/** The job fetching queued image links once (apart from BrandImagesModule, which the brand forms import). */
@Module({
  imports: [JobsModule.forFeature([brandImageFetch]), BrandsModule, BrandImagesModule],
  providers: [BrandImageFetcher, BrandImageFetchJob],
  exports: [BrandImageFetcher],
})
export class BrandImageFetchModule {}
