import { VETTING_MESSAGES, type OwnHunter } from '@hunted/contracts';
import { Ban, CircleAlert, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * Where the hunter stands with the concierge team, on top of the dashboard: under review, not approved (the reason
 * and how to go back to the queue), or suspended (the reason). An approved hunter sees nothing here.
 */
export function VettingBanner({ hunter, editProfile }: { hunter: OwnHunter; editProfile: ReactNode }) {
  if (hunter.status === 'approved') return null;
  const tone =
    hunter.status === 'pending'
      ? { box: 'border-amber-200 bg-amber-50 text-amber-950', icon: 'bg-amber-100 text-amber-700' }
      : hunter.status === 'rejected'
        ? { box: 'border-red-200 bg-red-50 text-red-950', icon: 'bg-red-100 text-red-700' }
        : { box: 'border-stone-300 bg-stone-100 text-stone-900', icon: 'bg-stone-200 text-stone-700' };
  const icon =
    hunter.status === 'pending' ? (
      <Hourglass aria-hidden />
    ) : hunter.status === 'rejected' ? (
      <CircleAlert aria-hidden />
    ) : (
      <Ban aria-hidden />
    );
  return (
    <section
      role="status"
      aria-label="Profile status"
      data-status={hunter.status}
      className={cn('mt-6 flex items-start gap-3 rounded-2xl border p-4 sm:gap-4 sm:p-5', tone.box)}
    >
      <span
        className={cn(
          'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl [&_svg]:h-5 [&_svg]:w-5',
          tone.icon,
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{VETTING_MESSAGES[hunter.status]}</p>
        {hunter.status === 'pending' ? (
          <p className="mt-1 text-sm opacity-80">
            Your profile is not listed yet. We email you as soon as it is approved; meanwhile you can set your hours and
            prices.
          </p>
        ) : null}
        {hunter.status !== 'pending' && hunter.statusReason ? (
          <p className="mt-1 text-sm whitespace-pre-line">
            <span className="font-medium">Reason:</span> {hunter.statusReason}
          </p>
        ) : null}
        {hunter.status === 'rejected' ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className="opacity-80">{VETTING_MESSAGES.rejectedHint}</span>
            {editProfile}
          </div>
        ) : null}
        {hunter.status === 'suspended' ? (
          <p className="mt-1 text-sm opacity-80">
            Your profile is hidden and cannot be booked. Contact the Hunted team if you think this is a mistake.
          </p>
        ) : null}
      </div>
    </section>
  );
}
