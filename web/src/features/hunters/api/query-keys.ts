import type { HunterQuery } from './get-hunters';

/** Every query key of the hunters feature, built only here. */
export const hunterKeys = {
  all: ['hunters'] as const,
  lists: () => [...hunterKeys.all, 'list'] as const,
  list: (query: HunterQuery) => [...hunterKeys.lists(), query] as const,
  detail: (id: number) => [...hunterKeys.all, 'detail', id] as const,
  /** The signed-in user's own profile (GET /api/hunter-profile). */
  profile: () => [...hunterKeys.all, 'profile'] as const,
  /** The signed-in hunter's private joining details (GET /api/hunter-profile/joining-details). */
  joiningDetails: () => [...hunterKeys.all, 'joining-details'] as const,
  /** The signed-in hunter's availability: weekly hours, and the resolved days of a date range. */
  weeklyHours: () => [...hunterKeys.all, 'availability', 'weekly'] as const,
  availability: (startDate: string, endDate: string) =>
    [...hunterKeys.all, 'availability', 'range', startDate, endDate] as const,
  availabilityAll: () => [...hunterKeys.all, 'availability'] as const,
  /** The recruitment page's figures (public, GET /api/hunters/figures). */
  figures: () => [...hunterKeys.all, 'figures'] as const,
  /** The listing's reference rates (public, GET /api/hunters/reference-rates). */
  referenceRates: () => [...hunterKeys.all, 'reference-rates'] as const,
  /** Hunter's Pick: today's (public, GET /api/hunter-picks/today) and the signed-in hunter's day (…/mine). */
  todayPick: () => [...hunterKeys.all, 'pick', 'today'] as const,
  myPickDay: () => [...hunterKeys.all, 'pick', 'mine'] as const,
  /** The hunters who know a brand (its page's 'Hunters who know this brand'): a list, so a profile edit refetches it. */
  knownBy: (brandId: number) => [...hunterKeys.lists(), 'known-by', brandId] as const,
  /** Go-to brands: the signed-in hunter's own (GET/PUT /api/hunter-profile/go-to-brands), and any hunter's public ones. */
  goToBrands: () => [...hunterKeys.all, 'go-to-brands'] as const,
  myGoToBrands: () => [...hunterKeys.goToBrands(), 'mine'] as const,
  publicGoToBrands: () => [...hunterKeys.goToBrands(), 'public'] as const,
  hunterGoToBrands: (hunterId: number) => [...hunterKeys.publicGoToBrands(), hunterId] as const,
  /** Hunter Edits: the hunter's sent ones, the client's received ones, the published ones of a brand or a hunter. */
  edits: () => [...hunterKeys.all, 'edits'] as const,
  sentEdits: () => [...hunterKeys.edits(), 'sent'] as const,
  receivedEdits: () => [...hunterKeys.edits(), 'received'] as const,
  published: () => [...hunterKeys.edits(), 'published'] as const,
  brandEdits: (brandId: number) => [...hunterKeys.published(), 'brand', brandId] as const,
  hunterEdits: (hunterId: number) => [...hunterKeys.published(), 'hunter', hunterId] as const,
};
