import {
  defaultCurrencyOf,
  pricePerSessionOf,
  timeZoneOfLocation,
  type HunterInput,
  type HunterInputParsed,
  type HunterUpdateParsed,
} from '@hunted/contracts';

/**
 * What the service stores from a profile's input: the body is read with `hunterInputSchema` /
 * `hunterUpdateSchema` of @hunted/contracts (the rules the web form checks first); pricePerSession is computed.
 */
export type HunterValues = Required<Omit<HunterInput, 'pricePerSession'>> & { pricePerSession: number };
export type HunterChanges = Partial<HunterValues>;

/** A new profile's values: the input with the spec's defaults and the computed price. */
export function newHunterValues(input: HunterInputParsed): HunterValues {
  const { sessionTypes } = input;
  return {
    name: input.name,
    bio: input.bio ?? '',
    location: input.location,
    // A profile made without a zone (the API's older callers) lives by its location's.
    timeZone: input.timeZone ?? timeZoneOfLocation(input.location),
    specialties: input.specialties,
    adviceTypes: input.adviceTypes,
    languages: input.languages,
    yearsExperience: input.yearsExperience,
    instagramUrl: input.instagramUrl ?? null,
    availabilityStatus: input.availabilityStatus ?? 'Available',
    sessionTypes,
    profileImageUrl: input.profileImageUrl ?? null,
    currency: input.currency ?? defaultCurrencyOf(input.location),
    pricePerSession: pricePerSessionOf(sessionTypes),
  };
}

/** An edit's changes: the fields sent (pricePerSession ignored, recomputed when the session types change). */
export function hunterChangesOf(update: HunterUpdateParsed): HunterChanges {
  const { pricePerSession: _ignored, ...sent } = update;
  const changes = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as HunterChanges;
  if (changes.sessionTypes) changes.pricePerSession = pricePerSessionOf(changes.sessionTypes);
  return changes;
}
