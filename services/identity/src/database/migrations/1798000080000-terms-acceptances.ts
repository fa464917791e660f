import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37 item 2 (decision 0103): which version of the terms and of the hunters' terms each member accepted, and
 * when. One row per (member, document, version): accepting a version again changes nothing. The rows go with the
 * account (deleted by the account's erasure; the foreign key is the backstop).
 */
export class TermsAcceptances1798000080000 implements MigrationInterface {
  name = 'TermsAcceptances1798000080000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table terms_acceptances (
        user_id text not null references users (id) on delete cascade,
        document varchar(20) not null check (document in ('terms', 'hunterTerms')),
        version varchar(40) not null,
        accepted_at timestamptz not null default now(),
        primary key (user_id, document, version)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table terms_acceptances`);
  }
}
