import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The style passport (issue 25): what of it the client shares with the booking's hunter, chosen on the booking page
 * and kept with the hold or the free booking (as its question is). One jsonb of the five parts (PassportShares):
 * always read and written whole, never filtered on. Rows from before share what a booking made without the screen
 * shares (DEFAULT_PASSPORT_SHARES: no passport part; the question stays the hunter's, as it was).
 */
export class BookingPassport1796300000000 implements MigrationInterface {
  name = 'BookingPassport1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `alter table hunter_bookings add column passport jsonb not null
         default '{"savedBrands": false, "votedBrands": false, "reviewedBrands": false, "filterHabits": false, "question": true}'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_bookings drop column passport`);
  }
}
