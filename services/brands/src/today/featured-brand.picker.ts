import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventPublisher } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandRepository, brandEventOf } from '../brands/brand.repository.js';

export interface FeaturedPick {
  /** The London day the pick is for (YYYY-MM-DD). */
  day: string;
  /** The featured brand of that day, or null when there are no brands. */
  brandId: number | null;
  /** Whether this call made the pick (false: one existed already). */
  picked: boolean;
}

/**
 * Chooses the brand of the day: the most votes on the previous London day, then most all-time votes, then the
 * oldest; with no votes yesterday that is simply the most-voted brand. Stored as featured = true with
 * featured_date = today, the same shape an admin uses, so an admin's feature for today wins (no pick is made).
 *
 * Idempotent and safe with several replicas: under a transaction-scoped advisory lock, a day that already has a
 * featured brand is left alone.
 */
@Injectable()
export class FeaturedBrandPicker {
  private readonly logger = new Logger(FeaturedBrandPicker.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly brands: BrandRepository,
  ) {}

  async pickForToday(): Promise<FeaturedPick> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`select pg_advisory_xact_lock(hashtext(current_schema() || ':featured-brand-pick'))`);
      const day = await this.brands.londonToday(manager);
      const existing = await this.brands.featuredOn(manager, day);
      if (existing !== null) return { day, brandId: existing, picked: false };

      const pick = await this.brands.bestOfDayBefore(manager, day);
      if (!pick) return { day, brandId: null, picked: false };

      // A feature lasts its day: earlier days' picks (and dated admin features) stop showing the banner.
      const expired = await this.brands.featureFor(manager, pick.id, day);
      for (const brand of [...expired, pick]) {
        await this.events.publish(manager, 'brands.brand.updated', brandEventOf(brand));
      }
      this.logger.log(`featured brand ${pick.id} for ${day}`);
      return { day, brandId: pick.id, picked: true };
    });
  }
}
