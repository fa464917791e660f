import type { CategoryRatings } from '@hunted/contracts';

/**
 * The four categories a review rates, in the order the form asks and a review card shows them. Apart from the form,
 * so a review card (read by every visitor) does not bring the form's code with it.
 */
export const RATING_CATEGORIES = [
  { key: 'speedRating', label: 'Speed' },
  { key: 'easeRating', label: 'Ease' },
  { key: 'qualityRating', label: 'Quality' },
  { key: 'sustainabilityRating', label: 'Sustainability' },
] as const satisfies readonly { key: keyof CategoryRatings; label: string }[];
