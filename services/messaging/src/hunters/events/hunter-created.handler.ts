import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingQuestion } from '../../conversations/booking-question/booking-question.js';
import { ConversationRepository } from '../../conversations/conversation.repository.js';
import { HunterCopies } from '../hunter-copies.js';
import { applyHunter } from './apply-hunter.js';

@Injectable()
export class HunterCreatedHandler implements EventHandler<'hunters.hunter.created'> {
  readonly type = 'hunters.hunter.created' as const;

  constructor(
    private readonly hunters: HunterCopies,
    private readonly conversations: ConversationRepository,
    private readonly questions: BookingQuestion,
  ) {}

  async handle(event: IntegrationEvent<'hunters.hunter.created'>, manager: EntityManager): Promise<void> {
    await applyHunter(manager, event, this.hunters, this.conversations, this.questions);
  }
}
