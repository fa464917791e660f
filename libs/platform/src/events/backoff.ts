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

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
