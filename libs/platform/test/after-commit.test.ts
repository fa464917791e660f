import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AfterCommit, type JobQueue } from '../src/index.js';
import { TEST_DATABASE_URL } from '../src/testing/index.js';

describe('AfterCommit', () => {
  let dataSource: DataSource;
  let afterCommit: AfterCommit;

  beforeAll(async () => {
    dataSource = new DataSource({ type: 'postgres', url: TEST_DATABASE_URL, poolSize: 2 });
    await dataSource.initialize();
    afterCommit = new AfterCommit(dataSource);
    afterCommit.onModuleInit();
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('runs work once the transaction commits, not before', async () => {
    const done: string[] = [];
    await dataSource.transaction(async (manager) => {
      await manager.query('select 1');
      afterCommit.run(manager, () => done.push('after'));
      // A savepoint released inside it is not the commit.
      await manager.transaction(async (inner) => {
        afterCommit.run(inner, () => done.push('inner'));
      });
      expect(done).toEqual([]);
    });
    expect(done).toEqual(['after', 'inner']);
  });

  it('drops the work of a transaction that rolls back', async () => {
    const done: string[] = [];
    await expect(
      dataSource.transaction(async (manager) => {
        afterCommit.run(manager, () => done.push('lost'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await dataSource.transaction(async (manager) => {
      afterCommit.run(manager, () => done.push('next'));
    });
    expect(done).toEqual(['next']);
  });

  it('runs at once without a transaction, and enqueues and dequeues through the queue', async () => {
    const calls: unknown[] = [];
    const queue = {
      tryAdd: async (data: unknown, options: unknown) => void calls.push(['add', data, options]),
      tryRemove: async (jobId: string) => void calls.push(['remove', jobId]),
    } as unknown as JobQueue<{ id: number }>;
    afterCommit.enqueue(dataSource.manager, queue, { id: 1 }, { jobId: 'job-1' });
    expect(calls).toEqual([['add', { id: 1 }, { jobId: 'job-1' }]]);

    await dataSource.transaction(async (manager) => {
      afterCommit.enqueue(manager, queue, { id: 2 }, { jobId: 'job-2', delay: 5 });
      afterCommit.dequeue(manager, queue, ['job-3', 'job-4']);
      afterCommit.dequeue(manager, queue, []);
      expect(calls).toHaveLength(1);
    });
    expect(calls.slice(1)).toEqual([
      ['add', { id: 2 }, { jobId: 'job-2', delay: 5 }],
      ['remove', 'job-3'],
      ['remove', 'job-4'],
    ]);
  });
});
