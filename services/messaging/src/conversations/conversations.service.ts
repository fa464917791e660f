import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ConversationMessage,
  ConversationSummary,
  HunterConversationSummary,
  MarkReadBody,
  ThreadQuery,
  UnreadCount,
} from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { LiveDelivery } from '../live/live-delivery.js';
import { ConversationRepository, type ConversationRow } from './conversation.repository.js';
import { roleIn, toConversationSummary, toHunterConversationSummary, toMessage } from './conversation-views.js';
import { MessageRepository } from './message.repository.js';
import { MAX_CONVERSATION_ID_LENGTH } from './send-message/send-message.use-case.js';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const WRONG_RECEIVER = 'receiverId must name the other person in this conversation';
export const CLIENT_MESSAGE_ID_TAKEN = 'clientMessageId was already used for another conversation';
export const TOO_MANY_MESSAGES = 'You are sending messages too quickly. Please wait a minute and try again.';
export const conversationFullToday = (cap: number) =>
  `This conversation has reached its limit of ${cap} messages for today. You can write again tomorrow.`;

/**
 * Conversations and their messages, read and marked read (sending is `SendMessageUseCase`). Every read and write is
 * scoped to the caller being one of the conversation's two people; anyone else gets 404, whatever the route.
 */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly conversations: ConversationRepository,
    private readonly messageRows: MessageRepository,
    private readonly live: LiveDelivery,
  ) {}

  async list(userId: string): Promise<ConversationSummary[]> {
    const rows = await this.conversations.mine(userId);
    return rows.map((row) => toConversationSummary(row, userId));
  }

  async listAsHunter(userId: string): Promise<HunterConversationSummary[]> {
    const rows = await this.conversations.ofHunter(userId);
    return rows.map(toHunterConversationSummary);
  }

  unreadCount(userId: string): Promise<UnreadCount> {
    return this.conversations.unreadTotals(userId);
  }

  /**
   * A page of the thread, oldest first: the newest messages, or those just before or after a message (an unknown
   * message gives none). Never the whole thread: one busy conversation must not make a read unbounded.
   */
  async messages(userId: string, conversationId: string, query: ThreadQuery): Promise<ConversationMessage[]> {
    await this.requireConversation(userId, conversationId);
    const mode = query.after ? 'after' : query.before ? 'before' : 'latest';
    const rows = await this.messageRows.threadPage(conversationId, userId, {
      mode,
      anchor: query.after ?? query.before ?? null,
      limit: query.limit,
    });
    return rows.map(toMessage);
  }

  /** Marks what the caller received, up to a message (all when absent), as read; both sides hear of it. */
  async markRead(reader: AuthenticatedUser, conversationId: string, input: MarkReadBody): Promise<void> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      if (conversationId.length > MAX_CONVERSATION_ID_LENGTH) throw new NotFoundException(CONVERSATION_NOT_FOUND);
      const conversation = await this.conversations.lockFor(manager, reader.id, conversationId);
      if (!conversation) throw new NotFoundException(CONVERSATION_NOT_FOUND);
      let upToSeq: number | null = null;
      if (input.upTo) {
        upToSeq = await this.messageRows.seqOf(manager, conversationId, input.upTo);
        if (upToSeq === null) throw new BadRequestException('upTo must be a message of this conversation');
      }
      const marked = await this.messageRows.markRead(manager, conversationId, reader.id, upToSeq);
      const totals =
        marked > 0
          ? await this.conversations.lowerUnread(manager, conversationId, { role: roleIn(conversation, reader.id), userId: reader.id }, marked)
          : null;
      return { conversation, marked, totals };
    });
    if (outcome.marked === 0 || !outcome.totals) return;
    const { conversation, totals } = outcome;
    this.live.emit([conversation.client_user_id, conversation.hunter_user_id], 'conversation:read', {
      conversationId,
      readerId: reader.id,
      upTo: input.upTo ?? null,
    });
    // The reader's other tabs: their badge, as the read's transaction left it.
    this.live.emit([reader.id], 'unread:count', totals);
  }

  /** 404 unless the member is one of the conversation's two people. */
  private async requireConversation(userId: string, conversationId: string): Promise<ConversationRow> {
    if (conversationId.length > MAX_CONVERSATION_ID_LENGTH) throw new NotFoundException(CONVERSATION_NOT_FOUND);
    const row = await this.conversations.findFor(userId, conversationId);
    if (!row) throw new NotFoundException(CONVERSATION_NOT_FOUND);
    return row;
  }
}
