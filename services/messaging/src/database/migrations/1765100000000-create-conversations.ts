import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations between a client and a hunter, and their messages.
 *
 * - One conversation per (client, hunter): the unique key is what makes the opening upsert idempotent.
 * - The unread counts of each side and the last message live on the conversation row, kept in the sending and
 *   reading transactions (which lock the row), so lists never count messages and concurrent sends stay exact.
 * - `message_count` numbers the messages of a conversation: a send takes the next number while it holds the row
 *   lock, so numbers are committed in order and a catch-up `after` a message can never skip one that committed
 *   later with a smaller number (what a global sequence or a timestamp would allow).
 */
export class CreateConversations1765100000000 implements MigrationInterface {
  name = 'CreateConversations1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table conversations (
        id text primary key,
        client_user_id text not null,
        hunter_id integer not null,
        hunter_user_id text not null,
        message_count integer not null default 0 constraint conversations_message_count_check check (message_count >= 0),
        last_message_id uuid,
        last_message_content text,
        last_message_at timestamptz,
        client_unread integer not null default 0 constraint conversations_client_unread_check check (client_unread >= 0),
        hunter_unread integer not null default 0 constraint conversations_hunter_unread_check check (hunter_unread >= 0),
        client_nudged_at timestamptz,
        hunter_nudged_at timestamptz,
        created_at timestamptz not null default now(),
        constraint conversations_pair_key unique (client_user_id, hunter_id),
        constraint conversations_two_people_check check (client_user_id <> hunter_user_id)
      )`);
    await queryRunner.query(`create index conversations_hunter_user_idx on conversations (hunter_user_id)`);
    await queryRunner.query(`
      create table messages (
        id uuid primary key,
        conversation_id text not null references conversations (id) on delete cascade,
        seq integer not null,
        sender_id text not null,
        receiver_id text not null,
        content text not null constraint messages_content_check check (char_length(content) between 1 and 2000),
        client_message_id text constraint messages_client_message_id_check check (char_length(client_message_id) <= 100),
        is_read boolean not null default false,
        created_at timestamptz not null default now(),
        constraint messages_seq_key unique (conversation_id, seq),
        constraint messages_client_message_key unique (sender_id, client_message_id)
      )`);
    // The per-minute sending limit counts a sender's recent messages.
    await queryRunner.query(`create index messages_sender_recent_idx on messages (sender_id, created_at)`);
    // Conversations of bookings confirmed before this table existed (the copy already holds them).
    await queryRunner.query(`
      insert into conversations (id, client_user_id, hunter_id, hunter_user_id, created_at)
      select gen_random_uuid()::text, b.client_user_id, b.hunter_id, b.hunter_user_id, min(b.updated_at)
        from bookings b
       where b.hunter_user_id is not null and b.hunter_user_id <> b.client_user_id
       group by b.client_user_id, b.hunter_id, b.hunter_user_id
      on conflict (client_user_id, hunter_id) do nothing`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table messages`);
    await queryRunner.query(`drop table conversations`);
  }
}
