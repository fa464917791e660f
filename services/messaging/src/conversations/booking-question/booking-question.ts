import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SESSION_TYPE_LABELS, type BookingEventV1, type ConversationMessage } from '@hunted/contracts';
import { AfterCommit, EventPublisher } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { dateTimeLabelIn, readerTimeZone } from '../../mail/recipient-time.js';
import { MemberCopies } from '../../users/member-copies.js';
import { MessagingBookings, type HeldQuestion } from '../../bookings/messaging-bookings.js';
import { LiveDelivery } from '../../live/live-delivery.js';
import { ConversationRepository } from '../conversation.repository.js';
import { toMessage } from '../conversation-views.js';
import { MessageNudges } from '../message-nudge-email.js';
import { MessageRepository } from '../message.repository.js';
import { announceNewMessage } from '../new-message-announcement.js';

/** The messages table's limit on a message's text. */
const MAX_CONTENT = 2000;
/**
 * The question is the booking's, not a message typed now: the conversation's daily cap does not hold it back (it
 * still counts towards the day).
 */
const NO_DAILY_CAP = 2_147_483_647;

/**
 * The text of the client's message: what it is about (type and time, on the clock of `zone`, the hunter's who reads
 * it, with the zone's short name said), then their question.
 */
export function bookingQuestionText(
  booking: Pick<BookingEventV1, 'sessionType' | 'startsAt' | 'notes' | 'photoUrls'>,
  zone: string,
): string {
  const label = SESSION_TYPE_LABELS[booking.sessionType] ?? booking.sessionType;
  const startsAt = new Date(booking.startsAt);
  const about = `my ${label} on ${dateTimeLabelIn(zone, startsAt)}`;
  const notes = booking.notes?.trim() ?? '';
  if (!notes) return `Photos for ${about}`;
  return `Question for ${about}:\n${notes}`.slice(0, MAX_CONTENT);
}

/**
 * The client's question and photos, put in the conversation a confirmed booking opens: one message from the client
 * to the hunter, with the photos as its attachments, written in the confirmation's inbox transaction and once per
 * booking (a republished confirmation finds it there). Like any message it raises the hunter's unread count, is
 * announced (`messaging.message.sent`) and, once committed, delivered live and nudged by email if left unread.
 *
 * A conversation that could not open at confirmation (the hunter not yet approved or claimed) opens later, in the
 * inbox transaction of the hunter's event: the questions of the bookings held back are put in it there
 * (`postHeldBack`), from the bookings copy, once each by the same rule.
 */
@Injectable()
export class BookingQuestion {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly events: EventPublisher,
    private readonly afterCommit: AfterCommit,
    private readonly live: LiveDelivery,
    private readonly nudges: MessageNudges,
    private readonly bookings: MessagingBookings,
    private readonly members: MemberCopies,
  ) {}

  /**
   * The hunter's conversations were just opened late (`ConversationRepository.openHeldBack`): each of their
   * bookings' questions not yet in its conversation is put there, in the order the bookings were made. A second
   * opening (a reinstatement) or a redelivered event finds them there and writes nothing.
   */
  async postHeldBack(manager: EntityManager, hunterId: number): Promise<void> {
    for (const booking of await this.bookings.questionsOf(manager, hunterId)) {
      // Already in its conversation, as every one is after the hunter's approval or claim (this runs on each event of
      // an approved hunter): passed over without locking the conversation. post() checks again under the lock.
      if (await this.messages.hasBookingQuestion(manager, booking.bookingId)) continue;
      await this.post(manager, booking);
    }
  }

  async post(manager: EntityManager, booking: HeldQuestion): Promise<void> {
    const photoUrls = booking.photoUrls ?? [];
    if (!booking.notes?.trim() && photoUrls.length === 0) return;
    // None when the booking opened no conversation (no hunter member, or a hunter not approved): then its question
    // waits in messaging's booking facts for the conversation to open (postHeldBack).
    const conversation = await this.conversations.lockPair(manager, booking.clientUserId, booking.hunterId);
    if (!conversation) return;
    if (await this.messages.hasBookingQuestion(manager, booking.bookingId)) return;
    const id = randomUUID();
    // Written once, so on the clock of the hunter who reads it (London's while their zone is not known).
    const reader = await this.members.find(manager, conversation.hunter_user_id);
    const content = bookingQuestionText(booking, readerTimeZone(reader));
    const numbered = await this.conversations.numberMessage(manager, {
      conversationId: conversation.id,
      messageId: id,
      content,
      receiver: 'hunter',
      receiverId: conversation.hunter_user_id,
      perDay: NO_DAILY_CAP,
    });
    if (!numbered) return;
    const row = await this.messages.insert(manager, {
      id,
      conversationId: conversation.id,
      seq: numbered.seq,
      senderId: conversation.client_user_id,
      receiverId: conversation.hunter_user_id,
      content,
      clientMessageId: null,
      createdAt: numbered.at,
      attachments: photoUrls,
      bookingId: booking.bookingId,
    });
    await this.events.publish(manager, 'messaging.message.sent', {
      messageId: row.id,
      conversationId: conversation.id,
      senderId: row.sender_id,
      receiverId: row.receiver_id,
      createdAt: row.created_at.toISOString(),
    });
    if (numbered.receiverUnread === 1)
      await this.nudges.plan(manager, {
        conversationId: conversation.id,
        messageId: row.id,
        receiverId: row.receiver_id,
        receiverRole: 'hunter',
      });
    const message: ConversationMessage = toMessage(row);
    this.afterCommit.run(manager, () => announceNewMessage(this.live, message, numbered.receiverTotals));
  }
}
