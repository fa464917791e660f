import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { errorMessage } from '../backoff.js';
import { InboxEntry } from '../inbox.entity.js';
import { redisPruneCutoffMs, streamIdTimeMs } from '../retention.js';
import { fieldsToRecord } from '../stream-entry.js';
import { tableOf } from '../tables.js';
import type { ConsumerLink } from './context.js';

/**
 * Removes a consumer from a group only if it has no pending entry, in one step: XGROUP DELCONSUMER drops the
 * consumer's pending entries with it, so a check followed by a separate delete could lose an entry the consumer
 * read in between. Returns 1 when removed, 0 when it held entries (they are reclaimed first, by XAUTOCLAIM).
 */
const DELETE_CONSUMER_IF_IDLE = `
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2])
if #pending > 0 then return 0 end
redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/**
 * Pruning: keeps the consumer side bounded. Inbox rows older than the retention (their events are trimmed from the
 * streams by then, so no redelivery can need them), dead letters whose event entered Redis longer ago than the
 * retention allows (they may hold a user's email), and the group's consumers that died without leaving.
 */
export class ConsumerPruning {
  constructor(
    private readonly link: ConsumerLink,
    private readonly dataSource: DataSource,
    private readonly deadLetterStream: string,
  ) {}

  /** True when all was done; a failure is logged. */
  async prune(): Promise<boolean> {
    try {
      const inbox = await this.pruneInbox();
      const deadLetters = await this.pruneDeadLetters();
      const consumers = await this.pruneDeadConsumers();
      if (inbox.deleted + deadLetters + consumers > 0) {
        this.link.logger.log(`pruned ${inbox.deleted} inbox row(s), ${deadLetters} expired dead letter(s) and ${consumers} gone consumer(s)`);
      }
      return inbox.finished;
    } catch (error) {
      this.link.logger.warn(`pruning the inbox and dead letters failed, will try again: ${errorMessage(error)}`);
      return false;
    }
  }

  /** A consumer with no pending entries is removed from its groups so restarts do not pile up names. */
  async forgetConsumerIfIdle(commands: Redis | null): Promise<void> {
    if (commands?.status !== 'ready') return;
    const { group, consumerName } = this.link;
    for (const stream of this.link.streams) {
      const pending = (await commands.call('XPENDING', stream, group, '-', '+', 1, consumerName)) as unknown[];
      if (pending.length === 0) await commands.xgroup('DELCONSUMER', stream, group, consumerName);
    }
  }

  private async pruneInbox(): Promise<{ deleted: number; finished: boolean }> {
    const manager = this.dataSource.manager;
    const table = tableOf(manager, InboxEntry);
    const slice = 5_000;
    let deleted = 0;
    // In slices, so no long lock or huge transaction, and at most 20 per run, so events are not held up for long.
    for (let run = 0; run < 20 && this.link.running; run++) {
      const [, count] = (await manager.query(
        `delete from ${table} where event_id in (
           select event_id from ${table} where processed_at < now() - make_interval(secs => $1) limit ${slice})`,
        [this.link.options.retentionMs / 1000],
      )) as [unknown, number];
      deleted += count;
      if (count < slice) return { deleted, finished: true };
    }
    return { deleted, finished: false };
  }

  private async pruneDeadLetters(): Promise<number> {
    const { retentionMs, pruneIntervalMs } = this.link.options;
    const cutoff = redisPruneCutoffMs(Date.now(), retentionMs, pruneIntervalMs);
    const stream = this.deadLetterStream;
    let removed = 0;
    let start = '-';
    // Ordered by when they died, not by when their event entered Redis, so the whole (capped) stream is read.
    for (;;) {
      const page = (await this.link.command((redis) => redis.xrange(stream, start, '+', 'COUNT', 500))) as [string, string[]][];
      const expired = page
        .filter(([id, fields]) => (streamIdTimeMs(fieldsToRecord(fields).sourceId ?? id) || streamIdTimeMs(id)) < cutoff)
        .map(([id]) => id);
      if (expired.length > 0) removed += Number(await this.link.command((redis) => redis.xdel(stream, ...expired)));
      if (page.length < 500) return removed;
      start = `(${page[page.length - 1]![0]}`;
    }
  }

  /** Forgets the group's consumers that died without leaving (SIGKILL, a lost node) once they hold nothing. */
  private async pruneDeadConsumers(): Promise<number> {
    const { group, consumerName, options } = this.link;
    let removed = 0;
    for (const stream of this.link.streams) {
      const consumers = (await this.link.command((redis) => redis.call('XINFO', 'CONSUMERS', stream, group))) as unknown[][];
      for (const fields of consumers) {
        const info = fieldsToRecord(fields.map(String));
        if (info.name === consumerName || Number(info.pending) > 0 || Number(info.idle) < options.deadConsumerIdleMs) continue;
        removed += Number(await this.link.command((redis) => redis.eval(DELETE_CONSUMER_IF_IDLE, 1, stream, group, info.name ?? '')));
      }
    }
    return removed;
  }
}
