import { CREATE_USERS_COPY_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Copies of other services' data, fed only by their events: hunters (name, photo, location, status, session types
 * and prices), their availability (weekly hours and each date's own record) and identity's users (client names).
 * Each row keeps the time of the event that wrote it, so an older event never overwrites a newer one.
 */
export class CreateCopies1766448000000 implements MigrationInterface {
  name = 'CreateCopies1766448000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunters (
        id integer primary key,
        user_id text,
        name text not null,
        profile_image_url text,
        location text not null,
        availability_status text not null,
        session_types jsonb not null,
        price_per_session integer not null,
        updated_at timestamptz not null
      )`);
    await queryRunner.query(`create index hunters_user_id_idx on hunters (user_id)`);
    await queryRunner.query(`
      create table hunter_weekly_hours (
        hunter_id integer primary key,
        week jsonb not null,
        updated_at timestamptz not null
      )`);
    // time_slots null: the date follows its weekday again (its own record was removed); kept so the removal's
    // time guards against an older event bringing the record back.
    await queryRunner.query(`
      create table hunter_date_hours (
        hunter_id integer not null,
        date date not null,
        time_slots text[],
        updated_at timestamptz not null,
        primary key (hunter_id, date)
      )`);
    await queryRunner.query(CREATE_USERS_COPY_TABLE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table users`);
    await queryRunner.query(`drop table hunter_date_hours`);
    await queryRunner.query(`drop table hunter_weekly_hours`);
    await queryRunner.query(`drop table hunters`);
  }
}
