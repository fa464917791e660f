import { Module } from '@nestjs/common';
import { BookingCopiesModule, SITEMAP_SOURCE, SitemapController } from '@hunted/platform';
import { HunterRepository } from '../store/hunter.repository.js';
import { StoreModule } from '../store/store.module.js';
import { HuntersController } from './hunters.controller.js';
import { HuntersService } from './hunters.service.js';

/**
 * The profile: the listing, a hunter's page and a member's own profile, over the store's HunterRepository (an edit
 * of a rejected profile records its resubmission through the store's HunterDecisionRepository). It also lists
 * hunter pages for the gateway's sitemap (the platform's SitemapController over HunterRepository).
 */
@Module({
  // The booking copy: a currency changes only while no session is booked ahead (decision 0105).
  imports: [StoreModule, BookingCopiesModule],
  controllers: [HuntersController, SitemapController],
  providers: [HuntersService, { provide: SITEMAP_SOURCE, useExisting: HunterRepository }],
})
export class HuntersModule {}
