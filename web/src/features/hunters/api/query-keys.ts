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
  /** Hunter's Pick: today's (public, GET /api/hunter-picks/today) and the signed-in hunter's day (…/mine). */
  todayPick: () => [...hunterKeys.all, 'pick', 'today'] as const,
  myPickDay: () => [...hunterKeys.all, 'pick', 'mine'] as const,
};
