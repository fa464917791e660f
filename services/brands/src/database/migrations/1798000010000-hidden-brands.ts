import { createModerationTables, dropModerationTables } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37 item 9 (decision 0101): a brand an admin hid leaves every public read.
 *
 * - `brands.hidden_at`: when moderation hid the brand (null: shown). The reason and the decisions are the
 *   moderation kit's case (`moderation_cases`); the brand's row keeps only whether it is hidden, which every read
 *   filters on.
 * - `brands.submitted_by`: the member whose submission it was (null for admin, CSV and demo brands, older
 *   submissions, and once the member deleted their account): they may still open their hidden brand's page, see why
 *   and appeal. `brands_submitted_by_idx` finds a member's submissions for their export and erasure.
 * - `brand_counts` counts shown brands only: the triggers leave hidden rows out and move a brand out of (and back
 *   into) its combination when it is hidden (shown again), so the directory's totals never count a hidden brand.
 * - The platform's moderation kit's tables (`content_reports`, `moderation_cases`, `moderation_decisions`) for the
 *   one kind this service owns, `brand`.
 */
export class HiddenBrands1798000010000 implements MigrationInterface {
  name = 'HiddenBrands1798000010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createModerationTables(queryRunner, ['brand']);
    await queryRunner.query(`alter table brands add column hidden_at timestamptz, add column submitted_by text`);
    await queryRunner.query(`create index brands_submitted_by_idx on brands (submitted_by) where submitted_by is not null`);
    await queryRunner.query(`
      create or replace function brand_counts_after_insert() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into brand_counts as c (category, location, delivery, brands)
        select category, location, delivery, count(*) from added where hidden_at is null group by 1, 2, 3 order by 1, 2, 3
        on conflict (category, location, delivery) do update set brands = c.brands + excluded.brands;
        return null;
      end $$`);
    await queryRunner.query(`
      create or replace function brand_counts_after_delete() returns trigger language plpgsql set search_path from current as $$
      begin
        update brand_counts c set brands = c.brands - r.n
        from (select category, location, delivery, count(*) as n from removed where hidden_at is null
              group by 1, 2, 3 order by 1, 2, 3) r
        where (c.category, c.location, c.delivery) = (r.category, r.location, r.delivery);
        return null;
      end $$`);
    // A move, a hide or a restore: the old row leaves its count if it was shown, the new one joins if it is.
    await queryRunner.query(`
      create or replace function brand_counts_after_move() returns trigger language plpgsql set search_path from current as $$
      begin
        if old.hidden_at is null then
          update brand_counts set brands = brands - 1
          where (category, location, delivery) = (old.category, old.location, old.delivery);
        end if;
        if new.hidden_at is null then
          insert into brand_counts as c (category, location, delivery, brands)
          values (new.category, new.location, new.delivery, 1)
          on conflict (category, location, delivery) do update set brands = c.brands + 1;
        end if;
        return null;
      end $$`);
    await queryRunner.query(`drop trigger brand_counts_move on brands`);
    await queryRunner.query(`
      create trigger brand_counts_move after update of category, location, delivery, hidden_at on brands for each row
      when ((old.category, old.location, old.delivery) is distinct from (new.category, new.location, new.delivery)
            or (old.hidden_at is null) <> (new.hidden_at is null))
      execute function brand_counts_after_move()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop trigger brand_counts_move on brands`);
    await queryRunner.query(`
      create or replace function brand_counts_after_move() returns trigger language plpgsql set search_path from current as $$
      begin
        update brand_counts set brands = brands - 1
        where (category, location, delivery) = (old.category, old.location, old.delivery);
        insert into brand_counts as c (category, location, delivery, brands)
        values (new.category, new.location, new.delivery, 1)
        on conflict (category, location, delivery) do update set brands = c.brands + 1;
        return null;
      end $$`);
    await queryRunner.query(`
      create trigger brand_counts_move after update of category, location, delivery on brands for each row
      when ((old.category, old.location, old.delivery) is distinct from (new.category, new.location, new.delivery))
      execute function brand_counts_after_move()`);
    await queryRunner.query(`
      create or replace function brand_counts_after_insert() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into brand_counts as c (category, location, delivery, brands)
        select category, location, delivery, count(*) from added group by 1, 2, 3 order by 1, 2, 3
        on conflict (category, location, delivery) do update set brands = c.brands + excluded.brands;
        return null;
      end $$`);
    await queryRunner.query(`
      create or replace function brand_counts_after_delete() returns trigger language plpgsql set search_path from current as $$
      begin
        update brand_counts c set brands = c.brands - r.n
        from (select category, location, delivery, count(*) as n from removed group by 1, 2, 3 order by 1, 2, 3) r
        where (c.category, c.location, c.delivery) = (r.category, r.location, r.delivery);
        return null;
      end $$`);
    // Hidden brands count again, as every brand did before.
    await queryRunner.query(`delete from brand_counts`);
    await queryRunner.query(`
      insert into brand_counts (category, location, delivery, brands)
      select category, location, delivery, count(*) from brands group by 1, 2, 3`);
    await queryRunner.query(`drop index brands_submitted_by_idx`);
    await queryRunner.query(`alter table brands drop column submitted_by, drop column hidden_at`);
    await dropModerationTables(queryRunner);
  }
}
