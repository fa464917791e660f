import { VETTED_HUNTER_FIELDS, type HunterRevisionValues, type HunterStatus, type VettedHunterField } from '@hunted/contracts';
import type { HunterChanges } from './hunter-input.js';

/**
 * Whether a profile's changes to the vetted fields wait for review: once a profile has been approved it is public
 * (or was, for a suspended one, and would be again on reinstatement), so only the approved values may show. A
 * pending or rejected profile is reviewed whole, so its edits apply at once.
 */
export function changesAreVetted(status: HunterStatus): boolean {
  return status === 'approved' || status === 'suspended';
}

const VETTED: ReadonlySet<string> = new Set(VETTED_HUNTER_FIELDS);

/** Splits an edit into what applies at once and what the vetted fields are set to. */
export function splitVetted(changes: HunterChanges): { immediate: HunterChanges; vetted: HunterRevisionValues } {
  const immediate: Record<string, unknown> = {};
  const vetted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) (VETTED.has(key) ? vetted : immediate)[key] = value;
  return { immediate: immediate as HunterChanges, vetted: vetted as HunterRevisionValues };
}

/** Equal values (the lists compared in order, as stored and shown). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two sets of proposed values are the same (the same fields, each equal). */
export function sameRevisionValues(a: HunterRevisionValues, b: HunterRevisionValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<VettedHunterField>;
  return [...keys].every((key) => key in a && key in b && sameValue(a[key], b[key]));
}

/**
 * What a revision proposes after an edit: the pending revision's values with the edit's on top, keeping only the
 * fields that differ from the approved (live) profile. Empty: the edit changes nothing that needs review (the same
 * values as the approved profile, or every pending change put back).
 */
export function proposedValues(
  live: Required<HunterRevisionValues>,
  pending: HunterRevisionValues | null,
  sent: HunterRevisionValues,
): { changes: HunterRevisionValues; live: HunterRevisionValues } {
  const merged: HunterRevisionValues = { ...pending, ...sent };
  const changes: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  for (const key of VETTED_HUNTER_FIELDS) {
    if (!(key in merged) || sameValue(merged[key], live[key])) continue;
    changes[key] = merged[key];
    before[key] = live[key];
  }
  return { changes: changes as HunterRevisionValues, live: before as HunterRevisionValues };
}

/** The vetted fields' approved values of a stored profile. */
export function liveValuesOf(hunter: { [K in VettedHunterField]: unknown }): Required<HunterRevisionValues> {
  return Object.fromEntries(VETTED_HUNTER_FIELDS.map((key) => [key, hunter[key]])) as Required<HunterRevisionValues>;
}
