import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hunter's Pick (issue 25). `hunter_pick_rota`: the admins' order of hunters who take turns (each once).
 * `hunter_picks`: one row per London day, written when the day's hunter is chosen (at London midnight, or when the
 * rota is set with nobody chosen yet), with the brand and note once that hunter picks. A day has one hunter (the
 * key), so two replicas choosing at once leave one row. The brand keeps its name when it leaves the directory.
 */
export class CreateHunterPicks1796200120000 implements MigrationInterface {
  name = 'CreateHunterPicks1796200120000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_pick_rota (
        hunter_id integer primary key references hunters (id) on delete cascade,
        position integer not null constraint hunter_pick_rota_position_unique unique
      )`);
    await queryRunner.query(`
      create table hunter_picks (
        day date primary key,
        hunter_id integer not null references hunters (id) on delete cascade,
        brand_id integer references brand_copies (brand_id) on delete set null,
        brand_name text,
        note text constraint hunter_picks_note_check check (char_length(note) between 1 and 200),
        picked_at timestamptz,
        constraint hunter_picks_picked_check check ((picked_at is null) = (brand_name is null) and (picked_at is null) = (note is null))
      )`);
    await queryRunner.query(`create index hunter_picks_hunter_idx on hunter_picks (hunter_id, day desc)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_picks`);
    await queryRunner.query(`drop table hunter_pick_rota`);
  }
}
