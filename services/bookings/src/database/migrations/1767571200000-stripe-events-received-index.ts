import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The prune of stripe_events deletes by age (`STRIPE_EVENT_RETENTION_DAYS`): an index on when each arrived. */
export class StripeEventsReceivedIndex1767571200000 implements MigrationInterface {
  name = 'StripeEventsReceivedIndex1767571200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`create index stripe_events_received_at_idx on stripe_events (received_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index stripe_events_received_at_idx`);
  }
}
