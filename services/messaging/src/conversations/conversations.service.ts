import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ConversationMessage,
  ConversationSummary,
  HunterConversationSummary,
  UnreadCount,
} from '@hunted/contracts';
import { EventPublisher, preparedQuery, SERVICE_CONFIG, type AuthenticatedUser } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { LiveDelivery } from '../live/live-delivery.js';
import {
  HUNTER_CONVERSATIONS,
  MY_CONVERSATIONS,
  ONE_CONVERSATION,
  THREAD_PAGE,
  UNREAD_TOTALS,
  type ConversationRow,
  type MessageRow,
} from './conversation-sql.js';
import { roleIn, toConversationSummary, toHunterConversationSummary, toMessage } from './conversation-views.js';
import type { MarkReadBody, SendMessageBody, ThreadQuery } from './dto/conversation-bodies.dto.js';
import { MessageNudges } from './message-nudge.job.js';
import { MessageRateLimit } from './message-rate-limit.js';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const WRONG_RECEIVER = 'receiverId must name the other person in this conversation';
export const TOO_MANY_MESSAGES = 'You are sending messages too quickly. Please wait a minute and try again.';
export const conversationFullToday = (cap: number) =>
  `This conversation has reached its limit of ${cap} messages for today. You can write again tomorrow.`;
/** Today as the site counts days (London), for the daily cap per conversation. */
const LONDON_TODAY = `(now() at time zone 'Europe/London')::date`;
/** Conversation ids are UUIDs as text; anything much longer is nobody's and is not looked up. */
const MAX_CONVERSATION_ID_LENGTH = 64;

/** The two people of a conversation, as a locked read inside a transaction gives them. */
interface Participants {
  id: string;
  client_user_id: string;
  hunter_id: number;
  hunter_user_id: string;
}

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

