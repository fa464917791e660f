import { BadgeCheck } from 'lucide-react';
import { cn } from './cn';

/**
 * The mark of a hunter the concierge team approved. The label is spoken in full ('Verified hunter'); sighted
 * readers get the check and the word.
 */
export function VerifiedBadge({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span
      role="img"
      aria-label="Verified hunter"
      title="Verified by the Hunted concierge team"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-sky-50 font-semibold text-sky-800 ring-1 ring-sky-200 ring-inset',
        compact ? 'p-0.5' : 'px-2 py-0.5 text-xs',
        className,
      )}
    >
      <BadgeCheck className={cn('fill-sky-600 text-white', compact ? 'h-4 w-4' : 'h-3.5 w-3.5')} aria-hidden />
      {compact ? null : <span aria-hidden>Verified</span>}
    </span>
  );
}
