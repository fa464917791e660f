import { vi } from 'vitest';

// Taken when this module loads, before any test fakes timers: the waits below sleep on real time.
const realSetTimeout = globalThis.setTimeout;

/** How long findOnTestClock looks before giving up: a ceiling for a failing test, not a speed the page must reach. */
const CEILING_MS = 15_000;

/**
 * Fake timers for findOnTestClock: the timers and Date, but not the idle callback, so setup.ts's stand-in still
 * runs it as soon as it is due on this clock (a setTimeout of 0). Vitest's own fake would hold it back 50 ms.
 */
export function useTestClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/**
 * Waits until `find` passes while the test's fake clock (useTestClock) all but stands still: between looks it moves
 * one millisecond, so the timers due run (TanStack Query tells its observers in a setTimeout of 0, which the fake
 * clock runs a millisecond later when set by another timer), and real work such as a route's code loading goes on
 * meanwhile. What the page set going when it drew what `find` finds was set within the millisecond before; the test
 * then moves the clock itself (vi.advanceTimersByTimeAsync) and checks a page's delay to the millisecond, however
 * busy the machine. Testing Library's findBy* cannot wait under fake timers (they wait on setTimeout themselves), and
 * vi.waitFor moves the clock on by its polling interval.
 */
export async function findOnTestClock<T>(find: () => T): Promise<T> {
  const giveUpAt = vi.getRealSystemTime() + CEILING_MS;
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  // As Testing Library's own waits do: what arrives meanwhile is drawn by React's scheduler, not under act().
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    for (;;) {
      try {
        return find();
      } catch (error) {
        if (vi.getRealSystemTime() > giveUpAt) throw error;
      }
      await vi.advanceTimersByTimeAsync(1);
      await new Promise((resolve) => realSetTimeout(resolve, 5));
    }
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}
