import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { EditEmailPlanner } from '../edit-email-planner.js';

/** A hunter sent a client an edit after a held session: the client is emailed where to find it. */
@Injectable()
export class HunterEditSentHandler implements EventHandler<'hunters.edit.sent'> {
  readonly type = 'hunters.edit.sent' as const;

  constructor(private readonly emails: EditEmailPlanner) {}

  async handle(event: IntegrationEvent<'hunters.edit.sent'>, manager: EntityManager): Promise<void> {
    await this.emails.plan(manager, event, 'edit_sent');
  }
}

/** The hunter asked, once, to publish an edit: the client is emailed to answer. */
@Injectable()
export class HunterEditPublishRequestedHandler implements EventHandler<'hunters.edit.publish-requested'> {
  readonly type = 'hunters.edit.publish-requested' as const;

  constructor(private readonly emails: EditEmailPlanner) {}

  async handle(event: IntegrationEvent<'hunters.edit.publish-requested'>, manager: EntityManager): Promise<void> {
    await this.emails.plan(manager, event, 'publish_requested');
  }
}

/** A hunter on the rota was chosen for the day's Hunter's Pick: they are emailed to make it. */
@Injectable()
export class HunterPickChosenHandler implements EventHandler<'hunters.pick.chosen'> {
  readonly type = 'hunters.pick.chosen' as const;

  constructor(private readonly emails: EditEmailPlanner) {}

  async handle(event: IntegrationEvent<'hunters.pick.chosen'>, manager: EntityManager): Promise<void> {
    await this.emails.planPick(manager, event);
  }
}
