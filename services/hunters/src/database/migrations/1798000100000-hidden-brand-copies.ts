import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37 (decision 0101): the copy of the directory learns brands' moderation (`brands.moderation.decided`). A
 * brand an admin hid keeps its row (its go-to rows, picks and edit items come back when it is restored) with
 * `hidden_at` set, and every read treats it as absent. `moderated_at` is when the latest decision applied to the row
 * happened: a late or replayed decision older than it changes nothing. A clock of its own rather than `updated_at`,
 * so a hide never makes the copy drop a name or tags change that reached it later with an earlier time, nor the
 * reverse.
 *
 * The value tags of a hidden brand stop counting for its knowers: the known-value-tags migration's recompute reads
 * only shown brands now, and its trigger on the copy fires when a brand is hidden or shown as when its tags change.
 */
export class HiddenBrandCopies1798000100000 implements MigrationInterface {
  name = 'HiddenBrandCopies1798000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table brand_copies add column hidden_at timestamptz null, add column moderated_at timestamptz null`);
    await queryRunner.query(refreshFunction('and b.hidden_at is null'));
    await queryRunner.query(brandTagsTriggerFunction('or (n.hidden_at is null) <> (o.hidden_at is null)'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(refreshFunction(''));
    await queryRunner.query(brandTagsTriggerFunction(''));
    await queryRunner.query(`alter table brand_copies drop column hidden_at, drop column moderated_at`);
    await queryRunner.query(`select hunters_refresh_known_value_tags(array(select id from hunters))`);
  }
}

/** The known-value-tags migration's recompute, with `shown` added to both joins of the copy. */
function refreshFunction(shown: string): string {
  return `
    create or replace function hunters_refresh_known_value_tags(ids integer[]) returns void language sql set search_path from current as $$
      with touched as materialized (select distinct unnest(ids) as id),
      known_tags as (
        select g.hunter_id, unnest(b.tags) as tag
          from hunter_go_to_brands g join brand_copies b on b.brand_id = g.brand_id ${shown}
         where g.hunter_id in (select id from touched)
        union all
        select e.hunter_id, unnest(b.tags)
          from hunter_edits e
          join hunter_edit_items i on i.edit_id = e.id
          join brand_copies b on b.brand_id = i.brand_id ${shown}
         where e.publication = 'published' and e.hunter_id in (select id from touched)
      ),
      known as materialized (
        select touched.id, coalesce(array_agg(distinct k.tag order by k.tag) filter (where k.tag is not null), '{}') as tags
          from touched left join known_tags k on k.hunter_id = touched.id
         group by touched.id
      )
      update hunters h set known_value_tags = known.tags
        from known
       where h.id = known.id and h.known_value_tags is distinct from known.tags
    $$`;
}

/** The known-value-tags migration's trigger function on the copy, firing also on `alsoWhen`. */
function brandTagsTriggerFunction(alsoWhen: string): string {
  return `
    create or replace function hunters_known_tags_after_brand_tags() returns trigger language plpgsql set search_path from current as $$
    declare
      brand_ids integer[] := array(
        select n.brand_id from changed_new n join changed_old o on o.brand_id = n.brand_id
         where n.tags is distinct from o.tags ${alsoWhen});
    begin
      if cardinality(brand_ids) > 0 then
        perform hunters_refresh_known_value_tags(array(
          select g.hunter_id from hunter_go_to_brands g where g.brand_id = any(brand_ids)
          union
          select e.hunter_id from hunter_edit_items i join hunter_edits e on e.id = i.edit_id
           where i.brand_id = any(brand_ids) and e.publication = 'published'));
      end if;
      return null;
    end $$`;
}
