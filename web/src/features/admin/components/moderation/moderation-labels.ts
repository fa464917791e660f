import type { ModerationAction, ModerationQueueFilter, ModerationState, ReportableKind } from '@hunted/contracts';
import type { BadgeTone } from '@/components/ui/badge';

/** The kind filter's and the rows' names for each kind (plural for the filter). */
export const KIND_FILTER_LABELS: Record<ReportableKind, string> = {
  brand: 'Brands',
  'brand-review': 'Brand reviews',
  comment: 'Comments',
  'hunter-review': 'Hunter reviews',
};
export const KIND_BADGES: Record<ReportableKind, string> = {
  brand: 'Brand',
  'brand-review': 'Brand review',
  comment: 'Comment',
  'hunter-review': 'Hunter review',
};

export const STATE_FILTER_LABELS: Record<ModerationQueueFilter, string> = {
  queue: 'Waiting',
  hidden: 'Hidden',
  all: 'All reported',
};
export const EMPTY_QUEUE: Record<ModerationQueueFilter, string> = {
  queue: 'Nothing is waiting for a decision.',
  hidden: 'Nothing is hidden.',
  all: 'Nothing has been reported yet.',
};

export const STATE_BADGES: Record<ModerationState, { label: string; tone: BadgeTone }> = {
  open: { label: 'Reported', tone: 'amber' },
  hidden: { label: 'Hidden', tone: 'dark' },
  appealed: { label: 'Appealed', tone: 'violet' },
  closed: { label: 'Decided', tone: 'emerald' },
};

export const ACTION_LABELS: Record<ModerationAction, string> = {
  hidden: 'Hidden',
  restored: 'Restored',
  dismissed: 'Reports dismissed',
  'appeal-rejected': 'Appeal rejected',
};
