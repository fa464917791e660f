import { Injectable } from '@nestjs/common';
import type { BookingEventV1 } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Opens the conversation of a client and a hunter when a booking between them is confirmed: an idempotent upsert in
 * the inbox transaction of that event, so a redelivered or replayed event, or a second booking with the same
 * hunter, finds the one conversation the pair already has. A hunter without a member account gets none (there is
 * nobody to write to). Conversations stay after a cancellation, so the history remains.
 */
@Injectable()
export class ConversationOpener {
  async open(manager: EntityManager, booking: BookingEventV1): Promise<void> {
    if (!booking.hunterUserId || booking.hunterUserId === booking.clientUserId) return;
    await manager.query(
      `insert into conversations (id, client_user_id, hunter_id, hunter_user_id)
       values (gen_random_uuid()::text, $1, $2, $3)
       on conflict (client_user_id, hunter_id) do nothing`,
      [booking.clientUserId, booking.hunterId, booking.hunterUserId],
    );
  }
}
