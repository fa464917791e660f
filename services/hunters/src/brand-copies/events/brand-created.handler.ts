import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandCopies } from '../../store/brand-copies.js';

/** A brand joined the directory: it can be a go-to brand or in an edit from now on. */
@Injectable()
export class BrandCreatedHandler implements EventHandler<'brands.brand.created'> {
  readonly type = 'brands.brand.created' as const;

  constructor(private readonly brands: BrandCopies) {}

  async handle(event: IntegrationEvent<'brands.brand.created'>, manager: EntityManager): Promise<void> {
    await this.brands.apply(manager, event.data, event.occurredAt);
  }
}
