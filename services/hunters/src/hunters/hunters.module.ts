import { Module } from '@nestjs/common';
import { SITEMAP_SOURCE, SitemapController } from '@hunted/platform';
import { HunterRepository } from './hunter.repository.js';
import { HuntersController } from './hunters.controller.js';
import { HuntersService } from './hunters.service.js';

/**
 * The hunter aggregate. HunterRepository is what later features (availability, photos, demo) import. It also lists
 * hunter pages for the gateway's sitemap (the platform's SitemapController over HunterRepository).
 */
@Module({
  controllers: [HuntersController, SitemapController],
  providers: [HunterRepository, HuntersService, { provide: SITEMAP_SOURCE, useExisting: HunterRepository }],
  exports: [HunterRepository],
})
export class HuntersModule {}
