import { afterEach, describe, expect, it } from 'vitest';
import { now, nowMs, onClockJump, setClockOffset } from './clock.js';

describe('clock', () => {
  afterEach(() => setClockOffset(0));

  it('is the system clock until moved, then that far ahead, and tells listeners of each move', () => {
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(50);
    let jumps = 0;
    const stop = onClockJump(() => (jumps += 1));
    setClockOffset(3 * 3_600_000);
    expect(now().getTime() - Date.now()).toBeGreaterThan(3 * 3_600_000 - 50);
    setClockOffset(3 * 3_600_000);
    expect(jumps).toBe(1);
    stop();
    setClockOffset(0);
    expect(jumps).toBe(1);
  });
});
