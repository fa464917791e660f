import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UnreadCount } from '@hunted/contracts';
import { EventPublisher, SERVICE_CONFIG } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { MessagingConfig } from '../../config.js';
import { LiveDelivery } from '../../live/live-delivery.js';
import { ConversationRepository, type Participants } from '../conversation.repository.js';
import { isClosed, roleIn, toMessage } from '../conversation-views.js';
import { MessageNudges } from '../message-nudge-email.js';
import { MessageRateLimit } from '../message-rate-limit.js';
import { MessageRepository, type MessageRow } from '../message.repository.js';
import { announceNewMessage } from '../new-message-announcement.js';
import type { SendMessageCommand, SendMessageResult } from './send-message.commands.js';

/** Conversation ids are UUIDs as text; anything much longer is nobody's and is not looked up. */
export const MAX_CONVERSATION_ID_LENGTH = 64;

/**
 * The receiver as the sender named them: the other person's user id, or (from the client's side) the hunter's id
 * as text, the two readings the spec keeps. Null for anybody else.
 */
export function resolveReceiver(conversation: Participants, senderId: string, receiverId: string): string | null {
  const senderIsClient = conversation.client_user_id === senderId;
  const other = senderIsClient ? conversation.hunter_user_id : conversation.client_user_id;
  if (receiverId === other) return other;
  if (senderIsClient && receiverId === String(conversation.hunter_id)) return other;
  return null;
}

type Stored =
  | Exclude<SendMessageResult, { kind: 'sent' }>
  | { kind: 'stored'; message: MessageRow; conversation: Participants; receiverTotals: UnreadCount }
  | { kind: 'retried'; message: MessageRow };

/**
 * Sending a message: counted against the sender's rate limit, then, in one transaction under the conversation's
 * row lock, numbered (with the day's cap and the receiver's unread counts), stored and announced
 * (`messaging.message.sent`). Only once that has committed is it delivered live to both people, the receiver's
 * copy with their unread totals for the badge (a client that missed the live event finds the message over HTTP).
 * When it begins a run of unread messages, the email about it is planned in the same transaction. A retried send
 * (same `clientMessageId`) answers the first one's message and does nothing more.
 */
@Injectable()
export class SendMessageUseCase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly events: EventPublisher,
    private readonly live: LiveDelivery,
    private readonly rateLimit: MessageRateLimit,
    private readonly nudges: MessageNudges,
  ) {}

  async send(command: SendMessageCommand): Promise<SendMessageResult> {
    if (!(await this.rateLimit.allow(command.senderId))) return { kind: 'too-fast' };
    const outcome = await this.dataSource.transaction((manager) => this.store(manager, command));
    if (outcome.kind === 'retried') return { kind: 'sent', message: toMessage(outcome.message) };
    if (outcome.kind !== 'stored') return outcome;

    const message = toMessage(outcome.message);
    announceNewMessage(this.live, message, outcome.receiverTotals);
    return { kind: 'sent', message };
  }

  private async store(manager: EntityManager, command: SendMessageCommand): Promise<Stored> {
    const { senderId, conversationId } = command;
    if (conversationId.length > MAX_CONVERSATION_ID_LENGTH) return { kind: 'not-found' };
    const conversation = await this.conversations.lockFor(manager, senderId, conversationId);
    if (!conversation) return { kind: 'not-found' };
    const receiverId = resolveReceiver(conversation, senderId, command.receiverId);
    if (!receiverId) return { kind: 'wrong-receiver' };
    if (command.clientMessageId) {
      const earlier = await this.messages.findByClientMessageId(manager, senderId, command.clientMessageId);
      if (earlier && earlier.conversation_id !== conversationId) return { kind: 'client-message-id-taken' };
      // A retried send: the message it stored the first time, and nothing new.
      if (earlier) return { kind: 'retried', message: earlier };
    }
    // Readable, but nobody writes in it while the hunter is suspended (the lock orders this with the status read).
    if (isClosed(conversation)) return { kind: 'closed' };
    const id = randomUUID();
    const cap = this.config.MESSAGES_PER_CONVERSATION_PER_DAY;
    const numbered = await this.conversations.numberMessage(manager, {
      conversationId,
      messageId: id,
      content: command.content,
      receiver: roleIn(conversation, receiverId),
      receiverId,
      perDay: cap,
    });
    if (!numbered) return { kind: 'day-full', cap };
    const message = await this.messages.insert(manager, {
      id,
      conversationId,
      seq: numbered.seq,
      senderId,
      receiverId,
      content: command.content,
      clientMessageId: command.clientMessageId ?? null,
      createdAt: numbered.at,
    });
    await this.events.publish(manager, 'messaging.message.sent', {
      messageId: message.id,
      conversationId,
      senderId,
      receiverId,
      createdAt: message.created_at.toISOString(),
    });
    // The first unread of a run is what an email about unread messages is keyed on: planned with the message.
    if (numbered.receiverUnread === 1)
      await this.nudges.plan(manager, { conversationId, messageId: id, receiverId, receiverRole: roleIn(conversation, receiverId) });
    return { kind: 'stored', message, conversation, receiverTotals: numbered.receiverTotals };
  }
}
