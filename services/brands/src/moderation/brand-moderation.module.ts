import { Module } from '@nestjs/common';
import { ModerationModule } from '@hunted/platform';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandModeratedKind } from './brand-moderated-kind.js';

/** The brand kind's provider, for the kit. */
@Module({ imports: [BrandsModule], providers: [BrandModeratedKind], exports: [BrandModeratedKind] })
export class BrandKindModule {}

/**
 * Reporting and moderation of brands (issue 37, decision 0101): the platform's kit with the one kind this service
 * owns. AppModule puts this one instance in its features and brandsRights imports it (a member's reports and
 * appeals are in their export, and forgotten with them).
 */
export const brandsModeration = ModerationModule.forService({
  kinds: { brand: BrandModeratedKind },
  decidedEvent: 'brands.moderation.decided',
  imports: [BrandKindModule],
});
