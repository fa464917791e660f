import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A conversation's messages of the current day (London's), kept on its row by the send that holds the row lock:
 * the daily cap per conversation (MESSAGES_PER_CONVERSATION_PER_DAY) is one conditional update, never a count.
 */
export class ConversationDailyCount1765900000000 implements MigrationInterface {
  name = 'ConversationDailyCount1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table conversations
        add column messages_day date,
        add column messages_today integer not null default 0
          constraint conversations_messages_today_check check (messages_today >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table conversations drop column messages_today, drop column messages_day`);
  }
}
