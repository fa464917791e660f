import type { MigrationInterface, QueryRunner } from 'typeorm';

// Unqualified table names: every connection of the service pins search_path to its own schema.
export class CreateDirectory1763856000000 implements MigrationInterface {
  name = 'CreateDirectory1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The vote rule's exclusion constraint needs btree_gist. The administrator creates it (service-roles.sql);
    // `if not exists` makes this a no-op then, and lets a superuser test database get it too.
    await queryRunner.query(`create extension if not exists btree_gist with schema public`);
    await queryRunner.query(`
      create table brands (
        id serial primary key,
        name varchar(255) not null constraint brands_name_present check (length(btrim(name)) > 0),
        description text not null constraint brands_description_length check (length(description) <= 5000),
        category varchar(255) not null,
        location varchar(255) not null,
        delivery varchar(50) not null,
        image_url varchar(500) not null,
        instagram_url varchar(500),
        etsy_url varchar(500),
        website_url varchar(500),
        tiktok_url varchar(500),
        votes integer not null default 0 constraint brands_votes_non_negative check (votes >= 0),
        rating numeric(4, 3) not null default 0 constraint brands_rating_range check (rating between 0 and 5),
        rating_count integer not null default 0 constraint brands_rating_count_non_negative check (rating_count >= 0),
        tags text[] not null default '{}',
        hashtags text[] not null default '{}',
        price_category varchar(10) not null default '££',
        featured boolean not null default false,
        featured_date date,
        views integer not null default 0 constraint brands_views_non_negative check (views >= 0),
        created_at timestamptz not null default now()
      )`);
    // One vote per user per brand per 24 hours, held by the database itself: two votes whose 24-hour windows
    // overlap cannot both exist, however many arrive at once. window_end is stored because an index
    // expression may not compute it (timestamptz + interval is not immutable).
    await queryRunner.query(`
      create table votes (
        id bigserial primary key,
        brand_id integer not null references brands (id) on delete cascade,
        user_id text not null,
        ip_address varchar(45) not null,
        created_at timestamptz not null default now(),
        window_end timestamptz not null default (now() + interval '24 hours'),
        constraint votes_window_is_24_hours check (window_end = created_at + interval '24 hours'),
        constraint votes_once_per_24_hours exclude using gist (
          brand_id with =, user_id with =, tstzrange(created_at, window_end) with &&
        )
      )`);
    await queryRunner.query(`create index votes_created_at_brand_idx on votes (created_at, brand_id)`);
    await queryRunner.query(`
      create table saved_brands (
        id serial primary key,
        user_id text not null,
        brand_id integer not null references brands (id) on delete cascade,
        created_at timestamptz not null default now(),
        constraint saved_brands_once unique (user_id, brand_id)
      )`);
    await queryRunner.query(`create index saved_brands_brand_idx on saved_brands (brand_id)`);
    await queryRunner.query(`
      create table board_items (
        id serial primary key,
        user_id text not null,
        item_name varchar(255) not null,
        brand_name varchar(255) not null,
        item_url varchar(500) not null,
        image_url varchar(500),
        description text,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index board_items_user_idx on board_items (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table board_items`);
    await queryRunner.query(`drop table saved_brands`);
    await queryRunner.query(`drop table votes`);
    await queryRunner.query(`drop table brands`);
  }
}
