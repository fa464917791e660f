import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandCopies } from '../../store/brand-copies.js';

/**
 * A brand's name, image or value tags changed (or brands republished it: its 1796200000000 migration announces the
 * whole directory once, so this copy starts full). Upserted: an update may be the first this copy hears of a brand.
 */
@Injectable()
export class BrandUpdatedHandler implements EventHandler<'brands.brand.updated'> {
  readonly type = 'brands.brand.updated' as const;

  constructor(private readonly brands: BrandCopies) {}

  async handle(event: IntegrationEvent<'brands.brand.updated'>, manager: EntityManager): Promise<void> {
    await this.brands.apply(manager, event.data, event.occurredAt);
  }
}
