import { withTimeout } from '../../redis/redis.js';
import type { ConsumerLink, Outcome, StreamEntry } from './context.js';

/**
 * Claiming: the entries this consumer holds (read and not yet finished), kept claimed while they are worked on,
 * and entries another consumer left unacknowledged too long taken over.
 */
export class EntryClaims {
  /** Entries read and not yet finished, per stream: kept claimed while a transient failure is waited out. */
  private readonly inHand = new Map<string, Set<string>>();
  private lastHeartbeatAt = 0;

  constructor(private readonly link: ConsumerLink) {}

  hold(stream: string, entries: StreamEntry[]): void {
    const ids = this.inHand.get(stream) ?? new Set<string>();
    for (const [id] of entries) ids.add(id);
    this.inHand.set(stream, ids);
    this.lastHeartbeatAt = Date.now();
  }

  /** The entry is finished (acknowledged or parked): nothing to keep claimed. */
  release(stream: string, id: string): void {
    this.inHand.get(stream)?.delete(id);
  }

  /** The batch is over: what failed in it stays pending and is re-read later. */
  releaseAll(): void {
    this.inHand.clear();
  }

  /**
   * While a transient failure is waited out, the entries in hand sit idle in the group; past claimIdleMs another
   * consumer would take them over (XAUTOCLAIM), which raises their delivery count each time and, over a long
   * outage, would push them towards the "delivered too often" dead-lettering. Re-claiming them for ourselves
   * with JUSTID resets their idle time without counting a delivery.
   */
  async keepInHand(): Promise<void> {
    const { options, group, consumerName } = this.link;
    if (Date.now() - this.lastHeartbeatAt < options.claimIdleMs / 4) return;
    this.lastHeartbeatAt = Date.now();
    for (const [stream, ids] of this.inHand) {
      if (ids.size === 0) continue;
      await withTimeout(
        this.link.command((redis) => redis.call('XCLAIM', stream, group, consumerName, 0, ...ids, 'JUSTID')),
        1_000,
      ).catch(() => undefined); // Redis away too: then nobody can claim them either
    }
  }

  /**
   * Takes over entries another consumer left unacknowledged for too long and processes each; true when one of
   * them failed here.
   */
  async reclaim(process: (stream: string, id: string, fields: string[] | null) => Promise<Outcome>): Promise<boolean> {
    const { options, group, consumerName } = this.link;
    let failed = false;
    for (const stream of this.link.streams) {
      let cursor = '0-0';
      do {
        const [next, entries] = (await this.link.command((redis) =>
          redis.call('XAUTOCLAIM', stream, group, consumerName, options.claimIdleMs, cursor, 'COUNT', options.batchSize),
        )) as [string, StreamEntry[], string[]];
        this.hold(stream, entries);
        try {
          for (const [id, fields] of entries) {
            if (!this.link.running) return failed;
            if ((await process(stream, id, fields)) === 'retry') failed = true;
            else this.release(stream, id);
          }
        } finally {
          this.releaseAll();
        }
        cursor = next;
      } while (cursor !== '0-0' && this.link.running);
    }
    return failed;
  }
}
