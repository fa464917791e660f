import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterCopies } from '../../hunters/hunter-copies.js';
import { BookingQuestion } from '../booking-question/booking-question.js';
import { ConversationRepository } from '../conversation.repository.js';

/**
 * After the hunters copy took a hunter's event (its own handler runs first): while the copy holds the hunter
 * approved, and the event says so, the conversations of their clients held back while the copy said otherwise
 * (not approved, or nobody had claimed the hunter) are opened, with the questions of those clients' bookings in
 * them, in the same inbox transaction. Both steps write only what is missing (`on conflict do nothing`; a question
 * once per booking), so doing them on each such event leaves what doing them on the approval or the claim alone did.
 */
async function openHeldBack(
  manager: EntityManager,
  event: IntegrationEvent<'hunters.hunter.created' | 'hunters.hunter.updated'>,
  hunters: HunterCopies,
  conversations: ConversationRepository,
  questions: BookingQuestion,
): Promise<void> {
  if (event.data.status !== 'approved') return;
  const copy = await hunters.find(manager, event.data.hunterId);
  if (copy?.status !== 'approved') return;
  await conversations.openHeldBack(manager, event.data.hunterId);
  await questions.postHeldBack(manager, event.data.hunterId);
}

@Injectable()
export class ConversationsOnHunterCreatedHandler implements EventHandler<'hunters.hunter.created'> {
  readonly type = 'hunters.hunter.created' as const;

  constructor(
    private readonly hunters: HunterCopies,
    private readonly conversations: ConversationRepository,
    private readonly questions: BookingQuestion,
  ) {}

  async handle(event: IntegrationEvent<'hunters.hunter.created'>, manager: EntityManager): Promise<void> {
    await openHeldBack(manager, event, this.hunters, this.conversations, this.questions);
  }
}

@Injectable()
export class ConversationsOnHunterUpdatedHandler implements EventHandler<'hunters.hunter.updated'> {
  readonly type = 'hunters.hunter.updated' as const;

  constructor(
    private readonly hunters: HunterCopies,
    private readonly conversations: ConversationRepository,
    private readonly questions: BookingQuestion,
  ) {}

  async handle(event: IntegrationEvent<'hunters.hunter.updated'>, manager: EntityManager): Promise<void> {
    await openHeldBack(manager, event, this.hunters, this.conversations, this.questions);
  }
}
