import { addDays, addMonths, dayOfWeek, instantIn, offsetLabelIn, shortDateLabel } from '@hunted/contracts';

/**
 * The booking pages' week note and month grid, on calendar dates ('YYYY-MM-DD') of a zone: the viewer's for the
 * slot picker, the hunter's own for their dashboard. Dates, weeks and offsets come from the clock in
 * @hunted/contracts; only the words and the grid's shape are the pages' own.
 */

/**
 * The time-zone note for the dates shown on a zone's clock: 'Europe/London (GMT +1:00)'. Clocks change on a Sunday,
 * so a shown week can hold two offsets; then both are named, each from the first date it applies to.
 */
export function timeZoneNote(zone: string, dates: string[], now = Date.now()): string {
  const labels: { label: string; from: string }[] = [];
  for (const date of dates) {
    // Noon is hours away from any clock change (the night's small hours), so it carries the date's offset.
    const label = offsetLabelIn(zone, instantIn(zone, date, '12:00'));
    if (labels.at(-1)?.label !== label) labels.push({ label, from: date });
  }
  if (labels.length <= 1) return `${zone} (${labels[0]?.label ?? offsetLabelIn(zone, now)})`;
  return `${zone} (${labels
    .map((entry, index) => (index === 0 ? entry.label : `${entry.label} from ${shortDateLabel(entry.from)}`))
    .join('; ')})`;
}

/**
 * The Sunday-to-Saturday grid of a month: whole weeks from the Sunday on or before the 1st to the Saturday on or
 * after the last day (35 cells most months, 42 when the month spans six weeks, 28 for a February starting on Sunday).
 */
export function monthGrid(first: string): { date: string; inMonth: boolean }[] {
  const start = addDays(first, -dayOfWeek(first));
  const last = addDays(addMonths(first, 1), -1);
  const end = addDays(last, 6 - dayOfWeek(last));
  const cells: { date: string; inMonth: boolean }[] = [];
  for (let date = start; date <= end; date = addDays(date, 1))
    cells.push({ date, inMonth: date.slice(0, 7) === first.slice(0, 7) });
  return cells;
}
