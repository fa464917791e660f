import type { BrandQuery } from './get-brands';
import type { TodayQuery } from './get-today-brands';

/**
 * Every query key of the brands feature, built only here. Whatever shows a brand's fields (votes, rating and review
 * count among them) lives under `shown()`, so a vote, a review or an edit refetches every list and page at once; a
 * member's saved flag for one brand lives beside it, since none of those change it.
 */
export const brandKeys = {
  all: ['brands'] as const,
  shown: () => [...brandKeys.all, 'shown'] as const,
  lists: () => [...brandKeys.shown(), 'list'] as const,
  /** The /brands directory for some filters, read a page at a time (an infinite query). */
  list: (query: BrandQuery) => [...brandKeys.lists(), query] as const,
  /** The directory's hashtags for the /brands filter: a new or edited brand can change them. */
  hashtags: () => [...brandKeys.shown(), 'hashtags'] as const,
  today: (query: TodayQuery) => [...brandKeys.shown(), 'today', query] as const,
  featured: () => [...brandKeys.shown(), 'featured'] as const,
  top: (limit: number) => [...brandKeys.shown(), 'top', limit] as const,
  /** By the id as the address spells it: the page is cached under what the visitor asked for. */
  detail: (routeId: string) => [...brandKeys.shown(), 'detail', routeId] as const,
  /** The signed-in member's saved brands. */
  saved: () => [...brandKeys.shown(), 'saved'] as const,
  savedState: (brandId: number) => [...brandKeys.all, 'saved-state', brandId] as const,
};
