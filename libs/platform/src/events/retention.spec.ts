import { describe, expect, it } from 'vitest';
import { redisPruneCutoffMs, retentionOption, streamIdTimeMs } from './retention.js';

const DAY = 24 * 3_600_000;

describe('retention cut-offs', () => {
  it('prunes Redis one interval ahead, so nothing outlives the retention between two prunes', () => {
    expect(redisPruneCutoffMs(10 * DAY, 7 * DAY, 3_600_000)).toBe(3 * DAY + 3_600_000);
    // An interval that is not small next to the retention keeps half of it rather than everything or nothing.
    expect(redisPruneCutoffMs(10 * DAY, 1_000, 60_000)).toBe(10 * DAY - 500);
  });

  it('reads the time of a stream entry id', () => {
    expect(streamIdTimeMs('1700000000000-3')).toBe(1_700_000_000_000);
    expect(streamIdTimeMs('1700000000000')).toBe(1_700_000_000_000);
    expect(streamIdTimeMs('not-an-id')).toBeNaN();
  });

  it('turns EVENT_RETENTION_DAYS into an option, or none when the configuration lacks a usable value', () => {
    expect(retentionOption(7)).toEqual({ retentionMs: 7 * DAY });
    expect(retentionOption(0.5)).toEqual({ retentionMs: DAY / 2 });
    expect(retentionOption(undefined)).toEqual({});
    expect(retentionOption(Number.NaN)).toEqual({});
  });
});
