import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stripe's webhook events, one row per event id: Stripe delivers at least once (retries, replays, two replicas
 * each getting one), so the webhook inserts the id in the transaction that handles the event and does nothing when
 * the row already exists.
 */
export class CreateStripeEvents1767225600000 implements MigrationInterface {
  name = 'CreateStripeEvents1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table stripe_events (
        id text primary key constraint stripe_events_id_check check (id like 'evt\\_%'),
        type text not null,
        stripe_created_at timestamptz not null,
        received_at timestamptz not null default now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table stripe_events`);
  }
}
