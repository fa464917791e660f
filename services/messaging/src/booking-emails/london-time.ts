/** Dates and times as a reader in the UK expects them, always in Europe/London whatever the process's zone. */

const LONDON = 'Europe/London';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});
const poundsFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** `Monday, 30 March 2026`. */
export function londonDate(date: Date): string {
  return dateFormat.format(date);
}

/** `09:00` and the zone in force then, `BST` or `GMT`. */
export function londonTime(date: Date): { time: string; zone: string } {
  const parts = timeFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { time: `${part('hour')}:${part('minute')}`, zone: part('timeZoneName') };
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
