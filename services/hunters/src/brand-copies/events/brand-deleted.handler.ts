import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandCopies } from '../../store/brand-copies.js';

/** A brand left the directory: off every go-to list; edits keep its name without the link. */
@Injectable()
export class BrandDeletedHandler implements EventHandler<'brands.brand.deleted'> {
  readonly type = 'brands.brand.deleted' as const;

  constructor(private readonly brands: BrandCopies) {}

  async handle(event: IntegrationEvent<'brands.brand.deleted'>, manager: EntityManager): Promise<void> {
    await this.brands.remove(manager, event.data.brandId);
  }
}
