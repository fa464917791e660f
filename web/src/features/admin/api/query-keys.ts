import type { AdminHunterListQuery } from '@hunted/contracts';

/** Every query key of the admin console, built only here. */
export const adminKeys = {
  all: ['admin'] as const,
  brands: () => [...adminKeys.all, 'brands'] as const,
  contactSubmissions: () => [...adminKeys.all, 'contact-submissions'] as const,
  /** Every list and every single hunter of the vetting console: a decision changes both. */
  hunters: () => [...adminKeys.all, 'hunters'] as const,
  hunterList: (query: AdminHunterListQuery) => [...adminKeys.hunters(), 'list', query] as const,
  hunter: (id: number) => [...adminKeys.hunters(), 'detail', id] as const,
};
