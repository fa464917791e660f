import type { Hunter } from '@hunted/contracts';

/** Placeholder until the profile form lands here (another branch writes the Settings tab). */
export function HunterSettings({ hunter }: { hunter: Hunter }) {
  return <p className="text-sm text-stone-600">Settings for {hunter.name} arrive with the profile form.</p>;
}
