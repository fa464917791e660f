import { londonDateOf, longDateLabel, nextLondonMidnight } from '@hunted/contracts';

// The directory's day (today's ranking, the featured pick) and the marketplace's dates are both London's; the clock
// itself is @hunted/contracts' London clock, these are the words the directory pages put around it.

/** 'Next update in {h}h {m}m' — whole minutes left, rounded down, until the next London midnight. */
export function countdownLabel(now: number): string {
  const minutesLeft = Math.max(0, Math.floor((nextLondonMidnight(now) - now) / 60_000));
  return `Next update in ${Math.floor(minutesLeft / 60)}h ${minutesLeft % 60}m`;
}

/** Today's date in en-GB long form, for London's day: "Monday, 23 November 2026". */
export function londonDateLabel(now: number): string {
  return longDateLabel(londonDateOf(now));
}
