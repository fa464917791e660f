import { randomBytes } from 'node:crypto';
import { isTransientError } from '@hunted/platform';
import { PostgresProxy, TEST_DATABASE_URL, UNREACHABLE_PORT, waitFor } from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';

// The classifier against the errors the real drivers throw, not hand-made ones.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function dataSource(url = TEST_DATABASE_URL): Promise<{ source: DataSource; applicationName: string }> {
  const applicationName = `transient-test-${randomBytes(4).toString('hex')}`;
  const source = new DataSource({ name: applicationName, type: 'postgres', url, applicationName, extra: { max: 2 } });
  await source.initialize();
  cleanups.push(() => source.destroy());
  return { source, applicationName };
}

/** Waits until the data source's session runs `select pg_sleep…`, seen in pg_stat_activity by its application_name. */
async function sleepingStatement(applicationName: string): Promise<void> {
  const observer = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await observer.connect();
  try {
    await waitFor('the statement running', async () => {
      const { rowCount } = await observer.query(
        `select 1 from pg_stat_activity where application_name = $1 and state = 'active' and query like 'select pg_sleep%'`,
        [applicationName],
      );
      return rowCount === 1;
    });
  } finally {
    await observer.end();
  }
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isTransientError with real driver errors', () => {
  it('takes a backend terminated under a running statement (57P01 in a QueryFailedError) as transient', async () => {
    const { source, applicationName } = await dataSource();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    const running = failureOf(source.query('select pg_sleep(10)'));
    await sleepingStatement(applicationName);
    // Only this test's own connection, found by its application_name.
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]);
    const error = await running;
    expect((error as { driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code).toBe('57P01');
    expect(isTransientError(error)).toBe(true);
    // The idle pooled connection was terminated too: a query may still meet it once (also transient), then the
    // pool has replaced it and the same data source works again.
    let result: unknown;
    for (let attempt = 0; attempt < 3 && result === undefined; attempt++) {
      result = await source.query('select 1 as one').catch((failure: unknown) => {
        expect(isTransientError(failure)).toBe(true);
        return undefined;
      });
    }
    expect(result).toEqual([{ one: 1 }]);
  });

  it('takes a connection cut mid-statement, and a refused connection, as transient', async () => {
    const proxy = new PostgresProxy(TEST_DATABASE_URL);
    await proxy.start();
    cleanups.push(() => proxy.stop());
    const { source, applicationName } = await dataSource(proxy.url);
    const running = failureOf(source.query('select pg_sleep(10)'));
    await sleepingStatement(applicationName);
    await proxy.stop();
    const cut = await running;
    expect(isTransientError(cut)).toBe(true);
    const refused = await failureOf(source.query('select 1'));
    expect(isTransientError(refused)).toBe(true);
  });

  it('takes a statement\'s own fault (undefined table, bad cast, division by zero) as not transient', async () => {
    const { source } = await dataSource();
    expect(isTransientError(await failureOf(source.query('select * from table_that_does_not_exist_anywhere')))).toBe(false);
    expect(isTransientError(await failureOf(source.query("select 'x'::int")))).toBe(false);
    expect(isTransientError(await failureOf(source.query('select 1 / 0')))).toBe(false);
  });

  it('takes Redis being away as transient, with and without an offline queue', async () => {
    // Nothing ever listens there; a free port picked now could be taken by a test beside this one.
    const port = UNREACHABLE_PORT;
    const retrying = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    retrying.on('error', () => undefined);
    cleanups.push(async () => retrying.disconnect());
    expect(isTransientError(await failureOf(retrying.xadd('s', '*', 'a', 'b')))).toBe(true);

    const noQueue = new Redis(`redis://127.0.0.1:${port}`, { enableOfflineQueue: false, retryStrategy: () => 50 });
    noQueue.on('error', () => undefined);
    cleanups.push(async () => noQueue.disconnect());
    expect(isTransientError(await failureOf(noQueue.xadd('s', '*', 'a', 'b')))).toBe(true);
  });
});
