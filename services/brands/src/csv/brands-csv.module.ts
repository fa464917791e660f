import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandsCsvController } from './brands-csv.controller.js';
import { BrandsCsvService } from './brands-csv.service.js';

@Module({
  imports: [BrandsModule],
  controllers: [BrandsCsvController],
  providers: [BrandsCsvService],
})
export class BrandsCsvModule {}
