/** A wait that can be cut short: by stop() so shutdown is prompt, or by new work so it is picked up at once. */
export class WakeableSleep {
  private wake: (() => void) | null = null;
  private woken = false;

  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** Ends the current sleep, or makes the next one return at once. */
  interrupt(): void {
    if (this.wake) this.wake();
    else this.woken = true;
  }
}

export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

/**
 * The capped exponential wait with "equal jitter": somewhere between half of it and all of it. Replicas that
 * lost the same database at the same moment then come back spread out instead of all at once.
 */
export function jitteredBackoffMs(failures: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = backoffMs(failures, baseMs, maxMs);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