/**
 * Conversations and their messages. Every read and write is scoped to the caller being one of the conversation's
 * two people; anyone else gets 404, whatever the route. A message is stored (with its unread count and event, in
 * one transaction) before it is delivered live, so a client that missed the live event finds it over HTTP.
 */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly live: LiveDelivery,
    private readonly rateLimit: MessageRateLimit,
    private readonly nudges: MessageNudges,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async list(userId: string): Promise<ConversationSummary[]> {
    const rows = await preparedQuery<ConversationRow>(this.dataSource, MY_CONVERSATIONS, [userId]);
    return rows.map((row) => toConversationSummary(row, userId));
  }

  async listAsHunter(userId: string): Promise<HunterConversationSummary[]> {
    const rows = await preparedQuery<ConversationRow>(this.dataSource, HUNTER_CONVERSATIONS, [userId]);
    return rows.map(toHunterConversationSummary);
  }

  async unreadCount(userId: string): Promise<UnreadCount> {
    const [totals] = await preparedQuery<UnreadCount>(this.dataSource, UNREAD_TOTALS, [userId]);
    return totals ?? { messages: 0, conversations: 0 };
  }

  /**
   * A page of the thread, oldest first: the newest messages, or those just before or after a message (an unknown
   * message gives none). Never the whole thread: one busy conversation must not make a read unbounded.
   */
  async messages(userId: string, conversationId: string, query: ThreadQuery): Promise<ConversationMessage[]> {
    await this.requireConversation(userId, conversationId);
    const mode = query.after ? 'after' : query.before ? 'before' : 'latest';
    const rows = await preparedQuery<MessageRow>(this.dataSource, THREAD_PAGE, [
      conversationId,
      userId,
      mode,
      query.after ?? query.before ?? null,
      query.limit,
    ]);
    return rows.map(toMessage);
  }

  async send(sender: AuthenticatedUser, conversationId: string, input: SendMessageBody): Promise<ConversationMessage> {
    if (!(await this.rateLimit.allow(sender.id))) throw new HttpException(TOO_MANY_MESSAGES, HttpStatus.TOO_MANY_REQUESTS);
    const outcome = await this.dataSource.transaction(async (manager) => {
      // The row lock orders this conversation's sends: each takes the next number only after the previous committed.
      const conversation = await this.lockConversation(manager, sender.id, conversationId);
      const receiverId = resolveReceiver(conversation, sender.id, input.receiverId);
      if (!receiverId) throw new BadRequestException(WRONG_RECEIVER);
      if (input.clientMessageId) {
        const earlier = await this.findByClientMessageId(manager, sender.id, input.clientMessageId);
        if (earlier && earlier.conversation_id !== conversationId)
          throw new ConflictException('clientMessageId was already used for another conversation');
        // A retried send: the message it stored the first time, and nothing new.
        if (earlier) return { message: earlier, stored: false, conversation };
      }
      const receiverIsClient = receiverId === conversation.client_user_id;
      const id = randomUUID();
      // The day's count moves with the message number, under the same lock; a full day updates nothing.
      const [numberedRows] = (await manager.query(
        `update conversations set
           messages_today = case when messages_day = ${LONDON_TODAY} then messages_today + 1 else 1 end,
           messages_day = ${LONDON_TODAY},
           message_count = message_count + 1,
           last_message_id = $2,
           last_message_content = $3,
           last_message_at = clock_timestamp(),
           client_unread = client_unread + $4,
           hunter_unread = hunter_unread + $5
         where id = $1 and (messages_day is distinct from ${LONDON_TODAY} or messages_today < $6)
         returning message_count as seq, last_message_at as at,
                   case when $4 = 1 then client_unread else hunter_unread end as receiver_unread`,
        [conversationId, id, input.content, receiverIsClient ? 1 : 0, receiverIsClient ? 0 : 1, this.config.MESSAGES_PER_CONVERSATION_PER_DAY],
      )) as [{ seq: number; at: Date; receiver_unread: number }[], number];
      const numbered = numberedRows[0];
      if (!numbered) {
        throw new HttpException(conversationFullToday(this.config.MESSAGES_PER_CONVERSATION_PER_DAY), HttpStatus.TOO_MANY_REQUESTS);
      }
      const [message] = (await manager.query(
        `insert into messages (id, conversation_id, seq, sender_id, receiver_id, content, client_message_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         returning id::text as id, conversation_id, seq, sender_id, receiver_id, content, created_at, is_read,
                   client_message_id`,
        [id, conversationId, numbered.seq, sender.id, receiverId, input.content, input.clientMessageId ?? null, numbered.at],
      )) as [MessageRow];
      await this.events.publish(manager, 'messaging.message.sent', {
        messageId: message.id,
        conversationId,
        senderId: sender.id,
        receiverId,
        createdAt: message.created_at.toISOString(),
      });
      // The first unread of a run is what an email about unread messages is keyed on.
      return { message, stored: true, conversation, firstUnread: numbered.receiver_unread === 1 };
    });

    const message = toMessage(outcome.message);
    if (outcome.stored) {
      this.live.emit([outcome.conversation.client_user_id, outcome.conversation.hunter_user_id], 'message:new', message);
      void this.pushUnreadCount(message.receiverId);
      if (outcome.firstUnread) this.nudges.plan(conversationId, message);
    }
    return message;
  }

  /** Marks what the caller received, up to a message (all when absent), as read; both sides hear of it. */
  async markRead(reader: AuthenticatedUser, conversationId: string, input: MarkReadBody): Promise<void> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const conversation = await this.lockConversation(manager, reader.id, conversationId);
      let upToSeq: number | null = null;
      if (input.upTo) {
        const [anchor] = (await manager.query(`select seq from messages where id = $1 and conversation_id = $2`, [
          input.upTo,
          conversationId,
        ])) as { seq: number }[];
        if (!anchor) throw new BadRequestException('upTo must be a message of this conversation');
        upToSeq = anchor.seq;
      }
      const [, marked] = (await manager.query(
        `update messages set is_read = true
          where conversation_id = $1 and receiver_id = $2 and not is_read and ($3::int is null or seq <= $3)`,
        [conversationId, reader.id, upToSeq],
      )) as [unknown, number];
      if (marked > 0) {
        const column = roleIn(conversation, reader.id) === 'client' ? 'client_unread' : 'hunter_unread';
        await manager.query(`update conversations set ${column} = ${column} - $2 where id = $1`, [conversationId, marked]);
      }
      return { conversation, marked };
    });
    if (outcome.marked === 0) return;
    const { conversation } = outcome;
    this.live.emit([conversation.client_user_id, conversation.hunter_user_id], 'conversation:read', {
      conversationId,
      readerId: reader.id,
      upTo: input.upTo ?? null,
    });
    void this.pushUnreadCount(reader.id);
  }

  /** 404 unless the member is one of the conversation's two people. */
  private async requireConversation(userId: string, conversationId: string): Promise<ConversationRow> {
    if (conversationId.length > MAX_CONVERSATION_ID_LENGTH) throw new NotFoundException(CONVERSATION_NOT_FOUND);
    const [row] = await preparedQuery<ConversationRow>(this.dataSource, ONE_CONVERSATION, [conversationId, userId]);
    if (!row) throw new NotFoundException(CONVERSATION_NOT_FOUND);
    return row;
  }

  private async lockConversation(manager: EntityManager, userId: string, conversationId: string): Promise<Participants> {
    if (conversationId.length > MAX_CONVERSATION_ID_LENGTH) throw new NotFoundException(CONVERSATION_NOT_FOUND);
    const [row] = (await manager.query(
      `select id, client_user_id, hunter_id, hunter_user_id from conversations
        where id = $1 and $2 in (client_user_id, hunter_user_id) for update`,
      [conversationId, userId],
    )) as Participants[];
    if (!row) throw new NotFoundException(CONVERSATION_NOT_FOUND);
    return row;
  }

  private async findByClientMessageId(manager: EntityManager, senderId: string, clientMessageId: string): Promise<MessageRow | null> {
    const [row] = (await manager.query(
      `select id::text as id, conversation_id, seq, sender_id, receiver_id, content, created_at, is_read, client_message_id
         from messages where sender_id = $1 and client_message_id = $2`,
      [senderId, clientMessageId],
    )) as MessageRow[];
    return row ?? null;
  }

  /** The member's new totals to all their tabs; a failed count only leaves the badge for the next one. */
  private async pushUnreadCount(userId: string): Promise<void> {
    try {
      this.live.emit([userId], 'unread:count', await this.unreadCount(userId));
    } catch {
      // The next send, read or page load corrects the badge.
    }
  }
}
