/** Dates and times as a reader in the UK expects them, read off the London clock whatever the process's zone. */

import { CURRENCY_FACTS, londonDateOf, londonWallClock, longDateLabel, type Currency } from '@hunted/contracts';

const poundsFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** `Monday, 30 March 2026`. */
export function londonDate(date: Date): string {
  return longDateLabel(londonDateOf(date));
}

/** `09:00` and the zone in force then, `BST` or `GMT`. */
export function londonTime(date: Date): { time: string; zone: string } {
  const { time, zone } = londonWallClock(date);
  return { time, zone };
}

/** `Monday, 30 March 2026, 09:00–10:00 BST`; a session across a clock change names both zones. */
export function londonSpan(startsAt: Date, endsAt: Date): string {
  const start = londonTime(startsAt);
  const end = londonTime(endsAt);
  const times =
    start.zone === end.zone
      ? `${start.time}–${end.time} ${start.zone}`
      : `${start.time} ${start.zone}–${end.time} ${end.zone}`;
  return `${londonDate(startsAt)}, ${times}`;
}

/** `£80.00`. */
export function pounds(pence: number): string {
  return poundsFormat.format(pence / 100);
}

/**
 * An amount in minor units of a booking's currency, with its decimals: `£80.00`, `€60.00` (decision 0105; an email
 * of a booking from before currencies is in pounds).
 */
export function amountIn(minor: number, currency: Currency | undefined): string {
  if (currency === undefined || currency === 'GBP') return pounds(minor);
  const exponent = CURRENCY_FACTS[currency].exponent;
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: exponent }).format(minor / 10 ** exponent);
}
