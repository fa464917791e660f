import { londonDateOf, mediumDateLabel, type AdminHunter } from '@hunted/contracts';
import { Check, ClipboardCheck, X } from 'lucide-react';
import { useState } from 'react';
import { DataList } from '@/components/data-table/data-list';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { useDecideHunter } from '../../api/decide-hunter';
import { ADMIN_HUNTERS_PAGE_SIZE, useAdminHunters } from '../../api/get-admin-hunters';
import { DecisionDialog } from './decision-dialog';
import { HunterProfilePreview } from './hunter-profile-preview';

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

  const total = queue.data?.total ?? 0;
  return (
    <>
      {queue.data && queue.data.items.length > 0 ? (
        <p className="mb-4 text-sm text-stone-600">
          {total} {total === 1 ? 'profile waits' : 'profiles wait'} for review, oldest first.
        </p>
      ) : null}
      <DataList
        read={queue}
        rows={queue.data?.items}
        rowKey={(hunter) => hunter.id}
        listClassName="space-y-5"
        renderRow={(hunter) => (
          <HunterProfilePreviewWithActions
            hunter={hunter}
            deciding={approve.isPending && approve.variables?.hunterId === hunter.id}
            onApprove={() => approve.mutate({ hunterId: hunter.id, decision: 'approve' })}
            onReject={() => setRejecting(hunter)}
          />
        )}
        loadingLabel="Loading the review queue..."
        failedWhat="review queue"
        empty={{
          icon: <ClipboardCheck className="h-8 w-8 text-emerald-500" aria-hidden />,
          title: 'The queue is empty',
          description: 'New hunter profiles appear here for review.',
        }}
        paging={{
          label: 'Review queue pages',
          offset,
          pageSize: ADMIN_HUNTERS_PAGE_SIZE,
          total,
          onOffsetChange: setOffset,
        }}
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
