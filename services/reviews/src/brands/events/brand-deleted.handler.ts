import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandCopies } from '../brand-copies.js';

@Injectable()
export class BrandDeletedHandler implements EventHandler<'brands.brand.deleted'> {
  readonly type = 'brands.brand.deleted' as const;

  constructor(private readonly brands: BrandCopies) {}

  /** The brand's reviews, their photos and its comments cascade from the brand copy, in this one transaction. */
  async handle(event: IntegrationEvent<'brands.brand.deleted'>, manager: EntityManager): Promise<void> {
    await this.brands.remove(manager, event.data.brandId);
  }
}
