import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { EventConsumerOptions } from './options.js';

export type StreamEntry = [id: string, fields: string[] | null];
/** What became of an entry: finished (acknowledged or parked), or left pending for a later re-read. */
export type Outcome = 'done' | 'retry';

/**
 * What the consumer's parts share with it: who reads (group and consumer name), which streams, its options and
 * logger, and Redis commands on the non-blocking connection. Every command goes through `command`, which gives up
 * when the consumer stops, so no call queued during a Redis outage keeps a part waiting.
 */
export interface ConsumerLink {
  readonly group: string;
  readonly consumerName: string;
  readonly streams: readonly string[];
  readonly options: EventConsumerOptions;
  readonly logger: Logger;
  readonly running: boolean;
  command<T>(call: (redis: Redis) => Promise<T>): Promise<T>;
}
