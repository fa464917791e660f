import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hunter profiles: one per user (unique user_id), a full-text search document over what the listing searches, and
 * an index matching each of the listing's five sorts (every sort ends in id, so pages never repeat a hunter).
 */
export class CreateHunters1764288000000 implements MigrationInterface {
  name = 'CreateHunters1764288000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunters (
        id serial primary key,
        user_id varchar(255) constraint hunters_user_id_key unique,
        name varchar(255) not null,
        profile_image_url varchar(500),
        bio text not null default '',
        specialties text[] not null default '{}',
        price_per_session integer not null default 0,
        location varchar(255) not null,
        availability_status varchar(50) not null default 'Available'
          constraint hunters_availability_status_check check (availability_status in ('Available', 'Busy', 'Unavailable')),
        rating numeric(3, 2) not null default 5,
        review_count integer not null default 0,
        total_sessions integer not null default 0,
        advice_types text[] not null default '{}',
        languages text[] not null default '{English}',
        years_experience integer not null default 0,
        featured boolean not null default false,
        session_types jsonb not null,
        instagram_url varchar(500),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);

    // As brands_search_document: 'simple' (no stemming) so words match as prefixes of what was written.
    await queryRunner.query(`
      create function hunters_search_document(
        name text, bio text, specialties text[], advice_types text[], languages text[], location text)
      returns tsvector language sql immutable parallel safe as $$
        select setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A')
            || setweight(to_tsvector('simple'::regconfig, array_to_string(coalesce(specialties, '{}'), ' ')), 'B')
            || setweight(to_tsvector('simple'::regconfig, array_to_string(coalesce(advice_types, '{}'), ' ')), 'B')
            || setweight(to_tsvector('simple'::regconfig, array_to_string(coalesce(languages, '{}'), ' ')), 'C')
            || setweight(to_tsvector('simple'::regconfig, coalesce(location, '')), 'C')
            || setweight(to_tsvector('simple'::regconfig, coalesce(bio, '')), 'D')
      $$`);
    await queryRunner.query(`
      alter table hunters add column search_document tsvector generated always as
        (hunters_search_document(name, bio, specialties, advice_types, languages, location)) stored`);
    await queryRunner.query(`create index hunters_search_idx on hunters using gin (search_document)`);
    await queryRunner.query(`create index hunters_specialties_idx on hunters using gin (specialties)`);
    await queryRunner.query(`create index hunters_advice_types_idx on hunters using gin (advice_types)`);

    // One index per sort, in the sort's own order.
    await queryRunner.query(`
      create index hunters_top_picks_idx on hunters
        (featured desc, rating desc, review_count desc, total_sessions desc, id)`);
    await queryRunner.query(`create index hunters_price_idx on hunters (price_per_session, id)`);
    await queryRunner.query(`create index hunters_price_desc_idx on hunters (price_per_session desc, id)`);
    await queryRunner.query(`create index hunters_experience_idx on hunters (years_experience desc, id)`);
    await queryRunner.query(`create index hunters_sessions_idx on hunters (total_sessions desc, id)`);
    await queryRunner.query(`create index hunters_location_idx on hunters (location, price_per_session, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunters`);
    await queryRunner.query(`drop function hunters_search_document(text, text, text[], text[], text[], text)`);
  }
}
