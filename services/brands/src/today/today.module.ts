import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { FeaturedBrandPicker } from './featured-brand.picker.js';
import { FeaturedBrandScheduler } from './featured-brand.scheduler.js';
import { TodayController } from './today.controller.js';
import { TodayService } from './today.service.js';

@Module({
  imports: [BrandsModule],
  controllers: [TodayController],
  providers: [TodayService, FeaturedBrandPicker, FeaturedBrandScheduler],
})
export class TodayModule {}
