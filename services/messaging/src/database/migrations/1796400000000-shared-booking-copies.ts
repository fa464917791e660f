import {
  BOOKING_COPY_OUTCOME_FROM_FACTS,
  CREATE_BOOKING_COPIES_INDEXES,
  CREATE_BOOKING_COPIES_TABLE,
} from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0085: messaging keeps bookings' bookings in the platform's shared `booking_copies`, with the outcome
 * bookings publishes, and reads the review request's "reviewable" there. Every row of `bookings` moves its who,
 * when, state and attendance mark over; its outcome is derived once here from those facts
 * (BOOKING_COPY_OUTCOME_FROM_FACTS), then the booking's next event brings bookings' own. `bookings` keeps only what
 * is messaging's: the price and refund its emails state, the client's question, and the sequence and state its
 * emails were planned for.
 */
export class SharedBookingCopies1796400000000 implements MigrationInterface {
  name = 'SharedBookingCopies1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_BOOKING_COPIES_TABLE);
    for (const index of CREATE_BOOKING_COPIES_INDEXES) await queryRunner.query(index);
    await queryRunner.query(`
      insert into booking_copies (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
                                  sequence, first_heard_at, status, attendance, updated_at)
      select booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
             sequence, copied_at, status, attendance, updated_at
        from bookings`);
    await queryRunner.query(`update booking_copies set ${BOOKING_COPY_OUTCOME_FROM_FACTS}`);
    // Their indexes and the times' check go with them.
    await queryRunner.query(`
      alter table bookings
        drop column hunter_id, drop column hunter_user_id, drop column client_user_id, drop column session_type,
        drop column starts_at, drop column ends_at, drop column attendance`);
  }

  /** Back to the old copy: its facts return from the shared one, then the shared one goes. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table bookings
        add column hunter_id integer, add column hunter_user_id text, add column client_user_id text,
        add column session_type text, add column starts_at timestamptz, add column ends_at timestamptz,
        add column attendance text constraint bookings_attendance_check check (attendance in ('held', 'no_show'))`);
    await queryRunner.query(`
      update bookings b
         set hunter_id = c.hunter_id, hunter_user_id = c.hunter_user_id, client_user_id = c.client_user_id,
             session_type = c.session_type, starts_at = c.starts_at, ends_at = c.ends_at, attendance = c.attendance
        from booking_copies c
       where c.booking_id = b.booking_id`);
    await queryRunner.query(`
      alter table bookings
        alter column hunter_id set not null, alter column client_user_id set not null,
        alter column session_type set not null, alter column starts_at set not null, alter column ends_at set not null,
        add constraint bookings_times_check check (ends_at > starts_at)`);
    await queryRunner.query(`create index bookings_client_user_id_idx on bookings (client_user_id)`);
    await queryRunner.query(
      `create index bookings_hunter_user_id_idx on bookings (hunter_user_id) where hunter_user_id is not null`,
    );
    await queryRunner.query(`create index bookings_hunter_id_idx on bookings (hunter_id)`);
    await queryRunner.query(`drop table booking_copies`);
  }
}
