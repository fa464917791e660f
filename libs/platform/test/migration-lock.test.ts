import { Logger, Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createServiceApp, PlatformModule } from '../src/index.js';
import { TEST_DATABASE_URL, testConfig } from '../src/testing/index.js';

const SCHEMA = `migration_lock_${process.pid}`;
const INSTANCES = 4;

/** Slow on purpose, so instances starting together are certain to overlap while it runs. */
class CreateMarks1700000000001 implements MigrationInterface {
  name = 'CreateMarks1700000000001';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('select pg_sleep(0.5)');
    await queryRunner.query('create table marks (migration text not null, at timestamptz not null default clock_timestamp())');
    await queryRunner.query(`insert into marks (migration) values ('${this.name}')`);
  }
  async down(): Promise<void> {}
}

/** Not idempotent: run twice, it leaves two rows, which is what the test looks for. */
class MarkAgain1700000000002 implements MigrationInterface {
  name = 'MarkAgain1700000000002';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('select pg_sleep(0.2)');
    await queryRunner.query(`insert into marks (migration) values ('${this.name}')`);
  }
  async down(): Promise<void> {}
}

@Module({})
class ProbeModule {
  static forRoot(): DynamicModule {
    const config = testConfig({ DATABASE_SCHEMA: SCHEMA });
    return {
      module: ProbeModule,
      imports: [
        PlatformModule.forService({ name: 'probe', config, entities: [], migrations: [CreateMarks1700000000001, MarkAgain1700000000002] }),
      ],
    };
  }
}

async function startInstance(): Promise<{ app: NestFastifyApplication; base: string }> {
  const app = await createServiceApp(ProbeModule.forRoot(), { name: 'probe', config: testConfig({ DATABASE_SCHEMA: SCHEMA }) });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, base: `http://127.0.0.1:${port}` };
}

describe('migrations under the schema lock', () => {
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const apps: NestFastifyApplication[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db.query(`drop schema if exists "${SCHEMA}" cascade`);
    await db.end();
  });

  it('four instances started at once on an empty schema all become ready, and each migration ran once', async () => {
    await db.connect();
    await db.query(`drop schema if exists "${SCHEMA}" cascade`);

    // An instance whose start failed (a duplicate schema, table or row) is retried by TypeOrmModule and may come up
    // in the end: that must not pass for success, so every error logged on the way counts.
    const errors = vi.spyOn(Logger.prototype, 'error');
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startInstance()));
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value.app);
    expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    errors.mockRestore();

    for (const result of started) {
      const { base } = (result as PromiseFulfilledResult<{ base: string }>).value;
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    }

    const migrations = await db.query<{ name: string; runs: number }>(
      `select name, count(*)::int as runs from "${SCHEMA}".migrations group by name order by name`,
    );
    // The platform's own migrations (outbox, inbox) come first; every one, theirs and ours, is recorded once.
    expect(migrations.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['CreateMarks1700000000001', 'MarkAgain1700000000002']));
    expect(migrations.rows.filter((row) => row.runs !== 1)).toEqual([]);
    const marks = await db.query<{ migration: string }>(`select migration from "${SCHEMA}".marks order by at`);
    expect(marks.rows.map((row) => row.migration)).toEqual(['CreateMarks1700000000001', 'MarkAgain1700000000002']);
  });

  it('lets a later instance start at once when there is nothing left to migrate', async () => {
    const startedAt = Date.now();
    const later = await startInstance();
    apps.push(later.app);
    expect((await fetch(`${later.base}/health/ready`)).status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const marks = await db.query(`select 1 from "${SCHEMA}".marks`);
    expect(marks.rowCount).toBe(2);
  });
});
