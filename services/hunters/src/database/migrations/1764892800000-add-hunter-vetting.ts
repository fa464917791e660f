import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The listing's indexes, each kept to approved hunters (the only ones a public read answers): name, definition. */
const LISTING_INDEXES: [string, string][] = [
  ['hunters_search_idx', 'using gin (search_document)'],
  ['hunters_specialties_idx', 'using gin (specialties)'],
  ['hunters_advice_types_idx', 'using gin (advice_types)'],
  ['hunters_top_picks_idx', '(featured desc, top_pick_score desc nulls last, review_count desc, total_sessions desc, id)'],
  ['hunters_price_idx', '(price_per_session, id)'],
  ['hunters_price_desc_idx', '(price_per_session desc, id)'],
  ['hunters_experience_idx', '(years_experience desc, id)'],
  ['hunters_sessions_idx', '(total_sessions desc, id)'],
  ['hunters_location_idx', '(location, price_per_session, id)'],
];

const STATUSES = `('pending', 'approved', 'rejected', 'suspended')`;

/**
 * Vetting (issue 21): a hunter's status, why (rejected, suspended), when it entered the queue, and every decision on
 * it. Every hunter before this was listed, so the existing rows are approved; new ones start pending.
 *
 * Also the ranking of 'Our top picks': `top_pick_score` is the damped average of HUNTER_RANKING_PRIOR (mean 4.0,
 * weight 5: (4.0 × 5 + rating × reviews) / (5 + reviews), rounded to 6 places so equal averages tie exactly), null
 * for a hunter without reviews, whose `rating` the API answers as null too. And whether the hunter takes paid bookings
 * (their payout account's `payoutsEnabled`, from bookings.payout-account.updated) with the time of the event applied,
 * so an older event arriving late changes nothing.
 *
 * The listing's indexes become partial (`where status = 'approved'`): the listing always filters on it, and the
 * hidden profiles stay out of them.
 */
export class AddHunterVetting1764892800000 implements MigrationInterface {
  name = 'AddHunterVetting1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table hunters
        add column status text not null default 'approved' constraint hunters_status_check check (status in ${STATUSES}),
        add column status_reason text,
        add column submitted_at timestamptz,
        add column takes_paid_bookings boolean not null default false,
        add column payouts_updated_at timestamptz,
        add column top_pick_score numeric generated always as (
          case when review_count > 0 then round((4.0 * 5 + rating * review_count) / (5 + review_count), 6) end
        ) stored`);
    await queryRunner.query(`update hunters set submitted_at = created_at`);
    await queryRunner.query(`
      alter table hunters
        alter column status set default 'pending',
        alter column submitted_at set default now(),
        alter column submitted_at set not null`);
    for (const [name, definition] of LISTING_INDEXES) {
      await queryRunner.query(`drop index ${name}`);
      await queryRunner.query(`create index ${name} on hunters ${definition} where status = 'approved'`);
    }
    // The admin queue: a status's hunters by when they entered it.
    await queryRunner.query(`create index hunters_status_submitted_idx on hunters (status, submitted_at, id)`);

    await queryRunner.query(`
      create table hunter_vetting_decisions (
        id serial primary key,
        hunter_id integer not null references hunters (id) on delete cascade,
        decision text not null constraint hunter_vetting_decisions_decision_check
          check (decision in ('approve', 'reject', 'suspend', 'reinstate', 'resubmit')),
        from_status text not null constraint hunter_vetting_decisions_from_check check (from_status in ${STATUSES}),
        to_status text not null constraint hunter_vetting_decisions_to_check check (to_status in ${STATUSES}),
        reason text,
        decided_by text not null,
        decided_at timestamptz not null default now()
      )`);
    await queryRunner.query(
      `create index hunter_vetting_decisions_hunter_idx on hunter_vetting_decisions (hunter_id, decided_at desc, id desc)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_vetting_decisions`);
    await queryRunner.query(`drop index hunters_status_submitted_idx`);
    for (const [name] of LISTING_INDEXES) await queryRunner.query(`drop index ${name}`);
    await queryRunner.query(`
      alter table hunters
        drop column top_pick_score, drop column payouts_updated_at, drop column takes_paid_bookings,
        drop column submitted_at, drop column status_reason, drop column status`);
    for (const [name, definition] of LISTING_INDEXES) {
      const old = name === 'hunters_top_picks_idx' ? '(featured desc, rating desc, review_count desc, total_sessions desc, id)' : definition;
      await queryRunner.query(`create index ${name} on hunters ${old}`);
    }
  }
}
