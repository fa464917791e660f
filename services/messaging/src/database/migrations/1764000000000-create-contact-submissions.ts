import type { MigrationInterface, QueryRunner } from 'typeorm';

// Unqualified table names: every connection of the service pins search_path to its own schema.
export class CreateContactSubmissions1764000000000 implements MigrationInterface {
  name = 'CreateContactSubmissions1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The limits repeat the DTO's so that nothing reaching the table by another path can exceed them.
    await queryRunner.query(`
      create table contact_submissions (
        id serial primary key,
        name varchar(255) not null constraint contact_submissions_name_length check (char_length(btrim(name)) >= 2),
        email varchar(255) not null,
        subject varchar(500) not null constraint contact_submissions_subject_length check (char_length(btrim(subject)) >= 5),
        category varchar(100) not null default 'general' constraint contact_submissions_category_known check (
          category in ('general', 'brand-submission', 'partnership', 'bug-report', 'feature-request', 'other')
        ),
        message text not null constraint contact_submissions_message_length check (
          char_length(btrim(message)) between 10 and 5000
        ),
        status varchar(50) not null default 'new',
        email_status varchar(20) not null default 'pending' constraint contact_submissions_email_status_known check (
          email_status in ('pending', 'sent', 'failed')
        ),
        email_attempts integer not null default 0 constraint contact_submissions_email_attempts_non_negative check (
          email_attempts >= 0
        ),
        email_last_error text,
        email_sent_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // The admin inbox reads newest first.
    await queryRunner.query(
      'create index contact_submissions_created_at_idx on contact_submissions (created_at desc, id desc)',
    );
    // The sweep looks only at submissions whose email has not gone yet, a small set however large the table grows.
    await queryRunner.query(
      `create index contact_submissions_email_pending_idx on contact_submissions (id) where email_status = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('drop table contact_submissions');
  }
}
