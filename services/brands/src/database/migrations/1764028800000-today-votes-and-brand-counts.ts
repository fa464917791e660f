import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * /today at 100,000 brands and thousands voted today (see docs/brands-today.md):
 *
 * - Each brand row carries its latest day's vote counter (`today_votes_day`, `today_votes`), written by the vote's
 *   own statement, so "voted today" is an index range already in rank order instead of a join of the day's
 *   counters with every brand. brand_daily_votes stays the per-day history (the featured pick reads yesterday).
 * - `brand_counts` holds the number of brands per (category, location, delivery), kept by triggers on brands, so
 *   a page's exact total is a sum over at most a few hundred rows instead of a count over the directory.
 */
export class TodayVotesAndBrandCounts1764028800000 implements MigrationInterface {
  name = 'TodayVotesAndBrandCounts1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The pair is the brand's most recent brand_daily_votes row, or (null, 0) when it never had a vote.
    await queryRunner.query(`
      alter table brands
        add column today_votes integer not null default 0,
        add column today_votes_day date,
        add constraint brands_today_votes_counted check (
          (today_votes_day is null and today_votes = 0) or (today_votes_day is not null and today_votes > 0))`);
    await queryRunner.query(`
      update brands b set today_votes = d.votes, today_votes_day = d.day
      from (select distinct on (brand_id) brand_id, day, votes from brand_daily_votes order by brand_id, day desc) d
      where d.brand_id = b.id`);
    // Only brands that ever had a vote: a query for "today_votes_day = today" implies not null, so it can use them.
    await queryRunner.query(`
      create index brands_today_rank_idx on brands (today_votes_day, today_votes desc, votes desc, id)
      where today_votes_day is not null`);
    await queryRunner.query(`
      create index brands_category_today_rank_idx on brands (category, today_votes_day, today_votes desc, votes desc, id)
      where today_votes_day is not null`);

    await queryRunner.query(`
      create table brand_counts (
        category varchar(255) not null,
        location varchar(255) not null,
        delivery varchar(50) not null,
        brands integer not null constraint brand_counts_non_negative check (brands >= 0),
        primary key (category, location, delivery)
      )`);
    await queryRunner.query(`
      insert into brand_counts (category, location, delivery, brands)
      select category, location, delivery, count(*) from brands group by 1, 2, 3`);

    // Triggers, because brands are written from many places (submissions, admin, CSV, demo data, seeds, cascades)
    // and the count must be right after every one of them. Statement-level with transition tables, so a CSV of
    // 5,000 rows is one upsert per combination, taken in key order so concurrent inserts lock the counters in
    // the same order. `set search_path from current` pins the functions to this service's schema.
    await queryRunner.query(`
      create function brand_counts_after_insert() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into brand_counts as c (category, location, delivery, brands)
        select category, location, delivery, count(*) from added group by 1, 2, 3 order by 1, 2, 3
        on conflict (category, location, delivery) do update set brands = c.brands + excluded.brands;
        return null;
      end $$`);
    await queryRunner.query(`
      create function brand_counts_after_delete() returns trigger language plpgsql set search_path from current as $$
      begin
        update brand_counts c set brands = c.brands - r.n
        from (select category, location, delivery, count(*) as n from removed group by 1, 2, 3 order by 1, 2, 3) r
        where (c.category, c.location, c.delivery) = (r.category, r.location, r.delivery);
        return null;
      end $$`);
    await queryRunner.query(`
      create function brand_counts_after_move() returns trigger language plpgsql set search_path from current as $$
      begin
        update brand_counts set brands = brands - 1
        where (category, location, delivery) = (old.category, old.location, old.delivery);
        insert into brand_counts as c (category, location, delivery, brands)
        values (new.category, new.location, new.delivery, 1)
        on conflict (category, location, delivery) do update set brands = c.brands + 1;
        return null;
      end $$`);
    await queryRunner.query(`
      create function brand_counts_after_truncate() returns trigger language plpgsql set search_path from current as $$
      begin
        delete from brand_counts;
        return null;
      end $$`);
    await queryRunner.query(`
      create trigger brand_counts_insert after insert on brands
      referencing new table as added for each statement execute function brand_counts_after_insert()`);
    await queryRunner.query(`
      create trigger brand_counts_delete after delete on brands
      referencing old table as removed for each statement execute function brand_counts_after_delete()`);
    // Row-level with a WHEN clause: votes and views update brands all the time and never call the function.
    await queryRunner.query(`
      create trigger brand_counts_move after update of category, location, delivery on brands for each row
      when ((old.category, old.location, old.delivery) is distinct from (new.category, new.location, new.delivery))
      execute function brand_counts_after_move()`);
    await queryRunner.query(`
      create trigger brand_counts_truncate after truncate on brands
      for each statement execute function brand_counts_after_truncate()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop trigger brand_counts_truncate on brands`);
    await queryRunner.query(`drop trigger brand_counts_move on brands`);
    await queryRunner.query(`drop trigger brand_counts_delete on brands`);
    await queryRunner.query(`drop trigger brand_counts_insert on brands`);
    await queryRunner.query(`drop function brand_counts_after_truncate()`);
    await queryRunner.query(`drop function brand_counts_after_move()`);
    await queryRunner.query(`drop function brand_counts_after_delete()`);
    await queryRunner.query(`drop function brand_counts_after_insert()`);
    await queryRunner.query(`drop table brand_counts`);
    await queryRunner.query(`drop index brands_category_today_rank_idx`);
    await queryRunner.query(`drop index brands_today_rank_idx`);
    await queryRunner.query(`alter table brands drop constraint brands_today_votes_counted`);
    await queryRunner.query(`alter table brands drop column today_votes_day`);
    await queryRunner.query(`alter table brands drop column today_votes`);
  }
}
