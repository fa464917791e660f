import type { BookingStatus } from '@hunted/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const LABELS: Record<BookingStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const TONES: Record<BookingStatus, BadgeTone> = {
  pending_payment: 'amber',
  confirmed: 'emerald',
  completed: 'sky',
  cancelled: 'neutral',
  expired: 'neutral',
};

/** A booking's status; any value the page does not know is shown neutrally, as it is (spec, section 4). */
export function BookingStatusBadge({ status }: { status: string }) {
  const known = status in LABELS ? (status as BookingStatus) : null;
  return <Badge tone={known ? TONES[known] : 'neutral'}>{known ? LABELS[known] : status}</Badge>;
}
