import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandImagesModule } from '../images/brand-images.module.js';
import { AdminBrandsController } from './admin-brands.controller.js';
import { AdminBrandsService } from './admin-brands.service.js';

@Module({
  imports: [BrandsModule, BrandImagesModule],
  controllers: [AdminBrandsController],
  providers: [AdminBrandsService],
})
export class AdminBrandsModule {}
