import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import type { JobQueue } from './job-queue.js';
import type { JobAddOptions } from './job-kind.js';

/**
 * The platform's way to enqueue a job after a transaction commits: runs work once the transaction of an
 * EntityManager has committed. This is how an event handler, which runs inside the inbox transaction, queues a job
 * for rows it wrote, without the job being able to run before they are visible. Work after a rollback is dropped.
 * The work must not throw and should not wait (it is not awaited); anything it fails to do is left to the job
 * kind's sweep, since the rows it is about are committed. Provided by `JobsModule.forFeature`.
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface, OnModuleInit {
  private readonly waiting = new WeakMap<QueryRunner, (() => void)[]>();

  // Optional: a module with queues but no database (a test's) has no transaction to wait for.
  constructor(@Optional() @InjectDataSource() private readonly dataSource?: DataSource) {}

  onModuleInit(): void {
    // A subscriber of TypeORM's transaction events (its query runners broadcast them on commit and rollback).
    this.dataSource?.subscribers.push(this);
  }

  /** Runs `work` after `manager`'s transaction commits, or now when it has none. */
  run(manager: EntityManager, work: () => void): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      work();
      return;
    }
    const list = this.waiting.get(runner) ?? [];
    list.push(work);
    this.waiting.set(runner, list);
  }

  /** Adds a job (`queue.tryAdd`) once `manager`'s transaction commits; what Redis does not take, the sweep adds. */
  enqueue<Data>(
    manager: EntityManager,
    queue: JobQueue<Data>,
    data: Data,
    options: JobAddOptions = {},
  ): void {
    this.run(manager, () => void queue.tryAdd(data, options));
  }

  /** Takes jobs out of `queue` (`tryRemove`) once `manager`'s transaction commits: their work became pointless. */
  dequeue<Data>(manager: EntityManager, queue: JobQueue<Data>, jobIds: readonly string[]): void {
    if (jobIds.length === 0) return;
    this.run(manager, () => {
      for (const jobId of jobIds) void queue.tryRemove(jobId);
    });
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A released savepoint: the outer transaction is still open.
    if (event.queryRunner.isTransactionActive) return;
    const work = this.waiting.get(event.queryRunner);
    this.waiting.delete(event.queryRunner);
    for (const item of work ?? []) item();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.waiting.delete(event.queryRunner);
  }
}
