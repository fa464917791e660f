import type { PreparedStatement } from '@hunted/platform';

/**
 * The reads every messages page makes, as named prepared statements (planned once per pooled connection, as
 * reviews' pages are). Each one is scoped to the caller: `$me` must be one of the conversation's two people, so
 * nobody else's conversation can be read through any of them.
 */

/** Names and photos come from the copies now, so a rename or a new photo shows at once. */
const CONVERSATION_COLUMNS = `
  c.id, c.client_user_id, c.hunter_id, c.hunter_user_id, c.last_message_content, c.last_message_at, c.created_at,
  c.client_unread, c.hunter_unread,
  h.name as hunter_name, h.profile_image_url as hunter_image,
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
  hunter_first_name: string | null;
  hunter_last_name: string | null;
  hunter_user_image: string | null;
  client_first_name: string | null;
  client_last_name: string | null;
  client_image: string | null;
}

/** Both sides of a member who is a client and a hunter; latest activity first. */
export const MY_CONVERSATIONS: PreparedStatement = {
  name: 'conversations.mine',
  text: `
    select ${CONVERSATION_COLUMNS}
      from conversations c ${CONVERSATION_JOINS}
     where c.client_user_id = $1 or c.hunter_user_id = $1
     order by coalesce(c.last_message_at, c.created_at) desc, c.id`,
};

/** The conversations the member takes part in as the hunter. */
export const HUNTER_CONVERSATIONS: PreparedStatement = {
  name: 'conversations.ofHunter',
  text: `
    select ${CONVERSATION_COLUMNS}
      from conversations c ${CONVERSATION_JOINS}
     where c.hunter_user_id = $1
     order by coalesce(c.last_message_at, c.created_at) desc, c.id`,
};

/** One conversation, if the member is one of its two people. */
export const ONE_CONVERSATION: PreparedStatement = {
  name: 'conversations.one',
  text: `
    select ${CONVERSATION_COLUMNS}
      from conversations c ${CONVERSATION_JOINS}
     where c.id = $1 and $2 in (c.client_user_id, c.hunter_user_id)`,
};

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
}

const MESSAGE_COLUMNS = `m.id::text as id, m.conversation_id, m.seq, m.sender_id, m.receiver_id, m.content,
  m.created_at, m.is_read, m.client_message_id`;

/**
 * A page of a thread, oldest first: `$3` 'latest' (its newest `$5`), 'after' (the `$5` just after message `$4`, for
 * catching up) or 'before' (the `$5` just before message `$4`, for older pages). Each walks `messages_seq_key`
 * (conversation, seq) and stops after `$5` rows. A message id that is not of this conversation matches nothing, so
 * the page is empty rather than someone else's.
 */
export const THREAD_PAGE: PreparedStatement = {
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

/** Totals for the header: unread messages, and conversations with any. */
export const UNREAD_TOTALS: PreparedStatement = {
  name: 'conversations.unread',
  text: `
    select coalesce(sum(case when c.client_user_id = $1 then c.client_unread else c.hunter_unread end), 0)::int as messages,
           count(*) filter (where (case when c.client_user_id = $1 then c.client_unread else c.hunter_unread end) > 0)::int
             as conversations
      from conversations c
     where c.client_user_id = $1 or c.hunter_user_id = $1`,
};
