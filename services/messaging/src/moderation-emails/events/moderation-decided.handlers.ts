import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { ModerationEmailPlanner } from '../moderation-emails.js';

/** An admin decided on a reported brand: its submitter and its reporters are told. */
@Injectable()
export class BrandModerationDecidedHandler implements EventHandler<'brands.moderation.decided'> {
  readonly type = 'brands.moderation.decided' as const;

  constructor(private readonly emails: ModerationEmailPlanner) {}

  async handle(event: IntegrationEvent<'brands.moderation.decided'>, manager: EntityManager): Promise<void> {
    await this.emails.decided(manager, event);
  }
}

/** An admin decided on a reported brand review, comment or review of a hunter: its author and reporters are told. */
@Injectable()
export class ReviewsModerationDecidedHandler implements EventHandler<'reviews.moderation.decided'> {
  readonly type = 'reviews.moderation.decided' as const;

  constructor(private readonly emails: ModerationEmailPlanner) {}

  async handle(event: IntegrationEvent<'reviews.moderation.decided'>, manager: EntityManager): Promise<void> {
    await this.emails.decided(manager, event);
  }
}
