import { MARKETPLACE_TIME_ZONE } from '@hunted/contracts';

// The directory's day (today's ranking, the featured pick) and the marketplace's dates are both London's.
const LONDON = MARKETPLACE_TIME_ZONE;

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The London wall-clock reading of an instant, as numbers. */
function londonParts(instant: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Today's date in London, 'YYYY-MM-DD', at the instant `now`: the marketplace's calendar day in any browser zone. */
export function londonToday(now: number): string {
  const { year, month, day } = londonParts(now);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far London's clock is ahead of UTC at an instant (0 in winter, one hour in summer), in ms. */
function londonOffset(instant: number): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant of the next midnight in London: when today's ranking rolls over and a new brand is featured.
 * Works on the days the clocks change (23- and 25-hour days) by correcting the offset twice.
 */
export function nextLondonMidnight(now: number): number {
  const today = londonParts(now);
  const midnightAsUtc = Date.UTC(today.year, today.month - 1, today.day + 1);
  const firstGuess = midnightAsUtc - londonOffset(midnightAsUtc);
  return midnightAsUtc - londonOffset(firstGuess);
}

/** 'Next update in {h}h {m}m' — whole minutes left, rounded down, until the next London midnight. */
export function countdownLabel(now: number): string {
  const minutesLeft = Math.max(0, Math.floor((nextLondonMidnight(now) - now) / 60_000));
  return `Next update in ${Math.floor(minutesLeft / 60)}h ${minutesLeft % 60}m`;
}

/** Today's date in en-GB long form, for London's day: "Monday, 23 November 2026". */
export function londonDateLabel(now: number): string {
  return new Date(now).toLocaleDateString('en-GB', {
    timeZone: LONDON,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
