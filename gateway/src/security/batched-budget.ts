import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';

/** How often the requests counted here are added to Redis's counts. */
const DEFAULT_FLUSH_MS = 250;
/** Keys followed here at once; a key beyond them is counted in Redis on every request, as before. */
const MAX_KEYS = 50_000;

interface Tally {
  /** The window's count in Redis when last heard (this replica's requests added so far included). */
  counted: number;
  /** Requests let through here since, not yet added in Redis. */
  pending: number;
  /** When the window ends, by this replica's clock (from the key's time to live in Redis). */
  endsAt: number;
}

export interface BatchedBudgetOptions {
  flushMs?: number;
  now?: () => number;
  /** Told when a flush could not reach Redis (those requests go uncounted, as any request does while Redis is away). */
  onFlushError?: (error: unknown) => void;
}

/**
 * A per-minute budget (reads, writes) counted in Redis without a round trip per request. A key's first request in
 * a window, and every request once the window's count passes half the budget, is counted in Redis as it comes
 * (exactly as rate-limiter-flexible always did); below half, requests are counted here and added to Redis every
 * `flushMs` in one command per key. So a single gateway's decisions are exact (its own count is the whole count),
 * and across replicas a client can exceed its budget by at most what the other replicas let through below half
 * before their next flush. The same keys and script as RateLimiterRedis, so the two kinds of count add up.
 *
 * Why: the counter's round trip was a fifth of the gateway's CPU per signed-in request, and Redis's own share came on
 * top (docs/benchmarks.md, "The signed-in path"); a member's page load sends its reads in a burst, which this folds
 * into one command.
 */
export class BatchedBudget {
  private readonly tallies = new Map<string, Tally>();
  /** Counted here while a window's count (as last heard, plus what is pending) stays at or below this. */
  private readonly batchedUpTo: number;
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(
    private readonly limiter: RateLimiterRedis,
    points: number,
    private readonly options: BatchedBudgetOptions = {},
  ) {
    this.batchedUpTo = Math.floor(points / 2);
    this.now = options.now ?? Date.now;
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? DEFAULT_FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Counts the request here and answers true when its key's window is well below the budget; false when it must be
   * counted in Redis instead (consume): the key's first request, one past half the budget, or an unknown key.
   */
  countLocally(key: string): boolean {
    const tally = this.tallies.get(key);
    if (!tally) return false;
    if (this.now() >= tally.endsAt) {
      this.tallies.delete(key);
      return false;
    }
    if (tally.counted + tally.pending + 1 > this.batchedUpTo) return false;
    tally.pending += 1;
    return true;
  }

  /**
   * Counts the request in Redis, with whatever its key has pending here, so the decision is made on the whole count:
   * resolves when it may go on, rejects with the limiter's RateLimiterRes when the budget is spent, or with Redis's
   * error when the count could not be made (the caller decides to fail open).
   */
  async consume(key: string): Promise<void> {
    const tally = this.tallies.get(key);
    const pending = tally?.pending ?? 0;
    if (tally) tally.pending = 0;
    try {
      this.learn(key, await this.limiter.consume(key, pending + 1));
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) this.learn(key, outcome);
      throw outcome;
    }
  }

  /** Adds every key's pending requests to Redis; what Redis answers updates the counts here. */
  async flush(): Promise<void> {
    const now = this.now();
    const sent: Promise<void>[] = [];
    for (const [key, tally] of this.tallies) {
      if (tally.pending === 0) {
        if (now >= tally.endsAt) this.tallies.delete(key);
        continue;
      }
      const pending = tally.pending;
      tally.pending = 0;
      sent.push(
        this.limiter.consume(key, pending).then(
          (outcome) => this.learn(key, outcome),
          (outcome: unknown) => {
            // Over the budget: these requests have gone through already; the key is counted in Redis from now on.
            if (outcome instanceof RateLimiterRes) this.learn(key, outcome);
            else this.options.onFlushError?.(outcome);
          },
        ),
      );
    }
    await Promise.all(sent);
  }

  /** Stops the flushes, after adding what is pending. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private learn(key: string, outcome: RateLimiterRes): void {
    const now = this.now();
    const tally = this.tallies.get(key);
    // Answers can arrive out of order: within one window the count only grows.
    if (tally && now < tally.endsAt) {
      tally.counted = Math.max(tally.counted, outcome.consumedPoints);
      return;
    }
    if (!tally && this.tallies.size >= MAX_KEYS) return;
    this.tallies.set(key, { counted: outcome.consumedPoints, pending: tally?.pending ?? 0, endsAt: now + outcome.msBeforeNext });
  }
}
