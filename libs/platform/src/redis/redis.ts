import { Redis } from 'ioredis';

/**
 * A Redis client that keeps retrying while Redis is away (commands queue until it is back) instead of failing
 * the process: Redis being down delays events and jobs, it must not lose them or crash services.
 */
export function createRedisClient(url: string, name: string): Redis {
  const client = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
  });
  // ioredis reconnects by itself; without a listener every failed attempt is reported as an unhandled
  // 'error' event. /health/deps is what tells operators Redis is down (never readiness: see HealthController).
  client.on('error', () => undefined);
  return client;
}

/** Resolves with the promise's value, or rejects once `ms` have passed without one. */
export function withTimeout<T>(promise: Promise<T>, ms: number, label = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} did not finish in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Closes a client without ever hanging a shutdown: QUIT (which lets queued commands finish) only while
 * connected and only for so long; during an outage QUIT itself would queue until Redis came back.
 */
export async function closeRedis(client: Redis | null | undefined, ms = 1_000): Promise<void> {
  if (!client) return;
  if (client.status === 'ready') await withTimeout(client.quit(), ms, 'Redis QUIT').catch(() => undefined);
  client.disconnect();
}
