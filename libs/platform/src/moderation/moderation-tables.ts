import { MODERATION_ACTIONS, MODERATION_LIMITS, MODERATION_STATES, REPORT_REASONS, type ReportableKind } from '@hunted/contracts';
import type { QueryRunner } from 'typeorm';

const quoted = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/**
 * The moderation kit's three tables (decision 0101), created in the owning service's own schema by one of its
 * migrations (`await createModerationTables(queryRunner, ['comment', ...])`), unqualified as `data_export_files` is:
 * the connection's search_path is the service's schema. `kinds` are the kinds the service owns; the checks refuse
 * any other. The rules a race could break are the database's: one report per member per item, one case per item,
 * one appeal per case, the reasons and lengths.
 *
 * - `moderation_cases`: one per reported item, with its state, its author (null once they deleted their account),
 *   the reason and time it was hidden, the author's one appeal, and since when it waits in the queue.
 * - `moderation_decisions`: every decision on a case (who, by id and by name as shown then; when; what; why).
 * - `content_reports`: every report, with the decision that answered it (null while open). The reporter is null once
 *   they deleted their account; nulls are distinct, so a former member's report blocks nobody's.
 */
export async function createModerationTables(queryRunner: QueryRunner, kinds: readonly ReportableKind[]): Promise<void> {
  const kindCheck = `check (kind in (${quoted(kinds)}))`;
  await queryRunner.query(`
    create table moderation_cases (
      id serial primary key,
      kind text not null constraint moderation_cases_kind_known ${kindCheck},
      item_id integer not null,
      state text not null constraint moderation_cases_state_known check (state in (${quoted(MODERATION_STATES)})),
      author_user_id text,
      hidden_reason varchar(${MODERATION_LIMITS.decisionReasonMax}),
      hidden_at timestamptz,
      appeal_text varchar(${MODERATION_LIMITS.appealMax})
        constraint moderation_cases_appeal_not_blank check (char_length(btrim(appeal_text)) > 0),
      appealed_at timestamptz,
      waiting_since timestamptz,
      created_at timestamptz not null default now(),
      constraint moderation_cases_item_key unique (kind, item_id),
      constraint moderation_cases_appeal_whole check ((appeal_text is null) = (appealed_at is null)),
      constraint moderation_cases_hidden_whole check ((state in ('hidden', 'appealed')) = (hidden_at is not null)),
      -- An appeal waits only on a hidden item; an appealed case never takes another (the column is written once).
      constraint moderation_cases_appealed_has_appeal check (state <> 'appealed' or appeal_text is not null)
    )`);
  await queryRunner.query(`create index moderation_cases_queue_idx on moderation_cases (kind, state, waiting_since, id)`);
  await queryRunner.query(`create index moderation_cases_author_idx on moderation_cases (author_user_id)`);
  // One appeal ever: once written the appeal cannot be changed or cleared, whatever the code asks.
  await queryRunner.query(`
    create function moderation_cases_one_appeal() returns trigger language plpgsql as $$
    begin
      if old.appeal_text is not null and (new.appeal_text is distinct from old.appeal_text or new.appealed_at is distinct from old.appealed_at) then
        raise exception 'a moderation case takes one appeal' using errcode = '23514', constraint = 'moderation_cases_one_appeal';
      end if;
      return new;
    end $$`);
  await queryRunner.query(`
    create trigger moderation_cases_one_appeal before update on moderation_cases
    for each row execute function moderation_cases_one_appeal()`);
  await queryRunner.query(`
    create table moderation_decisions (
      id serial primary key,
      case_id integer not null references moderation_cases (id) on delete cascade,
      action text not null constraint moderation_decisions_action_known check (action in (${quoted(MODERATION_ACTIONS)})),
      reason varchar(${MODERATION_LIMITS.decisionReasonMax}),
      admin_user_id text,
      admin_name text,
      decided_at timestamptz not null default now(),
      constraint moderation_decisions_hide_has_reason check (action <> 'hidden' or reason is not null)
    )`);
  await queryRunner.query(`create index moderation_decisions_case_idx on moderation_decisions (case_id, decided_at, id)`);
  await queryRunner.query(`create index moderation_decisions_admin_idx on moderation_decisions (admin_user_id)`);
  await queryRunner.query(`
    create table content_reports (
      id serial primary key,
      kind text not null constraint content_reports_kind_known ${kindCheck},
      item_id integer not null,
      reporter_user_id text,
      reason text not null constraint content_reports_reason_known check (reason in (${quoted(REPORT_REASONS)})),
      details text constraint content_reports_details_length check (char_length(details) <= ${MODERATION_LIMITS.reportDetailsMax}),
      created_at timestamptz not null default now(),
      decision_id integer references moderation_decisions (id) on delete set null,
      constraint content_reports_reporter_key unique (kind, item_id, reporter_user_id),
      constraint content_reports_case_fk foreign key (kind, item_id) references moderation_cases (kind, item_id) on delete cascade
    )`);
  await queryRunner.query(`create index content_reports_reporter_idx on content_reports (reporter_user_id, created_at)`);
  await queryRunner.query(`create index content_reports_open_idx on content_reports (kind, item_id) where decision_id is null`);
}

/** The migration's down: the kit's tables go, with every report, case and decision. */
export async function dropModerationTables(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`drop table content_reports`);
  await queryRunner.query(`drop table moderation_decisions`);
  await queryRunner.query(`drop trigger moderation_cases_one_appeal on moderation_cases`);
  await queryRunner.query(`drop function moderation_cases_one_appeal()`);
  await queryRunner.query(`drop table moderation_cases`);
}

/**
 * Removes what the kit holds about an item that is gone for good (a deleted brand and its reviews): its reports,
 * case and decisions. For the owner's deletion paths; a hidden item is not gone, it keeps its case.
 */
export const DELETE_MODERATION_CASES_OF = `delete from moderation_cases where kind = $1 and item_id = any($2::int[])`;
