import type { HunterStatus } from '@hunted/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export const HUNTER_STATUS_LABELS: Record<HunterStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

const TONES: Record<HunterStatus, BadgeTone> = {
  pending: 'amber',
  approved: 'emerald',
  rejected: 'neutral',
  suspended: 'dark',
};

/** Where a hunter stands with the concierge team. */
export function HunterStatusBadge({ status }: { status: HunterStatus }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'} data-status={status}>
      {HUNTER_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
