import { Module } from '@nestjs/common';
import { SITEMAP_SOURCE, SitemapController } from '@hunted/platform';
import { HunterRepository } from './hunter.repository.js';
import { HuntersController } from './hunters.controller.js';
import { HuntersService } from './hunters.service.js';
import { HunterDecisionRepository } from '../vetting/hunter-decision.repository.js';

/**
 * The hunter aggregate. HunterRepository is what later features (availability, photos, demo) import. It also lists
 * hunter pages for the gateway's sitemap (the platform's SitemapController over HunterRepository). The vetting
 * decisions belong to the aggregate too: an edit of a rejected profile records its resubmission.
 */
@Module({
  controllers: [HuntersController, SitemapController],
  providers: [
    HunterRepository,
    HunterDecisionRepository,
    HuntersService,
    { provide: SITEMAP_SOURCE, useExisting: HunterRepository },
  ],
  exports: [HunterRepository, HunterDecisionRepository],
})
export class HuntersModule {}
