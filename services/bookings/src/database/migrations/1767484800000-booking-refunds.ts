import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every refund of a booking's payment, by the processor's refund id: the ones bookings asks for (a cancellation,
 * a late payment) and any made elsewhere (the Stripe dashboard). A booking's `refunded_pence` is the sum of its
 * succeeded refunds, and what a cancellation still owes is its `refund_pence` less what is already on its way
 * back, so a refund made by hand never silences a later one, and a failed one is seen as failed.
 */
export class BookingRefunds1767484800000 implements MigrationInterface {
  name = 'BookingRefunds1767484800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table booking_refunds (
        id text primary key,
        booking_id uuid not null references hunter_bookings (id),
        payment_intent_id text not null,
        amount_pence integer not null check (amount_pence > 0),
        status text not null check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')),
        -- asked for by bookings (a cancellation or a late payment), as opposed to made in the dashboard
        ours boolean not null,
        failure_reason text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index booking_refunds_booking_idx on booking_refunds (booking_id)`);
    // The refunds recorded before this table: one per booking, ours.
    await queryRunner.query(`
      insert into booking_refunds (id, booking_id, payment_intent_id, amount_pence, status, ours)
      select refund_id, id, payment_intent_id, refund_pence, case when refunded_at is null then 'pending' else 'succeeded' end, true
      from hunter_bookings where refund_id is not null and payment_intent_id is not null and refund_pence > 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table booking_refunds`);
  }
}
