import { nextLondonMidnight } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { countdownLabel, londonDateLabel } from './london-time';

const at = (iso: string) => Date.parse(iso);

describe('the countdown to the next London midnight', () => {
  it('counts to midnight GMT in winter', () => {
    expect(nextLondonMidnight(at('2026-11-23T19:37:10Z'))).toBe(at('2026-11-24T00:00:00Z'));
    expect(countdownLabel(at('2026-11-23T19:37:10Z'))).toBe('Next update in 4h 22m');
  });

  it('counts to midnight BST (23:00 UTC) in summer', () => {
    expect(nextLondonMidnight(at('2026-07-01T12:00:00Z'))).toBe(at('2026-07-01T23:00:00Z'));
    expect(countdownLabel(at('2026-07-01T12:00:00Z'))).toBe('Next update in 11h 0m');
    // 23:30 UTC is already tomorrow in London.
    expect(nextLondonMidnight(at('2026-07-01T23:30:00Z'))).toBe(at('2026-07-02T23:00:00Z'));
  });

  it('knows the 23-hour day when the clocks go forward', () => {
    // 29 March 2026: 00:30 GMT, clocks jump at 01:00 GMT; the next midnight is 23:00 UTC.
    expect(nextLondonMidnight(at('2026-03-29T00:30:00Z'))).toBe(at('2026-03-29T23:00:00Z'));
    expect(countdownLabel(at('2026-03-29T00:30:00Z'))).toBe('Next update in 22h 30m');
  });

  it('knows the 25-hour day when the clocks go back', () => {
    // 25 October 2026 begins at 23:00 UTC on the 24th (BST) and ends at 00:00 UTC on the 26th (GMT).
    expect(nextLondonMidnight(at('2026-10-24T23:30:00Z'))).toBe(at('2026-10-26T00:00:00Z'));
    expect(countdownLabel(at('2026-10-24T23:30:00Z'))).toBe('Next update in 24h 30m');
  });

  it('rounds down to whole minutes and never goes negative', () => {
    expect(countdownLabel(at('2026-11-23T23:59:59.999Z'))).toBe('Next update in 0h 0m');
    expect(countdownLabel(at('2026-11-24T00:00:00Z'))).toBe('Next update in 24h 0m');
  });

  it("writes today's date in en-GB long form, London's day", () => {
    expect(londonDateLabel(at('2026-11-23T10:00:00Z'))).toBe('Monday, 23 November 2026');
    expect(londonDateLabel(at('2026-07-01T23:30:00Z'))).toBe('Thursday, 2 July 2026');
  });
});
