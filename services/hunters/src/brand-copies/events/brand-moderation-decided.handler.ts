import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandCopies } from '../../store/brand-copies.js';

/**
 * An admin decided on a brand (decision 0101): `hidden` takes it off every go-to list, pick and edit link here as it
 * left the directory, `restored` brings all of it back. Dismissing a report or rejecting an appeal changes nothing
 * shown, and only brands are this copy's kind.
 */
@Injectable()
export class BrandModerationDecidedHandler implements EventHandler<'brands.moderation.decided'> {
  readonly type = 'brands.moderation.decided' as const;

  constructor(private readonly brands: BrandCopies) {}

  async handle(event: IntegrationEvent<'brands.moderation.decided'>, manager: EntityManager): Promise<void> {
    const { kind, itemId, action } = event.data;
    if (kind !== 'brand') return;
    if (action === 'hidden') await this.brands.moderate(manager, itemId, event.occurredAt, event.occurredAt);
    else if (action === 'restored') await this.brands.moderate(manager, itemId, null, event.occurredAt);
  }
}
