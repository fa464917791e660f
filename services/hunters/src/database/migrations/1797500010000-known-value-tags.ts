import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `hunters.known_value_tags` (issue 35, decision 0092): the value tags of the brands a hunter knows (their go-to
 * brands and the brands named in their published edits), sorted, so the listing's `valueTag` filter is one GIN
 * probe of the hunter's own row instead of a join of every go-to row of the tag's brands (50–150 ms at 10,000
 * hunters).
 *
 * Kept by triggers, because its inputs are written from several places (go-to saves, a client's consent and its
 * withdrawal, brands' events on the copy, the FK cascades of a brand leaving, the bench's seeds), and it must be
 * right after each. Statement-level with transition tables, so a seed of 120,000 go-to rows recomputes each hunter
 * once; each trigger recomputes the hunters its rows touch from scratch (`hunters_refresh_known_value_tags`), so no
 * order of writes can leave it wrong. A truncate (which fires no delete trigger) recomputes every hunter that had
 * tags. `set search_path from current` pins the functions to this service's schema.
 */
export class KnownValueTags1797500010000 implements MigrationInterface {
  name = 'KnownValueTags1797500010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunters add column known_value_tags text[] not null default '{}'`);
    await queryRunner.query(`
      create function hunters_refresh_known_value_tags(ids integer[]) returns void language sql set search_path from current as $$
        -- Set-based (joins of the touched hunters' rows, not a subquery per hunter): a seed of 120,000 go-to rows is
        -- one pass whatever the planner believes of a table's size (per hunter, a table it thought empty was read
        -- whole for each of 10,000 hunters: minutes).
        with touched as materialized (select distinct unnest(ids) as id),
        known_tags as (
          select g.hunter_id, unnest(b.tags) as tag
            from hunter_go_to_brands g join brand_copies b on b.brand_id = g.brand_id
           where g.hunter_id in (select id from touched)
          union all
          select e.hunter_id, unnest(b.tags)
            from hunter_edits e
            join hunter_edit_items i on i.edit_id = e.id
            join brand_copies b on b.brand_id = i.brand_id
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
      $$`);

    // Go-to rows name their hunter.
    await queryRunner.query(`
      create function hunters_known_tags_after_go_to() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          perform hunters_refresh_known_value_tags(array(select hunter_id from changed_new));
        elsif tg_op = 'DELETE' then
          perform hunters_refresh_known_value_tags(array(select hunter_id from changed_old));
        else
          perform hunters_refresh_known_value_tags(array(select hunter_id from changed_new union select hunter_id from changed_old));
        end if;
        return null;
      end $$`);
    // Items count only in a published edit (a private edit's brands say who the client was, not what is public).
    await queryRunner.query(`
      create function hunters_known_tags_after_items() returns trigger language plpgsql set search_path from current as $$
      declare
        edit_ids integer[];
      begin
        if tg_op = 'INSERT' then
          edit_ids := array(select edit_id from changed_new);
        elsif tg_op = 'DELETE' then
          edit_ids := array(select edit_id from changed_old);
        else
          edit_ids := array(select edit_id from changed_new union select edit_id from changed_old);
        end if;
        perform hunters_refresh_known_value_tags(
          array(select e.hunter_id from hunter_edits e where e.id = any(edit_ids) and e.publication = 'published'));
        return null;
      end $$`);
    // An edit matters when it becomes or stops being published (consent, its withdrawal, or an insert as published).
    await queryRunner.query(`
      create function hunters_known_tags_after_edits() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          perform hunters_refresh_known_value_tags(array(select hunter_id from changed_new where publication = 'published'));
        elsif tg_op = 'DELETE' then
          perform hunters_refresh_known_value_tags(array(select hunter_id from changed_old where publication = 'published'));
        else
          perform hunters_refresh_known_value_tags(array(
            select n.hunter_id from changed_new n join changed_old o on o.id = n.id
             where (n.publication = 'published') <> (o.publication = 'published') or n.hunter_id <> o.hunter_id
            union
            select o.hunter_id from changed_new n join changed_old o on o.id = n.id
             where o.publication = 'published' and n.hunter_id <> o.hunter_id));
        end if;
        return null;
      end $$`);
    // A brand's tags changed: its knowers (a deleted brand's rows go through the cascades' own triggers).
    await queryRunner.query(`
      create function hunters_known_tags_after_brand_tags() returns trigger language plpgsql set search_path from current as $$
      declare
        brand_ids integer[] := array(
          select n.brand_id from changed_new n join changed_old o on o.brand_id = n.brand_id where n.tags is distinct from o.tags);
      begin
        if cardinality(brand_ids) > 0 then
          perform hunters_refresh_known_value_tags(array(
            select g.hunter_id from hunter_go_to_brands g where g.brand_id = any(brand_ids)
            union
            select e.hunter_id from hunter_edit_items i join hunter_edits e on e.id = i.edit_id
             where i.brand_id = any(brand_ids) and e.publication = 'published'));
        end if;
        return null;
      end $$`);
    await queryRunner.query(`
      create function hunters_known_tags_after_truncate() returns trigger language plpgsql set search_path from current as $$
      begin
        perform hunters_refresh_known_value_tags(array(select id from hunters where known_value_tags <> '{}'));
        return null;
      end $$`);

    for (const [table, fn] of [
      ['hunter_go_to_brands', 'hunters_known_tags_after_go_to'],
      ['hunter_edit_items', 'hunters_known_tags_after_items'],
      ['hunter_edits', 'hunters_known_tags_after_edits'],
    ] as const) {
      await queryRunner.query(`
        create trigger ${table}_known_tags_insert after insert on ${table}
        referencing new table as changed_new for each statement execute function ${fn}()`);
      await queryRunner.query(`
        create trigger ${table}_known_tags_update after update on ${table}
        referencing old table as changed_old new table as changed_new for each statement execute function ${fn}()`);
      await queryRunner.query(`
        create trigger ${table}_known_tags_delete after delete on ${table}
        referencing old table as changed_old for each statement execute function ${fn}()`);
      await queryRunner.query(`
        create trigger ${table}_known_tags_truncate after truncate on ${table}
        for each statement execute function hunters_known_tags_after_truncate()`);
    }
    await queryRunner.query(`
      create trigger brand_copies_known_tags_update after update on brand_copies
      referencing old table as changed_old new table as changed_new for each statement
      execute function hunters_known_tags_after_brand_tags()`);

    await queryRunner.query(`select hunters_refresh_known_value_tags(array(select id from hunters))`);
    // Kept to approved hunters, as every index of the listing (the add-hunter-vetting migration).
    await queryRunner.query(
      `create index hunters_known_value_tags_idx on hunters using gin (known_value_tags) where status = 'approved'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop trigger brand_copies_known_tags_update on brand_copies`);
    for (const table of ['hunter_go_to_brands', 'hunter_edit_items', 'hunter_edits']) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) {
        await queryRunner.query(`drop trigger ${table}_known_tags_${event} on ${table}`);
      }
    }
    for (const fn of ['after_truncate', 'after_brand_tags', 'after_edits', 'after_items', 'after_go_to']) {
      await queryRunner.query(`drop function hunters_known_tags_${fn}()`);
    }
    await queryRunner.query(`drop function hunters_refresh_known_value_tags(integer[])`);
    await queryRunner.query(`drop index hunters_known_value_tags_idx`);
    await queryRunner.query(`alter table hunters drop column known_value_tags`);
  }
}
