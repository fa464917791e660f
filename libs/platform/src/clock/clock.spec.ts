import { afterEach, describe, expect, it, vi } from 'vitest';
import { now, nowMs, onClockJump, setClockOffset } from './clock.js';

describe('clock', () => {
  afterEach(() => {
    setClockOffset(0);
    vi.useRealTimers();
  });

  it('is the system clock until moved, then that far ahead, and tells listeners of each move', () => {
    // The system clock held still, so "the same as the system clock" is an equality, not a race with a margin.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2030, 0, 1, 9) });
    expect(nowMs()).toBe(Date.now());
    let jumps = 0;
    const stop = onClockJump(() => (jumps += 1));
    setClockOffset(3 * 3_600_000);
    expect(now().getTime()).toBe(Date.now() + 3 * 3_600_000);
    vi.setSystemTime(Date.UTC(2030, 0, 1, 9, 0, 1));
    expect(nowMs()).toBe(Date.UTC(2030, 0, 1, 12, 0, 1));
    setClockOffset(3 * 3_600_000);
    expect(jumps).toBe(1);
    stop();
    setClockOffset(0);
    expect(jumps).toBe(1);
    expect(nowMs()).toBe(Date.now());
  });
});
