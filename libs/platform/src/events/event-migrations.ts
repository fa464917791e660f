import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The schema these migrations run in, quoted: the service's own, set by PlatformModule. */
function schemaPrefix(queryRunner: QueryRunner): string {
  const schema = (queryRunner.connection.options as { schema?: string }).schema;
  return schema ? `"${schema}".` : '';
}

// Timestamps lie before any service's own migrations so the event tables exist first everywhere.
export class PlatformOutbox1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaPrefix(queryRunner);
    await queryRunner.query(`
      create table ${s}outbox (
        id uuid primary key,
        seq bigint generated always as identity,
        type text not null,
        version integer not null,
        occurred_at timestamptz not null,
        data jsonb not null,
        published_at timestamptz,
        attempts integer not null default 0,
        last_error text,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index outbox_unpublished_idx on ${s}outbox (seq) where published_at is null`);
    await queryRunner.query(`create index outbox_published_at_idx on ${s}outbox (published_at) where published_at is not null`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table ${schemaPrefix(queryRunner)}outbox`);
  }
}

export class PlatformInbox1700000000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table ${schemaPrefix(queryRunner)}inbox (
        event_id uuid primary key,
        type text not null,
        processed_at timestamptz not null default now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table ${schemaPrefix(queryRunner)}inbox`);
  }
}

/** The inbox is pruned by age (EVENT_RETENTION_DAYS); without this index each prune would scan the table. */
export class PlatformInboxProcessedAt1700000000002 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`create index if not exists inbox_processed_at_idx on ${schemaPrefix(queryRunner)}inbox (processed_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index if exists ${schemaPrefix(queryRunner)}inbox_processed_at_idx`);
  }
}

/** An event's trace context (W3C traceparent), written with it and carried to its stream entry (docs/running.md, traces). */
export class PlatformOutboxTraceparent1700000000003 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table ${schemaPrefix(queryRunner)}outbox add column if not exists traceparent text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table ${schemaPrefix(queryRunner)}outbox drop column if exists traceparent`);
  }
}

/** Tables every service gets from the platform; PlatformModule adds them to the service's own. */
export const eventMigrations = [
  PlatformOutbox1700000000000,
  PlatformInbox1700000000001,
  PlatformInboxProcessedAt1700000000002,
  PlatformOutboxTraceparent1700000000003,
];
