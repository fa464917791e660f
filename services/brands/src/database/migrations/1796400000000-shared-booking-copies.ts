import { BOOKING_COPY_OUTCOME_FROM_FACTS, CREATE_BOOKING_COPIES_INDEXES, CREATE_BOOKING_COPIES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0085: brands keeps bookings' bookings in the platform's shared `booking_copies`, with the outcome bookings
 * publishes. Every row of `passport_grants` moves over: the shares, the end, when it was granted (the copy's first
 * news of the booking) and a revocation (a cancelled booking); its outcome is derived once here
 * (BOOKING_COPY_OUTCOME_FROM_FACTS: the passport until the end + PASSPORT_LIMITS.daysAfterSession, as brands judged
 * it), then the booking's next event brings bookings' own. The old copy kept no hunter, start or session type: null
 * until then. The old table goes.
 */
export class SharedBookingCopies1796400000000 implements MigrationInterface {
  name = 'SharedBookingCopies1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_BOOKING_COPIES_TABLE);
    for (const index of CREATE_BOOKING_COPIES_INDEXES) await queryRunner.query(index);
    await queryRunner.query(`
      insert into booking_copies (booking_id, hunter_user_id, client_user_id, ends_at, sequence, passport,
                                  first_heard_at, status, updated_at)
      select booking_id::text, hunter_user_id, client_user_id, ends_at, sequence, shares, granted_at,
             case when revoked_at is null then 'confirmed' else 'cancelled' end, updated_at
        from passport_grants`);
    await queryRunner.query(`update booking_copies set ${BOOKING_COPY_OUTCOME_FROM_FACTS}`);
    await queryRunner.query(`drop table passport_grants`);
  }

  /** Back to the old copy (a cancellation dated by the copy's last change, as the old one kept no other moment). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table passport_grants (
        booking_id uuid primary key,
        client_user_id text not null,
        hunter_user_id text,
        shares jsonb not null,
        ends_at timestamptz not null,
        granted_at timestamptz not null,
        revoked_at timestamptz,
        sequence integer not null,
        updated_at timestamptz not null default now()
      )`);
    await queryRunner.query(`
      insert into passport_grants (booking_id, client_user_id, hunter_user_id, shares, ends_at, granted_at, revoked_at,
                                   sequence, updated_at)
      select booking_id::uuid, client_user_id, hunter_user_id, coalesce(passport, '{}'::jsonb), ends_at, first_heard_at,
             case when status = 'cancelled' then updated_at end, sequence, updated_at
        from booking_copies`);
    await queryRunner.query(`drop table booking_copies`);
  }
}
