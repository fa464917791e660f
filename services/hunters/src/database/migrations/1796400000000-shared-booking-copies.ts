import { BOOKING_COPY_OUTCOME_FROM_FACTS, CREATE_BOOKING_COPIES_INDEXES, CREATE_BOOKING_COPIES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0085: hunters keeps bookings' sessions in the platform's shared `booking_copies`, with the outcome
 * bookings publishes. Every row of `hunter_client_sessions` moves over: completed (`completed_at`) or not, its mark
 * (an overturned no-show was already kept as 'held'), dated by the row's last change so a session marked held before
 * its end stays open to an edit at once; its outcome is derived once here (BOOKING_COPY_OUTCOME_FROM_FACTS, as
 * hunters judged it), then the booking's next event brings bookings' own. The old copy kept no start, session type
 * or hunter member: null until then. Edits point at the new copy; the old table goes.
 */
export class SharedBookingCopies1796400000000 implements MigrationInterface {
  name = 'SharedBookingCopies1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_BOOKING_COPIES_TABLE);
    for (const index of CREATE_BOOKING_COPIES_INDEXES) await queryRunner.query(index);
    await queryRunner.query(`
      insert into booking_copies (booking_id, hunter_id, client_user_id, ends_at, sequence, first_heard_at, status,
                                  attendance, attendance_marked_at, updated_at)
      select booking_id, hunter_id, client_user_id, ends_at, 0, coalesce(completed_at, updated_at),
             case when completed_at is null then 'confirmed' else 'completed' end,
             attendance, case when attendance is not null then updated_at end, updated_at
        from hunter_client_sessions`);
    await queryRunner.query(`update booking_copies set ${BOOKING_COPY_OUTCOME_FROM_FACTS}`);
    await queryRunner.query(`alter table hunter_edits drop constraint hunter_edits_booking_id_fkey`);
    await queryRunner.query(
      `alter table hunter_edits add constraint hunter_edits_booking_id_fkey
         foreign key (booking_id) references booking_copies (booking_id)`,
    );
    await queryRunner.query(`drop table hunter_client_sessions`);
  }

  /** Back to the old copy, for the bookings of hunters known here (it kept no other). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_client_sessions (
        booking_id text primary key,
        hunter_id integer not null references hunters (id) on delete cascade,
        client_user_id text not null,
        ends_at timestamptz not null,
        completed_at timestamptz,
        attendance text constraint hunter_client_sessions_attendance_check check (attendance in ('held', 'no_show')),
        updated_at timestamptz not null
      )`);
    await queryRunner.query(`create index hunter_client_sessions_hunter_idx on hunter_client_sessions (hunter_id)`);
    await queryRunner.query(`
      insert into hunter_client_sessions (booking_id, hunter_id, client_user_id, ends_at, completed_at, attendance, updated_at)
      select c.booking_id, c.hunter_id, c.client_user_id, c.ends_at,
             case when c.status = 'completed' then c.first_heard_at end,
             case when c.attendance = 'no_show' and c.dispute_resolution = 'refund' then 'held' else c.attendance end,
             c.updated_at
        from booking_copies c join hunters h on h.id = c.hunter_id`);
    await queryRunner.query(`alter table hunter_edits drop constraint hunter_edits_booking_id_fkey`);
    await queryRunner.query(
      `alter table hunter_edits add constraint hunter_edits_booking_id_fkey
         foreign key (booking_id) references hunter_client_sessions (booking_id)`,
    );
    await queryRunner.query(`drop table booking_copies`);
  }
}
