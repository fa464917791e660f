import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedQuery, type PreparedStatement } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

export interface MessageRow {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  receiver_id: string;
  content: string;
  created_at: Date;
  is_read: boolean;
  client_message_id: string | null;
  /** Photo URLs shown with the message (the booking's photos on its question); empty for a message a member sent. */
  attachments: string[];
}

const MESSAGE_COLUMNS = `m.id::text as id, m.conversation_id, m.seq, m.sender_id, m.receiver_id, m.content,
  m.created_at, m.is_read, m.client_message_id, m.attachments`;

/**
 * A page of a thread, oldest first: `$3` 'latest' (its newest `$5`), 'after' (the `$5` just after message `$4`, for
 * catching up) or 'before' (the `$5` just before message `$4`, for older pages). Each walks `messages_seq_key`
 * (conversation, seq) and stops after `$5` rows. A message id that is not of this conversation matches nothing, so
 * the page is empty rather than someone else's; the join keeps it to the conversation's two people (`$2`).
 */
const THREAD_PAGE: PreparedStatement = {
  name: 'conversations.thread',
  text: `
    with anchor as (
      select m.seq from messages m where m.conversation_id = $1 and m.id = $4::uuid
    )
    select * from (
      select ${MESSAGE_COLUMNS}
        from messages m
        join conversations c on c.id = m.conversation_id and $2 in (c.client_user_id, c.hunter_user_id)
       where m.conversation_id = $1
         and ($3 = 'latest'
              or ($3 = 'after' and m.seq > (select seq from anchor))
              or ($3 = 'before' and m.seq < (select seq from anchor)))
       order by case when $3 in ('before', 'latest') then -m.seq else m.seq end
       limit $5
    ) page
    order by seq`,
};

export type ThreadPageMode = 'latest' | 'after' | 'before';

/** A new message, numbered by its conversation (`ConversationRepository.numberMessage`). */
export interface NewMessage {
  id: string;
  conversationId: string;
  seq: number;
  senderId: string;
  receiverId: string;
  content: string;
  clientMessageId: string | null;
  createdAt: Date;
  /** Only the message with a booking's question has any (its photos), and it names its booking (once per booking). */
  attachments?: string[];
  bookingId?: string | null;
}

/** What the unread-message email needs of the message that began a run of unread ones. */
export interface NudgedMessage {
  is_read: boolean;
  sender_id: string;
  content: string;
  client_user_id: string;
}

/** The one owner of `messages`: the numbered messages of each conversation, and whether each was read. */
@Injectable()
export class MessageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A page of the thread for one of its two people (`userId`), oldest first; see THREAD_PAGE. */
  threadPage(
    conversationId: string,
    userId: string,
    page: { mode: ThreadPageMode; anchor: string | null; limit: number },
  ): Promise<MessageRow[]> {
    return preparedQuery<MessageRow>(this.dataSource, THREAD_PAGE, [
      conversationId,
      userId,
      page.mode,
      page.anchor,
      page.limit,
    ]);
  }

  /** The sender's message with this client message id (a retried send), in whichever conversation. */
  async findByClientMessageId(
    manager: EntityManager,
    senderId: string,
    clientMessageId: string,
  ): Promise<MessageRow | null> {
    const [row] = (await manager.query(
      `select id::text as id, conversation_id, seq, sender_id, receiver_id, content, created_at, is_read, client_message_id,
              attachments
         from messages where sender_id = $1 and client_message_id = $2`,
      [senderId, clientMessageId],
    )) as MessageRow[];
    return row ?? null;
  }

  async insert(manager: EntityManager, message: NewMessage): Promise<MessageRow> {
    const [row] = (await manager.query(
      `insert into messages (id, conversation_id, seq, sender_id, receiver_id, content, client_message_id, created_at,
                             attachments, booking_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10)
       returning id::text as id, conversation_id, seq, sender_id, receiver_id, content, created_at, is_read,
                 client_message_id, attachments`,
      [
        message.id,
        message.conversationId,
        message.seq,
        message.senderId,
        message.receiverId,
        message.content,
        message.clientMessageId,
        message.createdAt,
        message.attachments ?? [],
        message.bookingId ?? null,
      ],
    )) as [MessageRow];
    return row;
  }

  /** Whether the booking's question is already in its conversation (a republished confirmation adds none). */
  async hasBookingQuestion(manager: EntityManager, bookingId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`select 1 from messages where booking_id = $1`, [bookingId]);
    return rows.length > 0;
  }

  /** The number of a message of this conversation, or null when it is not one of its messages. */
  async seqOf(manager: EntityManager, conversationId: string, messageId: string): Promise<number | null> {
    const [anchor] = (await manager.query(`select seq from messages where id = $1 and conversation_id = $2`, [
      messageId,
      conversationId,
    ])) as { seq: number }[];
    return anchor?.seq ?? null;
  }

  /** Marks what `readerId` received in the conversation, up to number `upToSeq` (all when null), read; answers how many. */
  async markRead(
    manager: EntityManager,
    conversationId: string,
    readerId: string,
    upToSeq: number | null,
  ): Promise<number> {
    const [, marked] = (await manager.query(
      `update messages set is_read = true
        where conversation_id = $1 and receiver_id = $2 and not is_read and ($3::int is null or seq <= $3)`,
      [conversationId, readerId, upToSeq],
    )) as [unknown, number];
    return marked;
  }

  /** The message that began a run of unread ones, as its receiver got it, with its conversation's client. */
  async findForNudge(conversationId: string, messageId: string, receiverId: string): Promise<NudgedMessage | null> {
    const [message] = (await this.dataSource.query(
      `select m.is_read, m.sender_id, m.content, c.client_user_id
         from messages m join conversations c on c.id = m.conversation_id
        where m.id = $1 and m.conversation_id = $2 and m.receiver_id = $3`,
      [messageId, conversationId, receiverId],
    )) as NudgedMessage[];
    return message ?? null;
  }

  /** Every message of a conversation, in order, for a member's export (they are one of its two people). */
  async allOf(
    manager: EntityManager,
    conversationId: string,
  ): Promise<{ id: string; sender_id: string; content: string; attachments: string[]; is_read: boolean; created_at: Date }[]> {
    return manager.query(
      `select id, sender_id, content, attachments, is_read, created_at from messages where conversation_id = $1 order by seq`,
      [conversationId],
    );
  }

  /** An erased member's messages stay for the other person, sent and received by `formerId` instead. */
  async forgetMember(manager: EntityManager, userId: string, formerId: string): Promise<void> {
    await manager.query(`update messages set sender_id = $2 where sender_id = $1`, [userId, formerId]);
    await manager.query(`update messages set receiver_id = $2 where receiver_id = $1`, [userId, formerId]);
  }
}
