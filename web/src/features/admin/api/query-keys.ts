import type { AdminHunterListQuery, ModerationQueueFilter, ReportableKind } from '@hunted/contracts';

/** Every query key of the admin console, built only here. */
export const adminKeys = {
  all: ['admin'] as const,
  brands: () => [...adminKeys.all, 'brands'] as const,
  contactSubmissions: () => [...adminKeys.all, 'contact-submissions'] as const,
  /** Every list and every single hunter of the vetting console: a decision changes both. */
  hunters: () => [...adminKeys.all, 'hunters'] as const,
  hunterList: (query: AdminHunterListQuery) => [...adminKeys.hunters(), 'list', query] as const,
  hunter: (id: number) => [...adminKeys.hunters(), 'detail', id] as const,
  /** Disputed no-show marks: resolving one changes every filter's list. */
  disputes: () => [...adminKeys.all, 'booking-disputes'] as const,
  disputeList: (status: 'open' | 'all', offset: number) => [...adminKeys.disputes(), status, offset] as const,
  /** The Reports tab: each kind's queue, read apart (each kind has its own owner) and merged on the page. */
  moderation: () => [...adminKeys.all, 'moderation'] as const,
  moderationQueue: (kind: ReportableKind, state: ModerationQueueFilter) => [...adminKeys.moderation(), kind, state] as const,
  /** The Hunter's Pick rota and who picks today. */
  pickRota: () => [...adminKeys.all, 'hunter-pick-rota'] as const,
  /** Account deletions and each one's progress per service. */
  deletions: () => [...adminKeys.all, 'deletions'] as const,
};
