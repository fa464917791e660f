import { Controller, Get, Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource, type QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServiceApp,
  DATABASE_BUSY_MESSAGE,
  PlatformModule,
  Public,
  SQL_STATE,
  sqlStateOf,
} from '../src/index.js';
import { TEST_DATABASE_URL, testConfig, waitFor } from '../src/testing/index.js';

const SCHEMA = `database_pool_${process.pid}`;

/** One route that needs a pooled connection. */
@Controller('probe')
class ProbeController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Public()
  @Get()
  async probe(): Promise<{ one: number }> {
    const [row] = await this.dataSource.query<{ one: number }[]>('select 1 as one');
    return row!;
  }
}

@Module({})
class ProbeModule {
  static forRoot(config: ReturnType<typeof testConfig>): DynamicModule {
    return {
      module: ProbeModule,
      imports: [PlatformModule.forService({ name: 'probe', config, entities: [], migrations: [] })],
      controllers: [ProbeController],
    };
  }
}

/**
 * Settles with how long the promise took and what it gave or threw. Only ever compared with a lower bound (a
 * timeout did not fire early): how much longer a loaded machine takes says nothing about the code.
 */
async function timed<T>(work: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = Date.now();
  try {
    const value = await work;
    return { ms: Date.now() - started, value };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

describe("every service's pool is bounded: acquire timeout, statement timeout, idle-in-transaction timeout", () => {
  const config = testConfig({
    DATABASE_SCHEMA: SCHEMA,
    DATABASE_POOL_MAX: '2',
    DATABASE_ACQUIRE_TIMEOUT_MS: '400',
    DATABASE_STATEMENT_TIMEOUT_MS: '300',
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '500',
  });
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let base: string;
  /** Outside the pool under test, so watching never takes one of its two connections. */
  const observer = new pg.Client({ connectionString: TEST_DATABASE_URL });

  beforeAll(async () => {
    await observer.connect();
    app = await createServiceApp(ProbeModule.forRoot(config), { name: 'probe', config });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await observer.end();
    await app?.close();
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(`drop schema if exists "${SCHEMA}" cascade`);
    await db.end();
  });

  /**
   * Takes every connection of the pool; returns them when `work` has settled. So whatever `work` saw happened while
   * no connection could be free: an answer there came from the acquire timeout, not from a connection given back.
   */
  async function holdingEveryConnection<T>(work: () => Promise<T>): Promise<T> {
    const runners: QueryRunner[] = [];
    try {
      for (let i = 0; i < config.DATABASE_POOL_MAX; i += 1) {
        const runner = dataSource.createQueryRunner();
        await runner.connect();
        runners.push(runner);
      }
      return await work();
    } finally {
      for (const runner of runners) await runner.release();
    }
  }

  it('a query that finds no free connection fails after DATABASE_ACQUIRE_TIMEOUT_MS rather than waiting for ever', async () => {
    const outcome = await holdingEveryConnection(() => timed(dataSource.query('select 1')));
    expect(outcome.error).toBeInstanceOf(Error);
    expect((outcome.error as Error).message).toBe('timeout exceeded when trying to connect');
    expect(outcome.ms).toBeGreaterThanOrEqual(350);
    // The pool is whole again afterwards.
    expect(await dataSource.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('a request that finds no free connection is answered 503 with Retry-After and a sentence, not left hanging', async () => {
    const outcome = await holdingEveryConnection(() => timed(fetch(`${base}/probe`)));
    const response = outcome.value!;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ statusCode: 503, message: DATABASE_BUSY_MESSAGE });
    expect((await fetch(`${base}/probe`)).status).toBe(200);
  });

  it('PostgreSQL cancels a statement running past DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const outcome = await timed(dataSource.query('select pg_sleep(5)'));
    // Cancelled, and by the statement timeout (not a user's cancel request): the statement did not run its 5 s.
    expect(sqlStateOf(outcome.error)).toBe(SQL_STATE.queryCanceled);
    expect((outcome.error as Error).message).toBe('canceling statement due to statement timeout');
  });

  it('PostgreSQL ends a session left idle in a transaction past DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, and the pool recovers', async () => {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const [{ pid }] = (await runner.query('select pg_backend_pid() as pid')) as [{ pid: number }];
    // The session's end is what the test waits for, seen from outside it: gone from pg_stat_activity.
    await waitFor('PostgreSQL to end the session idle in its transaction', async () => {
      const rows = await observer.query('select 1 from pg_stat_activity where pid = $1', [pid]);
      return rows.rowCount === 0;
    });
    const outcome = await timed(runner.query('select 1'));
    await runner.release();
    expect(outcome.error).toBeInstanceOf(Error);
    // Every connection of the pool still works.
    const answers = await Promise.all(
      Array.from({ length: config.DATABASE_POOL_MAX * 2 }, () =>
        dataSource.query<{ one: number }[]>('select 1 as one'),
      ),
    );
    expect(answers.flat()).toEqual(Array.from({ length: config.DATABASE_POOL_MAX * 2 }, () => ({ one: 1 })));
  });
});
