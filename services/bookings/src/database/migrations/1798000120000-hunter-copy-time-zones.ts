import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38 (decision 0104): the copy of each hunter keeps the hunter's time zone, in which slots are computed and
 * every date and time a client sends is read. Hunters' events carry it from now on; the rows copied before it take
 * the zone of their location, as the hunters service's own migration sets them (an event from before it reads the
 * same way).
 */
export class HunterCopyTimeZones1798000120000 implements MigrationInterface {
  name = 'HunterCopyTimeZones1798000120000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunters add column time_zone text`);
    await queryRunner.query(
      `update hunters set time_zone = case location
         when 'France' then 'Europe/Paris' when 'Italy' then 'Europe/Rome' when 'Spain' then 'Europe/Madrid'
         when 'Sweden' then 'Europe/Stockholm' when 'Greece' then 'Europe/Athens'
         when 'Denmark' then 'Europe/Copenhagen' else 'Europe/London' end`,
    );
    await queryRunner.query(
      `alter table hunters alter column time_zone set not null,
         add constraint hunters_time_zone_iana check (time_zone ~ '^(UTC|[A-Z][A-Za-z]+(/[A-Za-z0-9][A-Za-z0-9_+-]*)+)$')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunters drop column time_zone`);
  }
}
