import { londonDateOf, taxYearOf } from '@hunted/contracts';

/** The UK tax year (6 April – 5 April, London dates) an instant falls in: 2026 for 2027-04-05. */
export function taxYearAt(instant: number | string): number {
  return taxYearOf(londonDateOf(new Date(instant)));
}

/** '2026–27' for the tax year starting 6 April 2026. */
export function taxYearLabel(taxYear: number): string {
  return `${taxYear}–${String((taxYear + 1) % 100).padStart(2, '0')}`;
}

/** '6 April 2026 – 5 April 2027'. */
export function taxYearSpan(taxYear: number): string {
  return `6 April ${taxYear} – 5 April ${taxYear + 1}`;
}

/** Every tax year from the one `since` falls in to the current one, newest first. */
export function taxYearsSince(since: string, now: number): number[] {
  const current = taxYearAt(now);
  const first = Math.min(taxYearAt(since), current);
  return Array.from({ length: current - first + 1 }, (_, index) => current - index);
}
