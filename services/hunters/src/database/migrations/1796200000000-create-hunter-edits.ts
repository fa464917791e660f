import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where the directory meets the hunters (issue 25). Hunters owns Hunter Edits, go-to brands and the brands each
 * hunter knows, so it keeps two copies:
 * - `brand_copies`: the directory's brands as `brands.brand.*` describe them (name, image, value tags), so an edit
 *   or a go-to list names only brands that exist, and the listing filters hunters by the tags of what they know.
 * - `hunter_client_sessions`: each of its hunters' sessions that ended in a session (bookings' completion, or the
 *   hunter's attendance mark), with the client: an edit may be sent only for one of these.
 * An edit is one per booking (unique), 3–12 items (the count is the service's rule; positions 1–12 the table's),
 * a brand once per edit. `published_at` is set exactly when it is published. An item keeps its brand's name: when
 * a brand leaves the directory its items stay, without the link (`brand_id` set null).
 */
export class CreateHunterEdits1796200000000 implements MigrationInterface {
  name = 'CreateHunterEdits1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table brand_copies (
        brand_id integer primary key,
        name text not null,
        image_url text not null,
        tags text[] not null default '{}',
        updated_at timestamptz not null
      )`);
    await queryRunner.query(`create index brand_copies_tags_idx on brand_copies using gin (tags)`);
    await queryRunner.query(`create index brand_copies_name_idx on brand_copies (lower(name) text_pattern_ops)`);

    await queryRunner.query(`
      create table hunter_go_to_brands (
        hunter_id integer not null references hunters (id) on delete cascade,
        brand_id integer not null references brand_copies (brand_id) on delete cascade,
        position smallint not null constraint hunter_go_to_brands_position_check check (position between 1 and 12),
        primary key (hunter_id, brand_id)
      )`);
    await queryRunner.query(`create index hunter_go_to_brands_brand_idx on hunter_go_to_brands (brand_id, hunter_id)`);

    await queryRunner.query(`
      create table hunter_client_sessions (
        booking_id text primary key,
        hunter_id integer not null references hunters (id) on delete cascade,
        client_user_id text not null,
        ends_at timestamptz not null,
        completed_at timestamptz,
        attendance text constraint hunter_client_sessions_attendance_check check (attendance in ('held', 'no_show')),
        updated_at timestamptz not null
      )`);
    await queryRunner.query(`create index hunter_client_sessions_hunter_idx on hunter_client_sessions (hunter_id)`);

    await queryRunner.query(`
      create table hunter_edits (
        id serial primary key,
        booking_id text not null unique references hunter_client_sessions (booking_id),
        hunter_id integer not null references hunters (id) on delete cascade,
        client_user_id text not null,
        title text not null constraint hunter_edits_title_check check (char_length(title) between 1 and 120),
        note text not null default '' constraint hunter_edits_note_check check (char_length(note) <= 1000),
        publication text not null default 'private'
          constraint hunter_edits_publication_check check (publication in ('private', 'requested', 'published', 'declined')),
        sent_at timestamptz not null default now(),
        publish_requested_at timestamptz,
        answered_at timestamptz,
        published_at timestamptz,
        constraint hunter_edits_published_check check ((publication = 'published') = (published_at is not null))
      )`);
    await queryRunner.query(`create index hunter_edits_hunter_idx on hunter_edits (hunter_id, sent_at desc, id desc)`);
    await queryRunner.query(`create index hunter_edits_client_idx on hunter_edits (client_user_id, sent_at desc, id desc)`);
    await queryRunner.query(
      `create index hunter_edits_published_idx on hunter_edits (hunter_id, published_at desc, id desc) where publication = 'published'`,
    );

    await queryRunner.query(`
      create table hunter_edit_items (
        edit_id integer not null references hunter_edits (id) on delete cascade,
        position smallint not null constraint hunter_edit_items_position_check check (position between 1 and 12),
        brand_id integer references brand_copies (brand_id) on delete set null,
        brand_name text not null,
        item_name text not null constraint hunter_edit_items_name_check check (char_length(item_name) between 1 and 120),
        product_url text constraint hunter_edit_items_url_check check (char_length(product_url) <= 500),
        photo_url text,
        why text not null constraint hunter_edit_items_why_check check (char_length(why) between 1 and 160),
        primary key (edit_id, position),
        constraint hunter_edit_items_brand_once unique (edit_id, brand_id)
      )`);
    await queryRunner.query(`create index hunter_edit_items_brand_idx on hunter_edit_items (brand_id, edit_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_edit_items`);
    await queryRunner.query(`drop table hunter_edits`);
    await queryRunner.query(`drop table hunter_client_sessions`);
    await queryRunner.query(`drop table hunter_go_to_brands`);
    await queryRunner.query(`drop table brand_copies`);
  }
}
