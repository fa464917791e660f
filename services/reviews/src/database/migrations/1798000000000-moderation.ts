import { createModerationTables, dropModerationTables } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, reporting and moderation (decision 0101): the platform's moderation kit keeps its reports, cases and
 * decisions here for this service's three kinds (brand reviews, comments, reviews of hunters).
 *
 * - `reviews.hidden_at` and `comments.hidden_at`: hidden by an admin; every read leaves such a row out, and the brand
 *   copy's list counts (the BrandListCounts triggers) count only the shown ones: a hide or a restore moves them.
 * - Reviews of hunters had their own reports and hide (issue 22): their reports move into `content_reports` (the
 *   free-text reason becomes `other` with its words as the details), each reported or hidden review gets its case
 *   (hidden ones with the decision that hid them, by the admin's id and their name from the users copy), and
 *   `hunter_review_reports` and the columns of the old hide go; `hunter_reviews.hidden_at` stays the filter.
 */
export class Moderation1798000000000 implements MigrationInterface {
  name = 'Moderation1798000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createModerationTables(queryRunner, ['brand-review', 'comment', 'hunter-review']);
    await queryRunner.query(`alter table reviews add column hidden_at timestamptz`);
    await queryRunner.query(`alter table comments add column hidden_at timestamptz`);
    await this.countShownOnly(queryRunner);
    await this.moveHunterReviewReports(queryRunner);
  }

  /**
   * The list counts of the brand copy count shown rows only: inserts and deletes of hidden rows change nothing, and
   * an update that hides or shows a review (or changes a shown review's photo count) moves its brand's counts.
   */
  private async countShownOnly(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create or replace function reviews_counted() returns trigger language plpgsql set search_path from current as $$
      declare sign integer := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update brands b set review_count = b.review_count + sign * d.n, photo_count = b.photo_count + sign * d.photos
        from (select brand_id, count(*) as n, sum(photo_count) as photos from changed where hidden_at is null
              group by 1 order by 1) d
        where b.brand_id = d.brand_id;
        return null;
      end $$`);
    await queryRunner.query(`
      create or replace function review_photo_counts_moved() returns trigger language plpgsql set search_path from current as $$
      begin
        update brands b set review_count = b.review_count + d.reviews, photo_count = b.photo_count + d.photos
        from (select n.brand_id,
                     sum((n.hidden_at is null)::int - (o.hidden_at is null)::int) as reviews,
                     sum(case when n.hidden_at is null then n.photo_count else 0 end
                         - case when o.hidden_at is null then o.photo_count else 0 end) as photos
              from after_change n join before_change o on o.id = n.id
              group by 1 order by 1) d
        where b.brand_id = d.brand_id and (d.reviews <> 0 or d.photos <> 0);
        return null;
      end $$`);
    await queryRunner.query(`
      create or replace function comments_counted() returns trigger language plpgsql set search_path from current as $$
      declare sign integer := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update brands b set comment_count = b.comment_count + sign * d.n
        from (select brand_id, count(*) as n from changed where hidden_at is null group by 1 order by 1) d
        where b.brand_id = d.brand_id;
        return null;
      end $$`);
    await queryRunner.query(`
      create function comment_visibility_moved() returns trigger language plpgsql set search_path from current as $$
      begin
        update brands b set comment_count = b.comment_count + d.n
        from (select n.brand_id, sum((n.hidden_at is null)::int - (o.hidden_at is null)::int) as n
              from after_change n join before_change o on o.id = n.id
              group by 1 having sum((n.hidden_at is null)::int - (o.hidden_at is null)::int) <> 0 order by 1) d
        where b.brand_id = d.brand_id;
        return null;
      end $$`);
    await queryRunner.query(`
      create trigger comments_visibility_moved after update on comments
      referencing old table as before_change new table as after_change
      for each statement execute function comment_visibility_moved()`);
  }

  private async moveHunterReviewReports(queryRunner: QueryRunner): Promise<void> {
    // A case for every reported or hidden review: hidden ones hidden, reported and shown ones open since their
    // first report (the old queue had no decision but the hide: those reports are still to decide).
    await queryRunner.query(`
      insert into moderation_cases (kind, item_id, state, author_user_id, hidden_reason, hidden_at, waiting_since, created_at)
      select 'hunter-review', r.id,
             case when r.hidden_at is not null then 'hidden' else 'open' end,
             r.client_user_id, left(r.hidden_reason, 500), r.hidden_at,
             case when r.hidden_at is null then (select min(p.created_at) from hunter_review_reports p where p.review_id = r.id) end,
             coalesce((select min(p.created_at) from hunter_review_reports p where p.review_id = r.id), r.hidden_at)
        from hunter_reviews r
       where r.hidden_at is not null or exists (select 1 from hunter_review_reports p where p.review_id = r.id)`);
    await queryRunner.query(`
      insert into moderation_decisions (case_id, action, reason, admin_user_id, admin_name, decided_at)
      select c.id, 'hidden', c.hidden_reason, r.hidden_by,
             coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), r.hidden_by), r.hidden_at
        from moderation_cases c
        join hunter_reviews r on r.id = c.item_id
        left join users u on u.user_id = r.hidden_by
       where c.kind = 'hunter-review' and r.hidden_at is not null`);
    // Reports made before the hide were answered by it; any made after it (the old routes allowed that) too.
    await queryRunner.query(`
      insert into content_reports (kind, item_id, reporter_user_id, reason, details, created_at, decision_id)
      select 'hunter-review', p.review_id, p.reporter_user_id, 'other', left(p.reason, 500), p.created_at, d.id
        from hunter_review_reports p
        join moderation_cases c on c.kind = 'hunter-review' and c.item_id = p.review_id
        left join moderation_decisions d on d.case_id = c.id
       order by p.id`);
    await queryRunner.query(`drop table hunter_review_reports`);
    await queryRunner.query(`alter table hunter_reviews drop constraint hunter_reviews_hidden_whole`);
    await queryRunner.query(`alter table hunter_reviews drop column hidden_reason, drop column hidden_by`);
  }

  /** The old reports come back from the kit's (their reason as their words); brand reviews' and comments' go. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_reviews add column hidden_reason varchar(500), add column hidden_by text`);
    await queryRunner.query(`
      update hunter_reviews r set hidden_reason = coalesce(c.hidden_reason, 'Hidden'),
             hidden_by = coalesce((select d.admin_user_id from moderation_decisions d where d.case_id = c.id and d.action = 'hidden'
                                   order by d.decided_at desc limit 1), 'former-member')
        from moderation_cases c where c.kind = 'hunter-review' and c.item_id = r.id and r.hidden_at is not null`);
    await queryRunner.query(`update hunter_reviews set hidden_at = null where hidden_at is not null and hidden_reason is null`);
    await queryRunner.query(`
      alter table hunter_reviews add constraint hunter_reviews_hidden_whole
        check ((hidden_at is null) = (hidden_reason is null) and (hidden_at is null) = (hidden_by is null))`);
    await queryRunner.query(`
      create table hunter_review_reports (
        id serial primary key,
        review_id integer not null references hunter_reviews (id) on delete cascade,
        reporter_user_id text,
        reason varchar(500) not null,
        created_at timestamptz not null default now(),
        constraint hunter_review_reports_reporter_key unique (review_id, reporter_user_id)
      )`);
    await queryRunner.query(`create index hunter_review_reports_reporter_idx on hunter_review_reports (reporter_user_id)`);
    await queryRunner.query(`
      insert into hunter_review_reports (review_id, reporter_user_id, reason, created_at)
      select p.item_id, p.reporter_user_id, coalesce(p.details, p.reason), p.created_at
        from content_reports p join hunter_reviews r on r.id = p.item_id
       where p.kind = 'hunter-review' order by p.id`);
    await queryRunner.query(`drop trigger comments_visibility_moved on comments`);
    await queryRunner.query(`drop function comment_visibility_moved()`);
    // Hidden rows count again under the first triggers' rules: the counts are recomputed from every row.
    await queryRunner.query(`alter table reviews drop column hidden_at`);
    await queryRunner.query(`alter table comments drop column hidden_at`);
    await queryRunner.query(`
      create or replace function reviews_counted() returns trigger language plpgsql set search_path from current as $$
      declare sign integer := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update brands b set review_count = b.review_count + sign * d.n, photo_count = b.photo_count + sign * d.photos
        from (select brand_id, count(*) as n, sum(photo_count) as photos from changed group by 1 order by 1) d
        where b.brand_id = d.brand_id;
        return null;
      end $$`);
    await queryRunner.query(`
      create or replace function review_photo_counts_moved() returns trigger language plpgsql set search_path from current as $$
      begin
        update brands b set photo_count = b.photo_count + d.delta
        from (select n.brand_id, sum(n.photo_count - o.photo_count) as delta
              from after_change n join before_change o on o.id = n.id
              group by 1 having sum(n.photo_count - o.photo_count) <> 0 order by 1) d
        where b.brand_id = d.brand_id;
        return null;
      end $$`);
    await queryRunner.query(`
      create or replace function comments_counted() returns trigger language plpgsql set search_path from current as $$
      declare sign integer := case when tg_op = 'INSERT' then 1 else -1 end;
      begin
        update brands b set comment_count = b.comment_count + sign * d.n
        from (select brand_id, count(*) as n from changed group by 1 order by 1) d where b.brand_id = d.brand_id;
        return null;
      end $$`);
    await queryRunner.query(`
      update brands b set
        review_count = (select count(*) from reviews r where r.brand_id = b.brand_id),
        photo_count = (select coalesce(sum(r.photo_count), 0) from reviews r where r.brand_id = b.brand_id),
        comment_count = (select count(*) from comments c where c.brand_id = b.brand_id)`);
    await dropModerationTables(queryRunner);
  }
}
