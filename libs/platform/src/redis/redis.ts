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
  // 'error' event. Readiness (/health/ready) is what tells operators Redis is down.
  client.on('error', () => undefined);
  return client;
}
