import { londonDateOf, mediumDateLabel, type AdminHunter } from '@hunted/contracts';
import { Check, ClipboardCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { useDecideHunter } from '../../api/decide-hunter';
import { ADMIN_HUNTERS_PAGE_SIZE, useAdminHunters } from '../../api/get-admin-hunters';
import { LoadFailed } from '../load-failed';
import { DecisionDialog } from './decision-dialog';
import { HunterProfilePreview } from './hunter-profile-preview';
import { Pager } from './pager';

const submitted = (iso: string) => mediumDateLabel(londonDateOf(new Date(iso)));

/** Profiles waiting for the concierge team, oldest submission first, each as a client would see it. */
export function PendingQueue() {
  const [offset, setOffset] = useState(0);
  const [rejecting, setRejecting] = useState<AdminHunter | null>(null);
  const queue = useAdminHunters({ status: 'pending', limit: ADMIN_HUNTERS_PAGE_SIZE, offset });
  const approve = useDecideHunter({
    onSuccess: (hunter) =>
      toast({ title: 'Hunter approved', description: `${hunter.name} is now listed and bookable.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not approve',
        description: serverMessageOf(error) ?? 'Please try again in a moment.',
      }),
  });

  if (queue.isPending) return <Spinner label="Loading the review queue..." />;
  if (queue.isError) {
    return (
      <div className="rounded-3xl border border-stone-200 bg-white shadow-sm">
        <LoadFailed error={queue.error} what="review queue" onRetry={() => void queue.refetch()} />
      </div>
    );
  }
  const { items, total } = queue.data;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
        <ClipboardCheck className="h-8 w-8 text-emerald-500" aria-hidden />
        <p className="mt-3 font-semibold text-stone-900">The queue is empty</p>
        <p className="mt-1 text-sm text-stone-500">New hunter profiles appear here for review.</p>
      </div>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-stone-600">
        {total} {total === 1 ? 'profile waits' : 'profiles wait'} for review, oldest first.
      </p>
      <ul className="space-y-5">
        {items.map((hunter) => {
          const deciding = approve.isPending && approve.variables?.hunterId === hunter.id;
          return (
            <li key={hunter.id}>
              <HunterProfilePreviewWithActions
                hunter={hunter}
                deciding={deciding}
                onApprove={() => approve.mutate({ hunterId: hunter.id, decision: 'approve' })}
                onReject={() => setRejecting(hunter)}
              />
            </li>
          );
        })}
      </ul>
      <Pager
        label="Review queue pages"
        offset={offset}
        pageSize={ADMIN_HUNTERS_PAGE_SIZE}
        shown={items.length}
        total={total}
        onOffsetChange={setOffset}
      />
      {rejecting ? (
        <DecisionDialog
          hunter={rejecting}
          decision="reject"
          onOpenChange={(open) => !open && setRejecting(null)}
          onDecided={() => {
            toast({ title: 'Profile rejected', description: `${rejecting.name} has been told why.` });
            setRejecting(null);
          }}
        />
      ) : null}
    </>
  );
}

function HunterProfilePreviewWithActions({
  hunter,
  deciding,
  onApprove,
  onReject,
}: {
  hunter: AdminHunter;
  deciding: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <HunterProfilePreview
      hunter={hunter}
      meta={
        <span className="text-xs text-stone-500">
          Submitted <time dateTime={hunter.submittedAt}>{submitted(hunter.submittedAt)}</time>
        </span>
      }
      actions={
        <>
          <Button variant="outline" onClick={onReject} aria-label={`Reject ${hunter.name}`} disabled={deciding}>
            <X className="h-4 w-4" aria-hidden /> Reject
          </Button>
          <Button
            onClick={onApprove}
            aria-label={`Approve ${hunter.name}`}
            disabled={deciding}
            className="bg-emerald-600 hover:bg-emerald-700 active:bg-emerald-800"
          >
            <Check className="h-4 w-4" aria-hidden /> {deciding ? 'Approving…' : 'Approve'}
          </Button>
        </>
      }
    />
  );
}
