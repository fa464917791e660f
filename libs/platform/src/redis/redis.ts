import { Redis } from 'ioredis';

/**
 * A Redis client that keeps retrying while Redis is away (commands queue until it is back) instead of failing
 * the process: Redis being down delays events and jobs, it must not lose them or crash services.
 */
export function createRedisClient(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
  });
}
