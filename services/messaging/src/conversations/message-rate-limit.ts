import { Inject, Injectable } from '@nestjs/common';
import { REDIS, SERVICE_CONFIG, withTimeout } from '@hunted/platform';
import type { Redis } from 'ioredis';
import type { MessagingConfig } from '../config.js';

/** How long a send waits for Redis's count before letting the message through. */
const COUNT_WAIT_MS = 300;

/**
 * At most MESSAGE_SEND_LIMIT_PER_MINUTE messages per member per clock minute, counted in Redis (one INCR, shared by
 * every replica). It guards against a runaway client or a spammer, not against data loss, so when Redis does not
 * answer in time the message is let through rather than refused: an outage must not stop people talking.
 */
@Injectable()
export class MessageRateLimit {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Counts one send; false when the member is over the limit for this minute. */
  async allow(userId: string, now = Date.now()): Promise<boolean> {
    const minute = Math.floor(now / 60_000);
    const key = `${this.config.REDIS_PREFIX}messages:sent:${userId}:${minute}`;
    try {
      const [[, count]] = (await withTimeout(
        this.redis.multi().incr(key).expire(key, 120).exec(),
        COUNT_WAIT_MS,
        'counting a message',
      )) as [[unknown, number]];
      return count <= this.config.MESSAGE_SEND_LIMIT_PER_MINUTE;
    } catch {
      return true;
    }
  }
}
