/** The consumer's tunables (EventsModule.forService's `consumer`, the chaos run's) and what it connects to. */

export interface EventConsumerOptions {
  /** Entries read per XREADGROUP call. */
  batchSize: number;
  /** Longest a read waits for new entries before the loop looks for stuck ones again. */
  blockMs: number;
  /** An entry delivered to some consumer and unacknowledged this long is taken over (its consumer likely died). */
  claimIdleMs: number;
  claimIntervalMs: number;
  /** Wait before an entry that failed on a healthy database (a poison failure) is tried again. */
  retryDelayMs: number;
  /**
   * Poison failures (the handler failed while PostgreSQL answered) after which an entry goes to the dead-letter
   * stream. Transient failures (connection lost, database or Redis away, deadlock…) never count.
   */
  maxAttempts: number;
  /** First wait before a transiently failed entry is applied again; doubles per failure, with jitter. */
  transientRetryBaseMs: number;
  /** Longest wait between two tries of a transiently failed entry. */
  transientRetryMaxMs: number;
  /** How long the `select 1` that tells a poison failure from a database outage may take. */
  healthCheckTimeoutMs: number;
  /** How long stop() waits for the event in hand before cutting the connections. */
  shutdownTimeoutMs: number;
  /** Inbox rows and dead letters older than this are deleted (EVENT_RETENTION_DAYS). */
  retentionMs: number;
  /** How often the inbox and the dead-letter stream are pruned. */
  pruneIntervalMs: number;
  /** The dead-letter stream keeps about this many entries (MAXLEN ~); a warning is logged when it is full. */
  deadLetterMaxLength: number;
  /**
   * Another consumer of the group that has nothing pending and has not read for this long is removed from the
   * group at the next prune: a process killed with SIGKILL never says goodbye, so without this every crash would
   * leave a name behind for good. A live consumer reads every `blockMs`, so it is never this idle.
   */
  deadConsumerIdleMs: number;
}

export const DEFAULT_EVENT_CONSUMER_OPTIONS: EventConsumerOptions = {
  batchSize: 10,
  blockMs: 2_000,
  claimIdleMs: 30_000,
  claimIntervalMs: 5_000,
  retryDelayMs: 1_000,
  maxAttempts: 5,
  transientRetryBaseMs: 250,
  transientRetryMaxMs: 5_000,
  healthCheckTimeoutMs: 5_000,
  shutdownTimeoutMs: 10_000,
  retentionMs: 7 * 24 * 3_600_000,
  pruneIntervalMs: 3_600_000,
  deadLetterMaxLength: 10_000,
  deadConsumerIdleMs: 3_600_000,
};

export interface EventConsumerTarget {
  /** The consuming service: its consumer group and its dead-letter stream. */
  service: string;
  redisUrl: string;
  /** Prepended to every stream name (REDIS_PREFIX). */
  redisPrefix: string;
}
