import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The style passport (issue 25): what brands answers about a member's taste, and to whom.
 *
 * - `passport_grants`: a copy of each confirmed booking's passport choices, fed by bookings' events. `sequence` is
 *   the booking's: an older event never overwrites a newer one. `hunter_user_id` is null while the booked hunter is
 *   an unclaimed demo profile (nobody may read as its hunter). `revoked_at` is set by the cancellation.
 * - `member_filter_uses`: how often each member filtered the directory by a value tag or a price level.
 * - `brand_review_ratings.user_id`: the review's author (from the review events), so a member's reviewed brands can
 *   be read; null for rows written before this (reviews republishes every review once: its own migration).
 * - Indexes for the passport's reads of one member's newest saves, votes and reviews.
 */
export class StylePassport1796300000000 implements MigrationInterface {
  name = 'StylePassport1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
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
      create table member_filter_uses (
        user_id text not null,
        kind text not null constraint member_filter_uses_kind check (kind in ('valueTag', 'priceLevel')),
        value text not null,
        uses integer not null default 1,
        last_used_at timestamptz not null default now(),
        primary key (user_id, kind, value)
      )`);
    await queryRunner.query(`alter table brand_review_ratings add column user_id text`);
    await queryRunner.query(
      `create index brand_review_ratings_user_idx on brand_review_ratings (user_id, occurred_at desc)
       where not deleted and user_id is not null`,
    );
    await queryRunner.query(`create index saved_brands_user_created_idx on saved_brands (user_id, created_at desc, id desc)`);
    await queryRunner.query(`create index votes_user_created_idx on votes (user_id, created_at desc)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index votes_user_created_idx`);
    await queryRunner.query(`drop index saved_brands_user_created_idx`);
    await queryRunner.query(`drop index brand_review_ratings_user_idx`);
    await queryRunner.query(`alter table brand_review_ratings drop column user_id`);
    await queryRunner.query(`drop table member_filter_uses`);
    await queryRunner.query(`drop table passport_grants`);
  }
}
