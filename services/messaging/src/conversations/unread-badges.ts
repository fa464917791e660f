import { Injectable } from '@nestjs/common';
import { LiveDelivery } from '../live/live-delivery.js';
import { ConversationRepository } from './conversation.repository.js';

/** The header's unread badge, kept live: a member's new totals pushed to all their tabs. */
@Injectable()
export class UnreadBadges {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly live: LiveDelivery,
  ) {}

  /** A failed count only leaves the badge for the next one. */
  async push(userId: string): Promise<void> {
    try {
      this.live.emit([userId], 'unread:count', await this.conversations.unreadTotals(userId));
    } catch {
      // The next send, read or page load corrects the badge.
    }
  }
}
