import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reviews of hunters (issue 22). `booking_sessions` is this service's copy of each booking's session, fed only by
 * bookings' events: whether a client may review comes from it, never from what the client sends. One review per
 * booking (the unique key decides a race); a report per member per review.
 */
export class HunterReviews1795824000000 implements MigrationInterface {
  name = 'HunterReviews1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
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
      create table hunter_reviews (
        id serial primary key,
        booking_id text not null references booking_sessions (booking_id),
        hunter_id integer not null,
        client_user_id text not null,
        rating smallint not null constraint hunter_reviews_rating_range check (rating between 1 and 5),
        text varchar(2000) not null constraint hunter_reviews_text_length check (char_length(text) >= 10),
        created_at timestamptz not null default now(),
        reply_text varchar(2000) constraint hunter_reviews_reply_not_blank check (char_length(btrim(reply_text)) > 0),
        reply_created_at timestamptz,
        hidden_reason varchar(500),
        hidden_at timestamptz,
        hidden_by text,
        constraint hunter_reviews_booking_key unique (booking_id),
        constraint hunter_reviews_reply_whole check ((reply_text is null) = (reply_created_at is null)),
        constraint hunter_reviews_hidden_whole check ((hidden_at is null) = (hidden_reason is null) and (hidden_at is null) = (hidden_by is null))
      )`);
    await queryRunner.query(`create index hunter_reviews_hunter_created_idx on hunter_reviews (hunter_id, created_at desc, id desc)`);
    await queryRunner.query(`create index hunter_reviews_client_idx on hunter_reviews (client_user_id)`);
    await queryRunner.query(`
      create table hunter_review_reports (
        id serial primary key,
        review_id integer not null references hunter_reviews (id) on delete cascade,
        reporter_user_id text not null,
        reason varchar(500) not null,
        created_at timestamptz not null default now(),
        constraint hunter_review_reports_reporter_key unique (review_id, reporter_user_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_review_reports`);
    await queryRunner.query(`drop table hunter_reviews`);
    await queryRunner.query(`drop table booking_sessions`);
  }
}
