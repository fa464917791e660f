import { z } from 'zod';
import { schemaConnectionOptions } from './schema.js';

/**
 * The pool settings every service's PostgreSQL pool gets (spread into `baseEnvSchema`). Without them a pool of 10
 * whose connections are all held waits for ever: a request queued behind them never answers, and a connection
 * left in an open transaction (a crashed handler, a slow outside call) keeps its locks until the process dies.
 */
export const databasePoolEnvShape = {
  /** Connections per process. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Longest wait for a free pooled connection (or a new one to open) before the query fails. */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** PostgreSQL cancels any one statement running longer (`statement_timeout`). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** PostgreSQL ends a session left idle inside a transaction this long (`idle_in_transaction_session_timeout`). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
};

export interface DatabasePoolSettings {
  DATABASE_POOL_MAX: number;
  DATABASE_ACQUIRE_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}

/** pg-pool's message when no connection came free within `connectionTimeoutMillis`. */
export const POOL_ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** True for the error a query gets when the pool had no connection for it in time. */
export function isPoolAcquireTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === POOL_ACQUIRE_TIMEOUT_MESSAGE;
}

/**
 * The `pg` pool options (TypeORM's `extra`) of a service: its schema, its size, and the three bounds. The
 * statement and idle-in-transaction limits are session parameters PostgreSQL enforces itself, so they hold
 * whatever the process is doing; TCP keep-alive lets the operating system notice a peer that vanished.
 */
export function databasePoolOptions(settings: DatabasePoolSettings, schema: string) {
  return {
    ...schemaConnectionOptions(schema),
    max: settings.DATABASE_POOL_MAX,
    connectionTimeoutMillis: settings.DATABASE_ACQUIRE_TIMEOUT_MS,
    statement_timeout: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: settings.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
