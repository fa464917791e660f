import { Clock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { movedSessions, zoneMoveNotice, type ZoneMoveBooking } from '../lib/zone-move';

/**
 * Under the Settings form's zone, once another is picked and before it is saved: the sessions ahead keep their
 * moment for the clients, and the hunter's clock will read them at new local times (issue 38). Nothing when no
 * session ahead moves.
 */
export function ZoneMoveNotice({
  bookings,
  from,
  to,
}: {
  bookings: readonly ZoneMoveBooking[];
  /** The zone saved now. */
  from: string;
  /** The zone picked in the form. */
  to: string;
}) {
  // Read once while the form is open: which sessions are ahead changes slowly, as on the dashboard.
  const [now] = useState(() => Date.now());
  const moved = useMemo(() => movedSessions(bookings, from, to, now), [bookings, from, to, now]);
  if (moved.length === 0) return null;
  return (
    <p
      role="status"
      aria-label="Sessions at new local times"
      className="mt-2 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
      <span>{zoneMoveNotice(moved, to)}</span>
    </p>
  );
}
