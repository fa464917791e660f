import { Logger, Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createServiceApp, PlatformModule } from '../src/index.js';
import { TEST_DATABASE_URL, testConfig, waitFor } from '../src/testing/index.js';

const SCHEMA = `migration_lock_${process.pid}`;
const INSTANCES = 4;
/**
 * An advisory lock the test holds while the instances start: the first migration waits for it, so the instance
 * migrating is held mid-migration until every other instance has found the schema locked. The overlap is then a
 * fact the test saw, not a likelihood bought with a sleep.
 */
const GATE_SQL = `hashtextextended('migration-lock-test:' || $1::text, 0)`;

/** Held at the gate until the test opens it (a transaction-level lock, let go when the migration commits). */
class CreateMarks1700000000001 implements MigrationInterface {
  name = 'CreateMarks1700000000001';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`select pg_advisory_xact_lock(${GATE_SQL})`, [SCHEMA]);
    await queryRunner.query('create table marks (migration text not null, at timestamptz not null default clock_timestamp())');
    await queryRunner.query(`insert into marks (migration) values ('${this.name}')`);
  }
  async down(): Promise<void> {}
}

/** Not idempotent: run twice, it leaves two rows, which is what the test looks for. */
class MarkAgain1700000000002 implements MigrationInterface {
  name = 'MarkAgain1700000000002';
  async up(queryRunner: QueryRunner): Promise<void> {
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
  const waitedForLock = (log: { mock: { calls: unknown[][] } }) =>
    log.mock.calls.filter((call) => String(call[0]).startsWith(`another instance is migrating schema "${SCHEMA}"`)).length;

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
    const logs = vi.spyOn(Logger.prototype, 'log');
    await db.query(`select pg_advisory_lock(${GATE_SQL})`, [SCHEMA]);
    let starting: Promise<PromiseSettledResult<{ app: NestFastifyApplication; base: string }>[]>;
    try {
      starting = Promise.allSettled(Array.from({ length: INSTANCES }, () => startInstance()));
      // One instance migrating, held at the gate, and every other one told the schema is locked and waiting.
      await waitFor('one instance at the gate and the others waiting for the migration lock', async () => {
        // Only what the test's own session blocks: the gate's waiter, whatever else runs on the database.
        const atGate = await db.query('select 1 from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))');
        return atGate.rowCount === 1 && waitedForLock(logs) === INSTANCES - 1;
      });
    } finally {
      await db.query(`select pg_advisory_unlock(${GATE_SQL})`, [SCHEMA]);
    }
    const started = await starting;
    logs.mockRestore();
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
    // "At once": it takes the lock without waiting for anyone, and runs no migration (a rerun would add a mark).
    const logs = vi.spyOn(Logger.prototype, 'log');
    const later = await startInstance();
    apps.push(later.app);
    expect(waitedForLock(logs)).toBe(0);
    logs.mockRestore();
    expect((await fetch(`${later.base}/health/ready`)).status).toBe(200);
    const marks = await db.query(`select 1 from "${SCHEMA}".marks`);
    expect(marks.rowCount).toBe(2);
  });
});
