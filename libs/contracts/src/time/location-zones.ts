import type { HunterLocation } from '../http/hunters.js';

/**
 * The zone of each location a hunter may give: the default of a new hunter's zone, and what existing hunters were
 * migrated to (issue 38). Every listed country keeps one zone (none spans two), so the country names it.
 */
export const LOCATION_TIME_ZONES: Readonly<Record<HunterLocation, string>> = {
  UK: 'Europe/London',
  France: 'Europe/Paris',
  Italy: 'Europe/Rome',
  Spain: 'Europe/Madrid',
  Sweden: 'Europe/Stockholm',
  Greece: 'Europe/Athens',
  Denmark: 'Europe/Copenhagen',
};

/** The zone of a location, London's for one the list does not know. */
export function timeZoneOfLocation(location: string): string {
  return (LOCATION_TIME_ZONES as Record<string, string>)[location] ?? LOCATION_TIME_ZONES.UK;
}
