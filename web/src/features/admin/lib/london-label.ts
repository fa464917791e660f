import { londonWallClock, mediumDateLabel } from '@hunted/contracts';

/** An instant as London's date and time, '3 Dec 2026, 14:30': the marketplace's clock, whatever the admin's. */
export function londonInstantLabel(instant: string): string {
  const wall = londonWallClock(Date.parse(instant));
  return `${mediumDateLabel(wall.date)}, ${wall.time}`;
}
