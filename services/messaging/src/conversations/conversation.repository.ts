import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { londonDateOf, type BookingEventV1, type ConversationRole, type HunterStatus, type UnreadCount } from '@hunted/contracts';
import { now, preparedQuery, type PreparedStatement } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The reads every messages page makes are named prepared statements (planned once per pooled connection, as
 * reviews' pages are). Each one is scoped to the caller: `$me` must be one of the conversation's two people, so
 * nobody else's conversation can be read through any of them.
 */

/** Names and photos come from the copies now, so a rename or a new photo shows at once. */
const CONVERSATION_COLUMNS = `
  c.id, c.client_user_id, c.hunter_id, c.hunter_user_id, c.last_message_content, c.last_message_at, c.created_at,
  c.client_unread, c.hunter_unread,
  h.name as hunter_name, h.profile_image_url as hunter_image, h.status as hunter_status,
  hu.first_name as hunter_first_name, hu.last_name as hunter_last_name, hu.profile_image_url as hunter_user_image,
  cu.first_name as client_first_name, cu.last_name as client_last_name, cu.profile_image_url as client_image`;

const CONVERSATION_JOINS = `
  left join hunters h on h.hunter_id = c.hunter_id
  left join users hu on hu.user_id = c.hunter_user_id
  left join users cu on cu.user_id = c.client_user_id`;

export interface ConversationRow {
  id: string;
  client_user_id: string;
  hunter_id: number;
  hunter_user_id: string;
  last_message_content: string | null;
  last_message_at: Date | null;
  created_at: Date;
  client_unread: number;
  hunter_unread: number;
  hunter_name: string | null;
  hunter_image: string | null;
  /** The hunter's vetting status as the copy has it; null when the copy has not arrived. */
  hunter_status: HunterStatus | null;
  hunter_first_name: string | null;
  hunter_last_name: string | null;
  hunter_user_image: string | null;
  client_first_name: string | null;
  client_last_name: string | null;
  client_image: string | null;
}

/** The two people of a conversation, as a locked read inside a transaction gives them. */
export interface Participants {
  id: string;
  client_user_id: string;
  hunter_id: number;
  hunter_user_id: string;
  /** The hunter's vetting status (null: no copy yet): a conversation with a hunter not approved is closed. */
  hunter_status: HunterStatus | null;
}

/** Both sides of a member who is a client and a hunter; latest activity first. */
const MY_CONVERSATIONS: PreparedStatement = {
  name: 'conversations.mine',
  text: `
    select ${CONVERSATION_COLUMNS}
      from conversations c ${CONVERSATION_JOINS}
     where c.client_user_id = $1 or c.hunter_user_id = $1
     order by coalesce(c.last_message_at, c.created_at) desc, c.id`,
};

/** The conversations the member takes part in as the hunter. */
const HUNTER_CONVERSATIONS: PreparedStatement = {
  name: 'conversations.ofHunter',
  text: `
    select ${CONVERSATION_COLUMNS}
      from conversations c ${CONVERSATION_JOINS}
     where c.hunter_user_id = $1
     order by coalesce(c.last_message_at, c.created_at) desc, c.id`,
};

/** One conversation, if the member is one of its two people. */
const ONE_CONVERSATION: PreparedStatement = {
  name: 'conversations.one',
  text: `
    select ${CONVERSATION_COLUMNS}
      from conversations c ${CONVERSATION_JOINS}
     where c.id = $1 and $2 in (c.client_user_id, c.hunter_user_id)`,
};

/** Totals for the header: unread messages, and conversations with any. */
/** A member's totals, kept in member_unread by numberMessage and lowerUnread (no count over their conversations). */
const UNREAD_TOTALS: PreparedStatement = {
  name: 'conversations.unread',
  text: `select messages, conversations from member_unread where user_id = $1`,
};

/**
 * Moves a member's totals by a change of one conversation's unread count, in the transaction that changed it
 * (after the conversation's row lock, as every writer takes them: no lock cycle). `$2` messages more (or fewer);
 * `$3` conversations more (1: its count left 0, -1: it came back to 0, 0: neither).
 */
const MOVE_MEMBER_UNREAD = `
  insert into member_unread as m (user_id, messages, conversations) values ($1, greatest($2, 0), greatest($3, 0))
  on conflict (user_id) do update set messages = m.messages + $2, conversations = m.conversations + $3
  returning messages, conversations`;

/**
 * Today as the site counts days (London), for the daily cap per conversation: $7, the London date of the platform's
 * clock (`now()` of @hunted/platform), not the database's, so a test can hold the day still (a run across London
 * midnight would otherwise count its sends on two days) and end-to-end runs move it with every other rule of time.
 */
const LONDON_TODAY = `$7::date`;

/** What numbering a new message gives: its number, its time, and the receiver's unread count with it. */
export interface NumberedMessage {
  seq: number;
  at: Date;
  /** The receiver's unread count in this conversation, this message included. */
  receiverUnread: number;
  /** The receiver's unread totals over all their conversations, this message included. */
  receiverTotals: UnreadCount;
}

/**
 * The one owner of `conversations`: one row per client and hunter pair, with the message numbering, the daily cap,
 * the unread counts of both sides. (Their unread-message emails are rows of the email ledger, `outbound_emails`.)
 */
@Injectable()
export class ConversationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  mine(userId: string): Promise<ConversationRow[]> {
    return preparedQuery<ConversationRow>(this.dataSource, MY_CONVERSATIONS, [userId]);
  }

  ofHunter(userId: string): Promise<ConversationRow[]> {
    return preparedQuery<ConversationRow>(this.dataSource, HUNTER_CONVERSATIONS, [userId]);
  }

  /** The conversation if the member is one of its two people, else null. */
  async findFor(userId: string, conversationId: string): Promise<ConversationRow | null> {
    const [row] = await preparedQuery<ConversationRow>(this.dataSource, ONE_CONVERSATION, [conversationId, userId]);
    return row ?? null;
  }

  async unreadTotals(userId: string): Promise<UnreadCount> {
    const [totals] = await preparedQuery<UnreadCount>(this.dataSource, UNREAD_TOTALS, [userId]);
    return totals ?? { messages: 0, conversations: 0 };
  }

  /**
   * Opens the conversation of a client and a hunter when a booking between them is confirmed: an idempotent upsert
   * in the inbox transaction of that event, so a redelivered or replayed event, or a second booking with the same
   * hunter, finds the one conversation the pair already has. A hunter without a member account gets none (there is
   * nobody to write to). Conversations stay after a cancellation, so the history remains.
   *
   * Only an approved hunter gets a new client: when the hunters copy says the hunter is not approved, no
   * conversation is opened (the pair's existing one stays, closed). The booking itself is evidence the hunter was
   * bookable, so a hunter with no copy yet gets it; a copy that is behind (approval not yet arrived) is caught up by
   * `openHeldBack` when the approval does arrive.
   */
  async open(manager: EntityManager, booking: BookingEventV1): Promise<void> {
    if (!booking.hunterUserId || booking.hunterUserId === booking.clientUserId) return;
    await manager.query(
      `insert into conversations (id, client_user_id, hunter_id, hunter_user_id)
       select gen_random_uuid()::text, $1, $2, $3
        where not exists (select 1 from hunters h where h.hunter_id = $2 and h.status <> 'approved')
       on conflict (client_user_id, hunter_id) do nothing`,
      [booking.clientUserId, booking.hunterId, booking.hunterUserId],
    );
  }

  /**
   * A hunter just became approved, or a member just claimed an approved hunter: each client with a booking of theirs
   * (as the shared booking copy has it) gets the conversation `open` held back while the copy said otherwise, in the inbox
   * transaction of the hunter's event. A booking made while nobody had claimed the hunter names no hunter member, so
   * the hunter's is the copy's. The caller then puts the held-back questions in (`BookingQuestion.postHeldBack`).
   */
  async openHeldBack(manager: EntityManager, hunterId: number): Promise<void> {
    await manager.query(
      `insert into conversations (id, client_user_id, hunter_id, hunter_user_id)
       select gen_random_uuid()::text, latest.client_user_id, latest.hunter_id, latest.hunter_user_id
         from (select distinct on (b.client_user_id) b.client_user_id, b.hunter_id,
                      coalesce(b.hunter_user_id, h.user_id) as hunter_user_id
                 from booking_copies b join hunters h on h.hunter_id = b.hunter_id
                where b.hunter_id = $1 and h.status = 'approved'
                  and coalesce(b.hunter_user_id, h.user_id) is not null
                  and coalesce(b.hunter_user_id, h.user_id) <> b.client_user_id
                order by b.client_user_id, b.updated_at desc) latest
       on conflict (client_user_id, hunter_id) do nothing`,
      [hunterId],
    );
  }

  /**
   * The conversation's two people, its row locked for the transaction, if the member is one of them. The lock
   * orders the conversation's sends and reads: each takes the next number only after the previous committed.
   */
  async lockFor(manager: EntityManager, userId: string, conversationId: string): Promise<Participants | null> {
    const [row] = (await manager.query(
      `select c.id, c.client_user_id, c.hunter_id, c.hunter_user_id,
              (select h.status from hunters h where h.hunter_id = c.hunter_id) as hunter_status
         from conversations c
        where c.id = $1 and $2 in (c.client_user_id, c.hunter_user_id) for update`,
      [conversationId, userId],
    )) as Participants[];
    return row ?? null;
  }

  /** The conversation of a client and a hunter, its row locked for the transaction (as `lockFor`), if it is open. */
  async lockPair(manager: EntityManager, clientUserId: string, hunterId: number): Promise<Participants | null> {
    const [row] = (await manager.query(
      `select c.id, c.client_user_id, c.hunter_id, c.hunter_user_id,
              (select h.status from hunters h where h.hunter_id = c.hunter_id) as hunter_status
         from conversations c
        where c.client_user_id = $1 and c.hunter_id = $2 for update`,
      [clientUserId, hunterId],
    )) as Participants[];
    return row ?? null;
  }

  /**
   * Numbers a new message (under the lock of `lockFor`): the next number, the last message, the receiver's unread
   * count, and the day's count, which moves with the number. Null when the conversation's day is full (nothing
   * written).
   */
  async numberMessage(
    manager: EntityManager,
    message: {
      conversationId: string;
      messageId: string;
      content: string;
      receiver: ConversationRole;
      receiverId: string;
      perDay: number;
    },
  ): Promise<NumberedMessage | null> {
    const receiverIsClient = message.receiver === 'client';
    const [rows] = (await manager.query(
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
      [
        message.conversationId,
        message.messageId,
        message.content,
        receiverIsClient ? 1 : 0,
        receiverIsClient ? 0 : 1,
        message.perDay,
        londonDateOf(now()),
      ],
    )) as [{ seq: number; at: Date; receiver_unread: number }[], number];
    const numbered = rows[0];
    if (!numbered) return null;
    const [receiverTotals] = await manager.query<UnreadCount[]>(MOVE_MEMBER_UNREAD, [
      message.receiverId,
      1,
      numbered.receiver_unread === 1 ? 1 : 0,
    ]);
    return { seq: numbered.seq, at: numbered.at, receiverUnread: numbered.receiver_unread, receiverTotals: receiverTotals! };
  }

  /**
   * `count` of the reader's messages were marked read: their side's unread count goes down by as many, and their
   * totals with it. Answers the reader's totals after the read.
   */
  async lowerUnread(
    manager: EntityManager,
    conversationId: string,
    reader: { role: ConversationRole; userId: string },
    count: number,
  ): Promise<UnreadCount> {
    const column = reader.role === 'client' ? 'client_unread' : 'hunter_unread';
    const [rows] = (await manager.query(
      `update conversations set ${column} = ${column} - $2 where id = $1 returning ${column} as unread`,
      [conversationId, count],
    )) as [{ unread: number }[], number];
    const cleared = rows[0]?.unread === 0 ? -1 : 0;
    const [totals] = await manager.query<UnreadCount[]>(MOVE_MEMBER_UNREAD, [reader.userId, -count, cleared]);
    return totals!;
  }

  /**
   * The conversations a member is in, for their export: their role, the other side's name as the copies have it
   * (null when none), the other side's id (a `former-member-…` one for an erased member) and when it began.
   */
  async ofMemberForExport(
    manager: EntityManager,
    userId: string,
  ): Promise<{ id: string; role: 'client' | 'hunter'; hunterId: number; otherName: string | null; otherUserId: string; createdAt: Date }[]> {
    return manager.query(
      `select c.id, case when c.client_user_id = $1 then 'client' else 'hunter' end as role, c.hunter_id as "hunterId",
              case when c.client_user_id = $1
                   then coalesce(h.name, nullif(trim(concat_ws(' ', hu.first_name, hu.last_name)), ''))
                   else nullif(trim(concat_ws(' ', cu.first_name, cu.last_name)), '') end as "otherName",
              case when c.client_user_id = $1 then c.hunter_user_id else c.client_user_id end as "otherUserId",
              c.created_at as "createdAt"
         from conversations c
         left join hunters h on h.hunter_id = c.hunter_id
         left join users hu on hu.user_id = c.hunter_user_id
         left join users cu on cu.user_id = c.client_user_id
        where c.client_user_id = $1 or c.hunter_user_id = $1
        order by c.created_at, c.id`,
      [userId],
    );
  }

  /**
   * An erased member's side of their conversations becomes `formerId` (the threads stay for the other person),
   * and their unread totals go.
   */
  async forgetMember(manager: EntityManager, userId: string, formerId: string): Promise<void> {
    await manager.query(`update conversations set client_user_id = $2 where client_user_id = $1`, [userId, formerId]);
    await manager.query(`update conversations set hunter_user_id = $2 where hunter_user_id = $1`, [userId, formerId]);
    await manager.query(`delete from member_unread where user_id = $1`, [userId]);
  }
}
