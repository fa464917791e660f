import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A demo hunter's email (`sofia.hunter@hunted.example`…): whoever registers with it becomes that hunter (see
 * HunterRepository.claimDemoHunter). Lower-case, one hunter per address, null for every real profile; never answered.
 */
export class AddDemoEmails1764633600000 implements MigrationInterface {
  name = 'AddDemoEmails1764633600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table hunters add column demo_email varchar(255)
        constraint hunters_demo_email_key unique
        constraint hunters_demo_email_lower_check check (demo_email = lower(demo_email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunters drop column demo_email`);
  }
}
