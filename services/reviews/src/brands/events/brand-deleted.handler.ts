import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

@Injectable()
export class BrandDeletedHandler implements EventHandler<'brands.brand.deleted'> {
  readonly type = 'brands.brand.deleted' as const;

  /** The brand's reviews, their photos and its comments cascade from the brand copy, in this one transaction. */
  async handle(event: IntegrationEvent<'brands.brand.deleted'>, manager: EntityManager): Promise<void> {
    await manager.query('delete from brands where brand_id = $1', [event.data.brandId]);
  }
}
