import { QueryFailedError } from 'typeorm';

/** The PostgreSQL SQLSTATEs a service answers as the client's fault (a 404 or a 409) rather than a 500. */
export const SQL_STATE = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  /** PostgreSQL aborted this transaction to break a lock cycle; the client reruns it (see retriedTransaction). */
  deadlockDetected: '40P01',
  /** A serializable transaction lost to a concurrent one; the client reruns it. */
  serializationFailure: '40001',
  /** `statement_timeout` (or an operator's cancel) stopped the statement. */
  queryCanceled: '57014',
  /** `idle_in_transaction_session_timeout` ended the session. */
  idleInTransactionTimeout: '25P03',
} as const;

/** The SQLSTATE of a failed statement (TypeORM wraps the driver's error), or undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
