import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops `board_items` (issue 25). The spec's table for a member's board of items (user, item, brand name, link,
 * image) never had a writer or a reader. The lists it was meant for are Hunter Edits, and those are the hunter's
 * content: shown on the hunter's page, sent only after a session the hunter held, so the hunters service owns them
 * (with its copies of the directory's brands and of its hunters' held sessions). Nothing here is left to keep it for.
 * Down puts the empty table back as the first migration made it.
 */
export class DropBoardItems1796200000000 implements MigrationInterface {
  name = 'DropBoardItems1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table board_items`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table board_items (
        id serial primary key,
        user_id text not null,
        item_name varchar(255) not null,
        brand_name varchar(255) not null,
        item_url varchar(500) not null,
        image_url varchar(500),
        description text,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index board_items_user_idx on board_items (user_id)`);
  }
}
