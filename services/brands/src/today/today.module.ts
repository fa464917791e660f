import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { BrandsModule } from '../brands/brands.module.js';
import { FeaturedBrandJob, featuredBrandPick } from './featured-brand.job.js';
import { FeaturedBrandPicker } from './featured-brand.picker.js';
import { TodayController } from './today.controller.js';
import { TodayService } from './today.service.js';

@Module({
  imports: [BrandsModule, JobsModule.forFeature([featuredBrandPick])],
  controllers: [TodayController],
  providers: [TodayService, FeaturedBrandPicker, FeaturedBrandJob],
})
export class TodayModule {}
