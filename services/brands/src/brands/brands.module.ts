import { Module } from '@nestjs/common';
import { BrandRepository } from './brand.repository.js';
import { BrandsController } from './brands.controller.js';
import { BrandsService } from './brands.service.js';

/**
 * The brand aggregate. BrandRepository is what the other features (today, votes, saves, admin, csv, demo, ratings)
 * import: they never import this module's controller, service or SQL.
 */
@Module({
  controllers: [BrandsController],
  providers: [BrandRepository, BrandsService],
  exports: [BrandRepository],
})
export class BrandsModule {}
