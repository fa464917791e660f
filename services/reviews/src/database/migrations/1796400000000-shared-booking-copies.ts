import { BOOKING_COPY_OUTCOME_FROM_FACTS, CREATE_BOOKING_COPIES_INDEXES, CREATE_BOOKING_COPIES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0085: reviews keeps bookings' sessions in the platform's shared `booking_copies`, with the outcome
 * bookings publishes. Every row of `booking_sessions` moves over with all it held; its outcome is derived once here
 * from those facts (BOOKING_COPY_OUTCOME_FROM_FACTS, as reviews judged them), then the booking's next event brings
 * bookings' own. Reviews point at the new copy; the old table goes.
 */
export class SharedBookingCopies1796400000000 implements MigrationInterface {
  name = 'SharedBookingCopies1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_BOOKING_COPIES_TABLE);
    for (const index of CREATE_BOOKING_COPIES_INDEXES) await queryRunner.query(index);
    await queryRunner.query(`
      insert into booking_copies (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
                                  sequence, first_heard_at, status, attendance, dispute_resolution, updated_at)
      select booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
             sequence, updated_at, status, attendance, dispute_resolution, updated_at
        from booking_sessions`);
    await queryRunner.query(`update booking_copies set ${BOOKING_COPY_OUTCOME_FROM_FACTS}`);
    await queryRunner.query(`alter table hunter_reviews drop constraint hunter_reviews_booking_id_fkey`);
    await queryRunner.query(
      `alter table hunter_reviews add constraint hunter_reviews_booking_id_fkey
         foreign key (booking_id) references booking_copies (booking_id)`,
    );
    await queryRunner.query(`drop table booking_sessions`);
  }

  /** Back to the old copy: its own facts return (a row moved from hunters-only facts cannot exist here). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table booking_sessions (
        booking_id text primary key,
        hunter_id integer not null,
        hunter_user_id text,
        client_user_id text not null,
        session_type text not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        status text not null constraint booking_sessions_status_known check (status in ('confirmed', 'cancelled', 'completed')),
        attendance text constraint booking_sessions_attendance_known check (attendance in ('held', 'no_show')),
        dispute_resolution text constraint booking_sessions_dispute_resolution_known check (dispute_resolution in ('refund', 'dismiss')),
        sequence integer not null,
        updated_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index booking_sessions_hunter_user_idx on booking_sessions (hunter_user_id)`);
    await queryRunner.query(`create index booking_sessions_hunter_idx on booking_sessions (hunter_id)`);
    await queryRunner.query(`
      insert into booking_sessions (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
                                    status, attendance, dispute_resolution, sequence, updated_at)
      select booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
             status, attendance, dispute_resolution, sequence, updated_at
        from booking_copies where status in ('confirmed', 'cancelled', 'completed')`);
    await queryRunner.query(`alter table hunter_reviews drop constraint hunter_reviews_booking_id_fkey`);
    await queryRunner.query(
      `alter table hunter_reviews add constraint hunter_reviews_booking_id_fkey
         foreign key (booking_id) references booking_sessions (booking_id)`,
    );
    await queryRunner.query(`drop table booking_copies`);
  }
}
