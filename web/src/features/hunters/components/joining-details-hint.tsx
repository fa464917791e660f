import { SESSION_TYPE_LABELS, type SessionTypes } from '@hunted/contracts';
import { PhoneOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useJoiningDetails } from '../api/joining-details';
import { typesMissingJoiningDetails } from '../lib/joining-details';

const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * On top of the dashboard while an offered WhatsApp or in-person type has no joining details: its clients would pay
 * and learn nothing about how to meet. Nothing shows while the details load or when they could not be read.
 */
export function JoiningDetailsHint({ sessionTypes, setUp }: { sessionTypes: SessionTypes; setUp: ReactNode }) {
  const details = useJoiningDetails();
  if (!details.data) return null;
  const missing = typesMissingJoiningDetails(sessionTypes, details.data);
  if (missing.length === 0) return null;
  return (
    <section
      role="status"
      aria-label="Joining details missing"
      className="mt-6 flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:gap-4 sm:p-5"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-700 [&_svg]:h-5 [&_svg]:w-5">
        <PhoneOff aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Tell clients how to join</p>
        <p className="mt-1 text-sm opacity-80">
          You offer {listOf(missing.map((type) => SESSION_TYPE_LABELS[type]))} but have not said how clients join yet
          {missing.length === 1 ? '' : ' for them'}: booked clients see your details only once you add them.
        </p>
        <div className="mt-2 text-sm">{setUp}</div>
      </div>
    </section>
  );
}
