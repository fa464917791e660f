import type { EventConsumerOptions } from '../../events/event-consumer.js';
import type { OutboxRelayOptions } from '../../events/outbox-relay.js';

/** The producing service: its outbox is what the relays drain, its stream what the consumers read. */
export const CHAOS_PRODUCER = 'identity';
/** The consumer group both consumer processes join (and the name of its dead-letter stream). */
export const CHAOS_GROUP = 'chaos';
export const CHAOS_EVENT_TYPE = 'identity.user.updated';

export type ChaosRole = 'relay' | 'consumer';

/** What the driver hands a worker process (as CHAOS_WORKER, JSON): where its schema and streams are. */
export interface ChaosWorkerConfig {
  role: ChaosRole;
  label: string;
  databaseUrl: string;
  schema: string;
  redisUrl: string;
  redisPrefix: string;
}

// Short waits so a killed process's work is picked up within a second or two, not the production 30 s.
export const CHAOS_RELAY_OPTIONS: Partial<OutboxRelayOptions> = { pollIntervalMs: 50, retryBaseMs: 50, maxBackoffMs: 500 };
export const CHAOS_CONSUMER_OPTIONS: Partial<EventConsumerOptions> = {
  claimIdleMs: 1_500,
  claimIntervalMs: 250,
  retryDelayMs: 100,
  blockMs: 500,
  shutdownTimeoutMs: 3_000,
};
