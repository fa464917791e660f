import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

@Injectable()
export class BrandCreatedHandler implements EventHandler<'brands.brand.created'> {
  readonly type = 'brands.brand.created' as const;

  async handle(event: IntegrationEvent<'brands.brand.created'>, manager: EntityManager): Promise<void> {
    await manager.query('insert into brands (brand_id) values ($1) on conflict do nothing', [event.data.brandId]);
  }
}
