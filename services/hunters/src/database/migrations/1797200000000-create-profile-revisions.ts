import type { MigrationInterface, QueryRunner } from 'typeorm';

const HISTORY_ENTRIES = `('approve', 'reject', 'suspend', 'reinstate', 'resubmit',
  'revise', 'withdraw-revision', 'approve-revision', 'reject-revision')`;
const OLD_ENTRIES = `('approve', 'reject', 'suspend', 'reinstate', 'resubmit')`;

/**
 * Vetting covers every public change (issue 35, decision 0089): an approved hunter's change to a vetted field waits
 * in `hunter_profile_revisions` until an admin approves it; `hunters` keeps the approved (public) values.
 *
 * `changes` holds the proposed values (only the fields that differ), `live` the approved values of the same fields
 * when it was made. At most one pending revision per hunter: the partial unique index, so two racing edits cannot
 * leave two. The decision history names the revision an entry is about.
 */
export class CreateProfileRevisions1797200000000 implements MigrationInterface {
  name = 'CreateProfileRevisions1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_profile_revisions (
        id serial primary key,
        hunter_id integer not null references hunters (id) on delete cascade,
        status text not null default 'pending' constraint hunter_profile_revisions_status_check
          check (status in ('pending', 'approved', 'rejected', 'superseded', 'withdrawn')),
        changes jsonb not null constraint hunter_profile_revisions_changes_check
          check (jsonb_typeof(changes) = 'object' and changes <> '{}'::jsonb),
        live jsonb not null,
        reason text,
        submitted_at timestamptz not null default now(),
        decided_at timestamptz,
        decided_by text,
        constraint hunter_profile_revisions_decided_check check ((status = 'pending') = (decided_at is null))
      )`);
    await queryRunner.query(
      `create unique index hunter_profile_revisions_one_pending on hunter_profile_revisions (hunter_id) where status = 'pending'`,
    );
    // The admin queue of changes: the pending ones, oldest first.
    await queryRunner.query(
      `create index hunter_profile_revisions_queue_idx on hunter_profile_revisions (submitted_at, id) where status = 'pending'`,
    );
    await queryRunner.query(`create index hunter_profile_revisions_hunter_idx on hunter_profile_revisions (hunter_id, id desc)`);

    await queryRunner.query(`
      alter table hunter_vetting_decisions
        add column revision_id integer references hunter_profile_revisions (id) on delete cascade,
        drop constraint hunter_vetting_decisions_decision_check,
        add constraint hunter_vetting_decisions_decision_check check (decision in ${HISTORY_ENTRIES}),
        add constraint hunter_vetting_decisions_revision_check check ((revision_id is null) = (decision in ${OLD_ENTRIES}))`);
    await queryRunner.query(
      `create index hunter_vetting_decisions_revision_idx on hunter_vetting_decisions (revision_id) where revision_id is not null`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`delete from hunter_vetting_decisions where revision_id is not null`);
    await queryRunner.query(`
      alter table hunter_vetting_decisions
        drop constraint hunter_vetting_decisions_revision_check,
        drop constraint hunter_vetting_decisions_decision_check,
        add constraint hunter_vetting_decisions_decision_check check (decision in ${OLD_ENTRIES}),
        drop column revision_id`);
    await queryRunner.query(`drop table hunter_profile_revisions`);
  }
}
