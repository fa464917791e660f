import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38 (decision 0104): a hunter lives by a time zone of their own (an IANA name), in which their weekly hours,
 * dated hours and blocked dates are read and their slots computed. Existing hunters take the zone of their location
 * (every listed country has one); the demo seeder sets the demo hunters' own. Not null: every read has a zone. The
 * check keeps the shape of an IANA name (the service checks the runtime knows it, which SQL cannot).
 */
export class HunterTimeZones1798000110000 implements MigrationInterface {
  name = 'HunterTimeZones1798000110000';

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
