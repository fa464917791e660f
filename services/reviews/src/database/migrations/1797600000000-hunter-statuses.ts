import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: the reviews of a hunter who is not approved answer 404, like their profile (decision 0096). This
 * service's copy of each hunter's vetting status, kept from `hunters.hunter.created`/`updated` by occurredAt
 * (`updated_at`). It starts empty: hunters' migration 1797600010000 publishes every hunter once more to fill it.
 */
export class HunterStatuses1797600000000 implements MigrationInterface {
  name = 'HunterStatuses1797600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_statuses (
        hunter_id integer primary key,
        status text not null
          constraint hunter_statuses_status_check check (status in ('pending', 'approved', 'rejected', 'suspended')),
        updated_at timestamptz not null
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_statuses`);
  }
}
