import { Injectable } from '@nestjs/common';
import type { ModeratedItem, ModeratedKind } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandRepository } from '../brands/brand.repository.js';

/**
 * Brands, as the moderation kit (libs/platform/src/moderation, decision 0101) sees them: what a reported brand
 * shows, and hiding it. The brand's row keeps only `hidden_at`; the kit keeps the reports, the case, the reason and
 * the appeal.
 *
 * No event goes out when a brand is hidden or shown again: the copies other services keep need not learn it.
 * Reviews keeps brand ids only (its lists hang off the brand's page, which is gone); hunters' go-to brand picker
 * searches this directory (`GET /api/brands`), which leaves a hidden brand out, and `brands.brand.deleted` stays
 * the only event that removes a copy. Known limit: a hunter's existing go-to rows and Hunter's Picks still name a
 * brand hidden after they were made.
 */
@Injectable()
export class BrandModeratedKind implements ModeratedKind {
  readonly kind = 'brand' as const;

  constructor(private readonly brands: BrandRepository) {}

  async load(manager: EntityManager, itemIds: readonly number[]): Promise<Map<number, ModeratedItem>> {
    const facts = await this.brands.moderationFacts(manager, itemIds);
    return new Map(
      facts.map((brand) => [
        brand.id,
        {
          authorUserId: brand.submittedBy,
          hidden: brand.hidden,
          content: {
            title: brand.name,
            text: brand.description || null,
            // Brands keeps no users copy: it knows who submitted a brand, not what they are called.
            authorName: null,
            href: `/brand/${brand.id}`,
            createdAt: brand.createdAt.toISOString(),
            imageUrl: brand.imageUrl || null,
          },
        },
      ]),
    );
  }

  /**
   * In the decision's transaction: `hidden_at` set (or cleared), so every read leaves the brand out (or takes it
   * back) from the commit on; brand_counts moves in the same statement (its trigger) and the directory's figures
   * are recounted after the commit. The gateway's page heads (PAGE_FACTS_CACHE_TTL_MS, 30 s) and its micro-cache
   * (1 s) follow within a minute.
   */
  async setHidden(manager: EntityManager, itemId: number, hidden: boolean): Promise<void> {
    await this.brands.setHidden(manager, itemId, hidden);
  }
}
