import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingQuestion } from '../booking-question/booking-question.js';
import { ConversationRepository } from '../conversation.repository.js';

/**
 * A booking confirmed: the client's conversation with the hunter opened (once per pair, whatever the order the
 * events came in), with the client's question and photos in it (once per booking). Run after the shared copy's and
 * the booking emails' handlers of the type, in the same inbox transaction: the question is read from the event.
 */
@Injectable()
export class ConversationOnBookingConfirmedHandler implements EventHandler<'bookings.booking.confirmed'> {
  readonly type = 'bookings.booking.confirmed' as const;

  constructor(
    private readonly conversations: ConversationRepository,
    private readonly question: BookingQuestion,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.confirmed'>, manager: EntityManager): Promise<void> {
    await this.conversations.open(manager, event.data);
    await this.question.post(manager, event.data);
  }
}
