import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each member's unread totals (messages, and conversations with any), kept beside the conversations' own counts in
 * the same transactions (issue 23): a new message carries its receiver's totals in `message:new`, so neither a send
 * nor a read counts over the member's conversations. Filled from the conversations as they are.
 */
export class MemberUnread1795910400000 implements MigrationInterface {
  name = 'MemberUnread1795910400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table member_unread (
        user_id text primary key,
        messages int not null check (messages >= 0),
        conversations int not null check (conversations >= 0)
      )`);
    await queryRunner.query(`
      insert into member_unread (user_id, messages, conversations)
      select user_id, sum(unread)::int, (count(*) filter (where unread > 0))::int
      from (select client_user_id as user_id, client_unread as unread from conversations
            union all
            select hunter_user_id, hunter_unread from conversations where hunter_user_id is not null) sides
      group by user_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table member_unread`);
  }
}
