import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Availability: each hunter's weekly hours (one row per weekday, ISO numbering: 1 = Monday) and dated records that
 * override their weekday (one per hunter and date, so racing upserts leave one row). A dated record with no slots
 * is a day off; is_available is kept equal to "has slots" by a check.
 */
export class CreateAvailability1764547200000 implements MigrationInterface {
  name = 'CreateAvailability1764547200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_weekly_hours (
        hunter_id integer not null references hunters (id) on delete cascade,
        weekday smallint not null constraint hunter_weekly_hours_weekday_check check (weekday between 1 and 7),
        time_slots text[] not null default '{}',
        updated_at timestamptz not null default now(),
        primary key (hunter_id, weekday)
      )`);
    await queryRunner.query(`
      create table hunter_availability (
        id serial primary key,
        hunter_id integer not null references hunters (id) on delete cascade,
        date date not null,
        time_slots text[] not null default '{}',
        is_available boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint hunter_availability_hunter_date_key unique (hunter_id, date),
        constraint hunter_availability_is_available_check check (is_available = (cardinality(time_slots) > 0))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_availability`);
    await queryRunner.query(`drop table hunter_weekly_hours`);
  }
}
