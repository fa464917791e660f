import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37 item 4 (decision 0102): a session booked less than 14 days ahead needs the client's express request that
 * it take place within the cancellation period (Consumer Contracts Regulations 2013, reg. 36); `express_request_at`
 * keeps when they made it (the hold, or the free booking), null when none was needed. Older bookings stay null.
 */
export class BookingExpressRequest1798000090000 implements MigrationInterface {
  name = 'BookingExpressRequest1798000090000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_bookings add column express_request_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_bookings drop column express_request_at`);
  }
}
