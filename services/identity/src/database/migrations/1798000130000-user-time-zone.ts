import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38 item 3: each member's own time zone (an IANA name), which emails and invites are written in. Null while
 * not known: the web app fills it from the browser after sign-in, the member can change it on /edit-profile. The
 * API checks the name against the clock's zones; the constraint keeps anything that is not a plausible name out.
 */
export class UserTimeZone1798000130000 implements MigrationInterface {
  name = 'UserTimeZone1798000130000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table users add column time_zone varchar(64)
        constraint users_time_zone_name check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]*$')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table users drop column time_zone`);
  }
}
