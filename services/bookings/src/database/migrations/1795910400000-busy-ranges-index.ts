import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The slots' read of a hunter's live holds and bookings around some dates (issue 23). The exclusion constraint's
 * GiST index finds a hunter's rows but then reads every one of them, past and cancelled included: a hunter with a
 * year of sessions read a year of rows for every page view. This one reads only live rows in the dates' window.
 */
export class BusyRangesIndex1795910400000 implements MigrationInterface {
  name = 'BusyRangesIndex1795910400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `create index hunter_bookings_busy_idx on hunter_bookings (hunter_id, starts_at) include (ends_at)
       where status in ('confirmed', 'pending_payment')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index hunter_bookings_busy_idx`);
  }
}
