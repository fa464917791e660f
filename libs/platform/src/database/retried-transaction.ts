import type { DataSource, EntityManager } from 'typeorm';
import { SQL_STATE, sqlStateOf } from './sql-state.js';

/** The SQLSTATEs PostgreSQL asks a client to answer by running the whole transaction again. */
const RETRY_STATES: ReadonlySet<string> = new Set([SQL_STATE.deadlockDetected, SQL_STATE.serializationFailure]);

/**
 * Runs `work` in a transaction, and runs it again (up to `attempts` times in all) when PostgreSQL ended it as a
 * deadlock's victim or a serialization failure. Two inserts that meet on an exclusion constraint at the same moment
 * each see the other's uncommitted row and wait for it, and PostgreSQL breaks the cycle by aborting one: that one
 * is not an error of the request but a race it lost, and its rerun meets the committed row (a 23P01, answered as a
 * conflict). `work` must keep its side effects inside the transaction (the outbox, after-commit hooks), as a rerun
 * starts from nothing.
 */
export async function retriedTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= attempts || state === undefined || !RETRY_STATES.has(state)) throw error;
    }
  }
}
