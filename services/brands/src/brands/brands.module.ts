import { Module } from '@nestjs/common';
import { JobsModule, ModerationStore, SITEMAP_SOURCE, SitemapController } from '@hunted/platform';
import { BrandImagesModule } from '../images/brand-images.module.js';
import { FilterHabitsModule } from '../passport/filter-habits.module.js';
import { BrandRepository } from './brand.repository.js';
import { BrandsController } from './brands.controller.js';
import { BrandsService } from './brands.service.js';
import { DirectoryFigures, DirectoryFiguresJob, directoryFiguresRefresh } from './directory-figures.js';
import { HiddenBrandReason } from './hidden-brand-reason.js';

/**
 * The brand aggregate. BrandRepository is what the other features (today, votes, saves, admin, csv, demo, ratings)
 * import: they never import this module's controller, service or SQL. It also lists brand pages for the gateway's
 * sitemap (the platform's SitemapController over BrandRepository), and keeps the directory's figures (each brand's
 * rank within its category, the hashtags) that the list shows beside a page (DirectoryFigures).
 */
@Module({
  imports: [JobsModule.forFeature([directoryFiguresRefresh]), FilterHabitsModule, BrandImagesModule],
  controllers: [BrandsController, SitemapController],
  providers: [
    BrandRepository,
    BrandsService,
    HiddenBrandReason,
    // Stateless: BrandsModule cannot import the kit's module (which imports this one for the brand kind).
    ModerationStore,
    DirectoryFigures,
    DirectoryFiguresJob,
    { provide: SITEMAP_SOURCE, useExisting: BrandRepository },
  ],
  exports: [BrandRepository],
})
export class BrandsModule {}
