import { CREATE_USERS_COPY_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Unqualified table names: every connection of the service pins search_path to its own schema.
export class CreateReviewsPhotosComments1764115200000 implements MigrationInterface {
  name = 'CreateReviewsPhotosComments1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Local copies fed by events: brands says which brand ids exist, identity who is called what.
    await queryRunner.query(`create table brands (brand_id integer primary key)`);
    await queryRunner.query(CREATE_USERS_COPY_TABLE);
    // A brand's reviews and comments go with it: deleting the brand copy cascades.
    await queryRunner.query(`
      create table reviews (
        id serial primary key,
        brand_id integer not null references brands (brand_id) on delete cascade,
        user_id text not null,
        rating smallint not null constraint reviews_rating_range check (rating between 1 and 5),
        speed_rating smallint not null constraint reviews_speed_rating_range check (speed_rating between 1 and 5),
        ease_rating smallint not null constraint reviews_ease_rating_range check (ease_rating between 1 and 5),
        quality_rating smallint not null constraint reviews_quality_rating_range check (quality_rating between 1 and 5),
        sustainability_rating smallint not null
          constraint reviews_sustainability_rating_range check (sustainability_rating between 1 and 5),
        review_text varchar(2000),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint reviews_brand_user_key unique (brand_id, user_id)
      )`);
    await queryRunner.query(`create index reviews_brand_created_idx on reviews (brand_id, created_at desc, id desc)`);
    await queryRunner.query(`
      create table review_photos (
        id uuid primary key,
        review_id integer not null references reviews (id) on delete cascade,
        position smallint not null constraint review_photos_position_range check (position between 0 and 2),
        content_type text not null,
        bytes bytea not null,
        byte_length integer not null,
        created_at timestamptz not null default now(),
        constraint review_photos_review_position_key unique (review_id, position)
      )`);
    await queryRunner.query(`
      create table comments (
        id serial primary key,
        brand_id integer not null references brands (brand_id) on delete cascade,
        user_id text not null,
        content varchar(500) not null constraint comments_content_not_blank check (length(btrim(content, E' \\t\\r\\n')) > 0),
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index comments_brand_created_idx on comments (brand_id, created_at desc, id desc)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table comments`);
    await queryRunner.query(`drop table review_photos`);
    await queryRunner.query(`drop table reviews`);
    await queryRunner.query(`drop table users`);
    await queryRunner.query(`drop table brands`);
  }
}
