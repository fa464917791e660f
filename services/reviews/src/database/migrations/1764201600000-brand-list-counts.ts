import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each brand copy carries how many reviews, review photos and comments it has, so a page of any of them answers
 * its `x-total-count` from one row instead of counting the list (2,000 comments cost more to count than to page).
 *
 * Kept by statement-level triggers with transition tables, as brands keeps brand_counts: reviews, photos and
 * comments are written by the API, by cascades and by seeds, and the counts must be right after each. Photos
 * count onto their review (`photo_count`) and reviews onto their brand, because a cascade deletes a review
 * before its photos, when the photos' brand can no longer be looked up. Writers lock the brand copy with `for key
 * share`, which these updates do not conflict with, so two first reviews of a brand queue on the counter rather
 * than deadlock.
 */
export class BrandListCounts1764201600000 implements MigrationInterface {
  name = 'BrandListCounts1764201600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table brands
        add column review_count integer not null default 0 constraint brands_review_count_non_negative check (review_count >= 0),
        add column photo_count integer not null default 0 constraint brands_photo_count_non_negative check (photo_count >= 0),
        add column comment_count integer not null default 0 constraint brands_comment_count_non_negative check (comment_count >= 0)`);
    await queryRunner.query(`
      alter table reviews
        add column photo_count smallint not null default 0 constraint reviews_photo_count_range check (photo_count between 0 and 3)`);
    await queryRunner.query(`
      update reviews r set photo_count = p.n
      from (select review_id, count(*) as n from review_photos group by review_id) p where p.review_id = r.id`);
    await queryRunner.query(`
      update brands b set
        review_count = (select count(*) from reviews r where r.brand_id = b.brand_id),
        photo_count = (select coalesce(sum(r.photo_count), 0) from reviews r where r.brand_id = b.brand_id),
        comment_count = (select count(*) from comments c where c.brand_id = b.brand_id)`);

    // Rows are grouped and taken in key order, so concurrent statements lock the counters in the same order. The
    // same function serves inserts (+) and deletes (-): the transition table is called `changed` in both.
    await queryRunner.query(`
      create function review_photos_counted() returns trigger language plpgsql set search_path from current as $$
      declare sign integer := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update reviews r set photo_count = r.photo_count + sign * d.n
        from (select review_id, count(*) as n from changed group by 1 order by 1) d where r.id = d.review_id;
        return null;
      end $$`);
    await queryRunner.query(`
      create function reviews_counted() returns trigger language plpgsql set search_path from current as $$
      declare sign integer := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update brands b set review_count = b.review_count + sign * d.n, photo_count = b.photo_count + sign * d.photos
        from (select brand_id, count(*) as n, sum(photo_count) as photos from changed group by 1 order by 1) d
        where b.brand_id = d.brand_id;
        return null;
      end $$`);
    // A review's photos are added after the review: the difference reaches its brand.
    await queryRunner.query(`
      create function review_photo_counts_moved() returns trigger language plpgsql set search_path from current as $$
      begin
        update brands b set photo_count = b.photo_count + d.delta
        from (select n.brand_id, sum(n.photo_count - o.photo_count) as delta
              from after_change n join before_change o on o.id = n.id
              group by 1 having sum(n.photo_count - o.photo_count) <> 0 order by 1) d
        where b.brand_id = d.brand_id;
        return null;
      end $$`);
    await queryRunner.query(`
      create function comments_counted() returns trigger language plpgsql set search_path from current as $$
      declare sign integer := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update brands b set comment_count = b.comment_count + sign * d.n
        from (select brand_id, count(*) as n from changed group by 1 order by 1) d where b.brand_id = d.brand_id;
        return null;
      end $$`);

    for (const [table, fn] of [
      ['review_photos', 'review_photos_counted'],
      ['reviews', 'reviews_counted'],
      ['comments', 'comments_counted'],
    ] as const) {
      await queryRunner.query(`
        create trigger ${table}_counted_on_insert after insert on ${table}
        referencing new table as changed for each statement execute function ${fn}()`);
      await queryRunner.query(`
        create trigger ${table}_counted_on_delete after delete on ${table}
        referencing old table as changed for each statement execute function ${fn}()`);
    }
    await queryRunner.query(`
      create trigger reviews_photo_counts_moved after update on reviews
      referencing old table as before_change new table as after_change
      for each statement execute function review_photo_counts_moved()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop trigger reviews_photo_counts_moved on reviews`);
    for (const table of ['review_photos', 'reviews', 'comments']) {
      await queryRunner.query(`drop trigger ${table}_counted_on_insert on ${table}`);
      await queryRunner.query(`drop trigger ${table}_counted_on_delete on ${table}`);
    }
    for (const fn of ['review_photos_counted', 'reviews_counted', 'review_photo_counts_moved', 'comments_counted']) {
      await queryRunner.query(`drop function ${fn}()`);
    }
    await queryRunner.query(`alter table reviews drop column photo_count`);
    await queryRunner.query(`alter table brands drop column review_count, drop column photo_count, drop column comment_count`);
  }
}
