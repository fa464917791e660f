import { Module } from '@nestjs/common';
import { SITEMAP_SOURCE, SitemapController } from '@hunted/platform';
import { BrandRepository } from './brand.repository.js';
import { BrandsController } from './brands.controller.js';
import { BrandsService } from './brands.service.js';

/**
 * The brand aggregate. BrandRepository is what the other features (today, votes, saves, admin, csv, demo, ratings)
 * import: they never import this module's controller, service or SQL. It also lists brand pages for the gateway's
 * sitemap (the platform's SitemapController over BrandRepository).
 */
@Module({
  controllers: [BrandsController, SitemapController],
  providers: [BrandRepository, BrandsService, { provide: SITEMAP_SOURCE, useExisting: BrandRepository }],
  exports: [BrandRepository],
})
export class BrandsModule {}
