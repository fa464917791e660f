import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the directory's reads need at 100,000 brands: a full-text search document, indexes matching each list's
 * order (rating, votes, id for /brands; votes, id for /today), and a per-London-day vote counter so "today"
 * never has to scan the votes table.
 */
export class BrandSearchAndDailyVotes1763942400000 implements MigrationInterface {
  name = 'BrandSearchAndDailyVotes1763942400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A generated column may only call IMMUTABLE functions; array_to_string is STABLE in general (it calls the
    // element type's output function) but is immutable for text[], which is all this wrapper accepts. The
    // 'simple' configuration does not stem: brand names are proper nouns in several languages, and prefix
    // matching ("loo" finds "Loom") needs the words as written.
    await queryRunner.query(`
      create function brands_search_document(name text, description text, tags text[], hashtags text[])
      returns tsvector language sql immutable parallel safe as $$
        select setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A')
            || setweight(to_tsvector('simple'::regconfig, array_to_string(coalesce(tags, '{}'), ' ')), 'B')
            || setweight(to_tsvector('simple'::regconfig, array_to_string(coalesce(hashtags, '{}'), ' ')), 'B')
            || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')
      $$`);
    await queryRunner.query(`
      alter table brands add column search_document tsvector
        generated always as (brands_search_document(name, description, tags, hashtags)) stored`);
    await queryRunner.query(`create index brands_search_idx on brands using gin (search_document)`);

    // Hashtag filtering is case-insensitive; an indexable form is the lower-cased array.
    await queryRunner.query(`
      create function brands_lower_hashtags(hashtags text[]) returns text[]
      language sql immutable parallel safe as $$ select array(select lower(h) from unnest(hashtags) as h) $$`);
    await queryRunner.query(`create index brands_hashtags_lower_idx on brands using gin (brands_lower_hashtags(hashtags))`);
    await queryRunner.query(`create index brands_tags_idx on brands using gin (tags)`);

    // /api/brands: order rating desc, votes desc, id; the category filter is the common narrowing.
    await queryRunner.query(`create index brands_rank_idx on brands (rating desc, votes desc, id)`);
    await queryRunner.query(`create index brands_category_rank_idx on brands (category, rating desc, votes desc, id)`);
    // /api/brands/today: brands without votes today follow in all-time order.
    await queryRunner.query(`create index brands_votes_idx on brands (votes desc, id)`);
    await queryRunner.query(`create index brands_category_votes_idx on brands (category, votes desc, id)`);
    await queryRunner.query(`create index brands_featured_date_idx on brands (featured_date) where featured`);

    // Votes received per brand per Europe/London calendar day, kept in the vote's own transaction.
    await queryRunner.query(`
      create table brand_daily_votes (
        brand_id integer not null references brands (id) on delete cascade,
        day date not null,
        votes integer not null constraint brand_daily_votes_positive check (votes > 0),
        primary key (brand_id, day)
      )`);
    await queryRunner.query(`create index brand_daily_votes_day_idx on brand_daily_votes (day, votes desc, brand_id)`);
    await queryRunner.query(`
      insert into brand_daily_votes (brand_id, day, votes)
      select brand_id, (created_at at time zone 'Europe/London')::date, count(*) from votes group by 1, 2`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table brand_daily_votes`);
    await queryRunner.query(`drop index brands_featured_date_idx`);
    await queryRunner.query(`drop index brands_category_votes_idx`);
    await queryRunner.query(`drop index brands_votes_idx`);
    await queryRunner.query(`drop index brands_category_rank_idx`);
    await queryRunner.query(`drop index brands_rank_idx`);
    await queryRunner.query(`drop index brands_tags_idx`);
    await queryRunner.query(`drop index brands_hashtags_lower_idx`);
    await queryRunner.query(`drop function brands_lower_hashtags(text[])`);
    await queryRunner.query(`alter table brands drop column search_document`);
    await queryRunner.query(`drop function brands_search_document(text, text, text[], text[])`);
  }
}
