import { VETTING_MESSAGES, type OwnHunter } from '@hunted/contracts';
import { CircleAlert, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { RevisionComparison } from '@/components/revision/revision-comparison';
import { cn } from '@/components/ui/cn';

/**
 * An approved hunter's changes to their public profile (decision 0089): waiting for review, with what clients see now
 * beside what waits; or not approved, with the reason (the profile still shows the approved version). Nothing for a
 * hunter without such a change, or whose last one was approved (the profile shows it).
 */
export function RevisionNotice({ hunter, editProfile }: { hunter: OwnHunter; editProfile?: ReactNode }) {
  const revision = hunter.revision;
  if (!revision || (revision.status !== 'pending' && revision.status !== 'rejected')) return null;
  const pending = revision.status === 'pending';
  return (
    <section
      role="status"
      aria-label="Profile changes"
      data-revision={revision.status}
      className={cn(
        'mt-6 flex items-start gap-3 rounded-2xl border p-4 sm:gap-4 sm:p-5',
        pending ? 'border-sky-200 bg-sky-50 text-sky-950' : 'border-red-200 bg-red-50 text-red-950',
      )}
    >
      <span
        className={cn(
          'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl [&_svg]:h-5 [&_svg]:w-5',
          pending ? 'bg-sky-100 text-sky-700' : 'bg-red-100 text-red-700',
        )}
      >
        {pending ? <Hourglass aria-hidden /> : <CircleAlert aria-hidden />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{pending ? VETTING_MESSAGES.revisionPending : VETTING_MESSAGES.revisionRejected}</p>
        {!pending && revision.reason ? (
          <p className="mt-1 text-sm whitespace-pre-line">
            <span className="font-medium">Reason:</span> {revision.reason}
          </p>
        ) : null}
        {pending ? (
          <p className="mt-1 text-sm opacity-80">
            Prices, hours and joining details apply at once; these changes show once the Hunted team approves them.
          </p>
        ) : (
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className="opacity-80">{VETTING_MESSAGES.revisionRejectedHint}</span>
            {editProfile}
          </div>
        )}
        <RevisionComparison
          className="mt-3"
          revision={revision}
          caption={pending ? 'Your changes waiting for review' : 'Your changes that were not approved'}
          beforeLabel="Live now"
          afterLabel={pending ? 'Waiting for review' : 'Not approved'}
        />
      </div>
    </section>
  );
}
