import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingEmailPlanner } from '../../booking-emails/booking-email-planner.js';
import { ConversationOpener } from '../../conversations/conversation-opener.js';
import { BookingCopies } from '../booking-copies.js';

/**
 * A booking confirmed: copied, its confirmation and reminders planned, and the client's conversation with the
 * hunter opened (once per pair), in the inbox transaction.
 */
@Injectable()
export class BookingConfirmedHandler implements EventHandler<'bookings.booking.confirmed'> {
  readonly type = 'bookings.booking.confirmed' as const;

  constructor(
    private readonly bookings: BookingCopies,
    private readonly emails: BookingEmailPlanner,
    private readonly conversations: ConversationOpener,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.confirmed'>, manager: EntityManager): Promise<void> {
    // Older news than the copy holds (events overtook each other) changes nothing and sends nothing.
    if (await this.bookings.apply(manager, event.data, 'confirmed')) await this.emails.confirmed(manager, event.data);
    await this.conversations.open(manager, event.data);
  }
}
