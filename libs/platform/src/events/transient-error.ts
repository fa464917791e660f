/**
 * Tells a failure of the infrastructure (a database or Redis briefly away, a lost connection, a transaction
 * PostgreSQL chose to abort) from a failure of the event itself. The first kind heals by waiting and must never
 * push an event towards the dead letters; only the second kind counts.
 */

/** Node socket and DNS errors: the peer is unreachable or the connection was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ESOCKETTIMEDOUT',
  'ERR_SOCKET_CLOSED',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);

/**
 * PostgreSQL SQLSTATEs that say nothing about the statement: 57P01–57P03 (admin or crash shutdown, cannot
 * connect now), 40001 (serialization failure) and 40P01 (deadlock), which PostgreSQL expects clients to retry.
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '40001', '40P01']);
/** Whole SQLSTATE classes: 08 connection exception, 53 insufficient resources (disk full, too many connections). */
const POSTGRES_CLASSES = ['08', '53'];

/** Messages of pg, pg-pool, TypeORM and ioredis for a lost or unobtainable connection (they carry no code). */
const TRANSIENT_MESSAGES = [
  /connection terminated/i, // pg: 'Connection terminated unexpectedly', pg-pool: '… due to connection timeout'
  /timeout exceeded when trying to connect/i, // pg-pool connectionTimeoutMillis
  /encountered a connection error and is not queryable/i, // pg client after a socket error
  /terminating connection/i, // backend FATAL texts when the code was lost on the way
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /connection is closed/i, // ioredis
  /stream isn't writeable/i, // ioredis without an offline queue
  /max retries per request/i, // ioredis MaxRetriesPerRequestError
  /\b(LOADING|BUSY|TRYAGAIN|CLUSTERDOWN|MASTERDOWN)\b/, // Redis replies while it (re)loads or fails over
  /read ECONNRESET|connect ECONNREFUSED|write EPIPE/i,
];

const TRANSIENT_ERROR_NAMES = new Set(['MaxRetriesPerRequestError', 'ConnectionTimeoutError']);

/**
 * True when the error, or one it wraps (TypeORM's `driverError`, `cause`, AggregateError's `errors`), is a
 * transient infrastructure failure: retry it later and do not count it against the event.
 */
export function isTransientError(error: unknown): boolean {
  return someError(error, (candidate) => {
    const code = typeof candidate.code === 'string' ? candidate.code : undefined;
    if (code !== undefined) {
      if (NETWORK_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && (POSTGRES_CODES.has(code) || POSTGRES_CLASSES.includes(code.slice(0, 2)))) return true;
    }
    if (typeof candidate.name === 'string' && TRANSIENT_ERROR_NAMES.has(candidate.name)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    return TRANSIENT_MESSAGES.some((pattern) => pattern.test(message));
  });
}

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Visits the error and everything it wraps, once each (causes can be cyclic). */
function someError(root: unknown, test: (error: ErrorLike) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [root];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as ErrorLike;
    if (test(candidate)) return true;
    queue.push(candidate.driverError, candidate.cause);
    if (Array.isArray(candidate.errors)) queue.push(...(candidate.errors as unknown[]));
  }
  return false;
}
