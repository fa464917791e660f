import { SITE_TIME_ZONE, runtimeTimeZone, supportedTimeZones } from '@hunted/contracts';

/**
 * The viewer's time zone: the browser's, read here and nowhere else in the web app (issue 38). Every time a page
 * shows is written on this zone's clock, with the other party's beside it when it differs. Tests set it with
 * `setViewerTimeZoneForTests` rather than the process's TZ, so a test names the zone it means.
 */

// Kept on the global object, not in this module: a test file that reloads the app's modules (vi.resetModules) gets
// a fresh copy of this one, and must still see the zone the test set.
const TEST_ZONE = Symbol.for('hunted.viewerTimeZoneForTests');
const holder = globalThis as { [TEST_ZONE]?: string | null };

export function viewerTimeZone(): string {
  // A browser whose zone Intl cannot name (rare, old runtimes) reads the site's own clock, as the site did before.
  return browserTimeZone() ?? SITE_TIME_ZONE;
}

/** The zone this browser runs in (`Europe/Paris`), or null when it does not say one the clock knows. */
export function browserTimeZone(): string | null {
  return holder[TEST_ZONE] ?? runtimeTimeZone() ?? null;
}

/** Sets the viewer's zone for the tests that follow; null goes back to the browser's. */
export function setViewerTimeZoneForTests(zone: string | null): void {
  holder[TEST_ZONE] = zone;
}

/**
 * The zones a person may choose from (the account's zone, a hunter's): the clock's list, Europe's first (the server
 * checks the choice again), with the current one kept first if this runtime does not list it under that name.
 */
export function timeZoneChoices(current: string | null): string[] {
  const zones = supportedTimeZones();
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** `Europe/Isle_of_Man` as a person reads it: `Europe/Isle of Man`. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}
