import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38 item 3: the member's own time zone (IANA) in messaging's users copy, from identity's user events, so each
 * email states its times in its recipient's zone. Null while identity knows none: the emails then use London's.
 */
export class MemberTimeZone1798000140000 implements MigrationInterface {
  name = 'MemberTimeZone1798000140000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table users add column time_zone varchar(64)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table users drop column time_zone`);
  }
}
