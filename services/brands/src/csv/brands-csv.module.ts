import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandImagesModule } from '../images/brand-images.module.js';
import { BrandsCsvController } from './brands-csv.controller.js';
import { BrandsCsvService } from './brands-csv.service.js';

@Module({
  imports: [BrandsModule, BrandImagesModule],
  controllers: [BrandsCsvController],
  providers: [BrandsCsvService],
})
export class BrandsCsvModule {}
