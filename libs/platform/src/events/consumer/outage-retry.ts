import type { IntegrationEvent } from '@hunted/contracts';
import type { DataSource } from 'typeorm';
import { withTimeout } from '../../redis/redis.js';
import { errorMessage, jitteredBackoffMs, type WakeableSleep } from '../backoff.js';
import { isTransientError } from '../transient-error.js';
import type { EntryClaims } from './claims.js';
import type { ConsumerLink } from './context.js';
import type { InboxApplier } from './inbox-applier.js';

export type Attempt = { applied: boolean } | { poison: unknown } | { stopped: true };

/**
 * Retrying: a transient failure (connection lost, database away, deadlock…) is waited out in this process without
 * giving the entry back to Redis, so it never raises the entry's delivery count; a poison failure (one on a
 * healthy database) is returned for the consumer to count and re-read later.
 */
export class OutageRetry {
  constructor(
    private readonly link: ConsumerLink,
    private readonly dataSource: DataSource,
    private readonly applier: InboxApplier,
    private readonly claims: EntryClaims,
    private readonly sleeper: WakeableSleep,
  ) {}

  /**
   * Applies the event, waiting out transient failures (capped exponential backoff with jitter). Returns the error
   * of a poison failure: one that is not transient and happened while PostgreSQL answers `select 1`.
   */
  async applyThroughOutages(event: IntegrationEvent): Promise<Attempt> {
    const { options, logger } = this.link;
    let failures = 0;
    const since = Date.now();
    for (;;) {
      try {
        const applied = await this.applier.apply(event);
        if (failures > 0) logger.log(`${event.type} ${event.id} applied after ${failures} transient failure(s) over ${Date.now() - since} ms`);
        return { applied };
      } catch (error) {
        if (!(await this.isTransientFailure(error))) return { poison: error };
        failures += 1;
        if (!this.link.running) return { stopped: true };
        const wait = jitteredBackoffMs(failures, options.transientRetryBaseMs, options.transientRetryMaxMs);
        // Once when it starts and then every tenth try, so a long outage does not flood the log.
        if (failures % 10 === 1) {
          logger.warn(`${event.type} ${event.id} hit a transient failure (${failures}), retrying in ${wait} ms without counting it: ${errorMessage(error)}`);
        }
        await this.sleepKeepingInHand(wait);
        if (!this.link.running) return { stopped: true };
      }
    }
  }

  /** Waits in slices short enough to re-claim the entries in hand before another consumer could take them. */
  private async sleepKeepingInHand(ms: number): Promise<void> {
    const until = Date.now() + ms;
    const slice = Math.max(50, Math.floor(this.link.options.claimIdleMs / 3));
    while (this.link.running && Date.now() < until) {
      await this.sleeper.sleep(Math.min(slice, until - Date.now()));
      if (this.link.running) await this.claims.keepInHand();
    }
  }

  /** Transient by its kind, or because PostgreSQL itself does not answer right now (a wrapped or unknown error). */
  private async isTransientFailure(error: unknown): Promise<boolean> {
    if (isTransientError(error)) return true;
    try {
      await withTimeout(this.dataSource.query('select 1'), this.link.options.healthCheckTimeoutMs, 'database health check');
      return false;
    } catch {
      return true;
    }
  }
}
