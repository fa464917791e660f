import type { HunterQuery } from './get-hunters';

/** Every query key of the hunters feature, built only here. */
export const hunterKeys = {
  all: ['hunters'] as const,
  lists: () => [...hunterKeys.all, 'list'] as const,
  list: (query: HunterQuery) => [...hunterKeys.lists(), query] as const,
};
