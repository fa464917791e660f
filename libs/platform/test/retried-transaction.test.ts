import { DataSource, type EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retriedTransaction, SQL_STATE, sqlStateOf } from '../src/index.js';
import { TEST_DATABASE_URL } from '../src/testing/index.js';

const TABLE = `retried_transaction_${process.pid}`;

describe('retriedTransaction: a transaction PostgreSQL aborted to break a deadlock runs again', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource({ type: 'postgres', url: TEST_DATABASE_URL, poolSize: 4 });
    await dataSource.initialize();
    await dataSource.query(`drop table if exists ${TABLE}`);
    await dataSource.query(`create table ${TABLE} (name text primary key, writes int not null default 0)`);
  });

  afterAll(async () => {
    await dataSource?.query(`drop table if exists ${TABLE}`);
    await dataSource?.destroy();
  });

  it('lets both of two transactions that lock two rows in opposite orders commit, the victim on its rerun', async () => {
    await dataSource.query(`insert into ${TABLE} (name) values ('a'), ('b')`);
    let firstLocksTaken = 0;
    let bothHoldOne!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const runs = { ab: 0, ba: 0 };
    const write = (manager: EntityManager, name: string) =>
      manager.query(`update ${TABLE} set writes = writes + 1 where name = $1`, [name]);
    // Each takes its first row, waits until the other holds its own, then asks for the other's: a lock cycle.
    const crossing = (order: 'ab' | 'ba') => async (manager: EntityManager) => {
      runs[order] += 1;
      await write(manager, order[0]!);
      if ((firstLocksTaken += 1) === 2) bothHoldOne();
      await barrier;
      await write(manager, order[1]!);
    };

    await Promise.all([retriedTransaction(dataSource, crossing('ab')), retriedTransaction(dataSource, crossing('ba'))]);

    expect(runs.ab + runs.ba).toBe(3);
    expect(await dataSource.query(`select name, writes from ${TABLE} order by name`)).toEqual([
      { name: 'a', writes: 2 },
      { name: 'b', writes: 2 },
    ]);
  });

  it('gives up after its attempts and throws the last failure', async () => {
    let runs = 0;
    const error = await retriedTransaction(
      dataSource,
      async (manager) => {
        runs += 1;
        await manager.query(`do $$ begin raise exception 'lost a race' using errcode = '${SQL_STATE.deadlockDetected}'; end $$`);
      },
      3,
    ).catch((failure: unknown) => failure);
    expect(runs).toBe(3);
    expect(sqlStateOf(error)).toBe(SQL_STATE.deadlockDetected);
  });

  it('runs any other failure once: a constraint the request broke is its answer, not a race', async () => {
    let runs = 0;
    const error = await retriedTransaction(dataSource, async (manager) => {
      runs += 1;
      await manager.query(`insert into ${TABLE} (name) values ('a')`);
    }).catch((failure: unknown) => failure);
    expect(runs).toBe(1);
    expect(sqlStateOf(error)).toBe(SQL_STATE.uniqueViolation);
  });
});
