import {
  HUNTER_REASON_MAX,
  londonDateOf,
  mediumDateLabel,
  VETTING_MESSAGES,
  type AdminHunter,
  type HunterRevision,
} from '@hunted/contracts';
import { Check, FilePenLine, X } from 'lucide-react';
import { useState } from 'react';
import { DataList } from '@/components/data-table/data-list';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { RevisionComparison } from '@/components/revision/revision-comparison';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { useDecideRevision } from '../../api/decide-hunter';
import { ADMIN_HUNTERS_PAGE_SIZE, useAdminHunters } from '../../api/get-admin-hunters';

const submitted = (iso: string) => mediumDateLabel(londonDateOf(new Date(iso)));

type WithRevision = AdminHunter & { pendingRevision: HunterRevision };

/**
 * Changes approved hunters made to their public profile (name, photo, bio, Instagram, specialties), oldest first,
 * each with the approved value beside the proposed one (decision 0089). Guests see the approved values until a
 * change is approved here; rejecting keeps them and tells the hunter why.
 */
export function RevisionQueue() {
  const [offset, setOffset] = useState(0);
  const [rejecting, setRejecting] = useState<WithRevision | null>(null);
  const queue = useAdminHunters({ revision: 'pending', limit: ADMIN_HUNTERS_PAGE_SIZE, offset });
  const approve = useDecideRevision({
    onSuccess: (hunter) => toast({ title: 'Changes approved', description: `${hunter.name}'s profile now shows them.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not approve',
        description: serverMessageOf(error) ?? 'Please try again in a moment.',
      }),
  });
  const rows = queue.data?.items.filter((hunter): hunter is WithRevision => hunter.pendingRevision !== null);
  const total = queue.data?.total ?? 0;

  return (
    <section aria-labelledby="revision-queue-heading">
      <h3 id="revision-queue-heading" className="text-lg font-bold text-stone-900">
        Changes to approved profiles
      </h3>
      <p className="mt-1 mb-4 text-sm text-stone-600">
        {total > 0
          ? `${total} ${total === 1 ? 'change waits' : 'changes wait'} for review, oldest first. Clients see the approved version until you approve.`
          : 'Clients see the approved version of a profile until you approve its changes.'}
      </p>
      <DataList
        read={queue}
        rows={rows}
        rowKey={(hunter) => hunter.pendingRevision.id}
        listClassName="space-y-5"
        renderRow={(hunter) => {
          const revision = hunter.pendingRevision;
          const deciding = approve.isPending && approve.variables?.revisionId === revision.id;
          return (
            <article
              aria-label={`Changes by ${hunter.name}`}
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-stone-900">{hunter.name}</p>
                <span className="text-xs text-stone-500">
                  Sent <time dateTime={revision.submittedAt}>{submitted(revision.submittedAt)}</time>
                </span>
              </div>
              <RevisionComparison
                className="mt-3"
                revision={revision}
                caption={`What ${hunter.name} changed`}
                beforeLabel="Approved (live)"
                afterLabel="Proposed"
              />
              <div className="mt-4 flex flex-wrap justify-end gap-2">
                <Button
                  variant="outline"
                  onClick={() => setRejecting(hunter)}
                  aria-label={`Reject the changes by ${hunter.name}`}
                  disabled={deciding}
                >
                  <X className="h-4 w-4" aria-hidden /> Reject changes
                </Button>
                <Button
                  onClick={() => approve.mutate({ hunterId: hunter.id, revisionId: revision.id, decision: 'approve' })}
                  aria-label={`Approve the changes by ${hunter.name}`}
                  disabled={deciding}
                  className="bg-emerald-600 hover:bg-emerald-700 active:bg-emerald-800"
                >
                  <Check className="h-4 w-4" aria-hidden /> {deciding ? 'Approving…' : 'Approve changes'}
                </Button>
              </div>
            </article>
          );
        }}
        loadingLabel="Loading the changes..."
        failedWhat="changes to review"
        empty={{
          icon: <FilePenLine className="h-8 w-8 text-emerald-500" aria-hidden />,
          title: 'No changes wait',
          description: 'When an approved hunter changes their name, photo, bio, Instagram or specialties, it appears here.',
        }}
        paging={{
          label: 'Changes pages',
          offset,
          pageSize: ADMIN_HUNTERS_PAGE_SIZE,
          total,
          onOffsetChange: setOffset,
        }}
      />
      {rejecting ? <RejectRevisionDialog hunter={rejecting} onClose={() => setRejecting(null)} /> : null}
    </section>
  );
}

/** Rejecting a change asks for a reason the hunter can act on; the approved values stay. */
function RejectRevisionDialog({ hunter, onClose }: { hunter: WithRevision; onClose: () => void }) {
  const decide = useDecideRevision();
  const rejectWith = async (reason: string): Promise<ActionOutcome> => {
    try {
      await decide.mutateAsync({ hunterId: hunter.id, revisionId: hunter.pendingRevision.id, decision: 'reject', reason });
    } catch (failure) {
      return { problem: serverMessageOf(failure) ?? 'The decision could not be saved. Please try again.' };
    }
    toast({ title: 'Changes rejected', description: `${hunter.name} keeps the approved profile and has been told why.` });
    onClose();
    return 'done';
  };
  return (
    <ActionDialog
      title={`Reject changes: ${hunter.name}`}
      description="The profile keeps its approved values. The hunter reads this reason on their dashboard and by email."
      reason={{
        maxLength: HUNTER_REASON_MAX,
        placeholder: 'e.g. Please use your own name and a photo of yourself.',
        requiredMessage: VETTING_MESSAGES.reasonRequired,
        counter: 'below',
      }}
      confirmLabel="Reject changes"
      pendingLabel="Saving…"
      confirmClassName="bg-red-600 hover:bg-red-700 active:bg-red-800"
      onConfirm={rejectWith}
      onOpenChange={(open) => !open && onClose()}
    />
  );
}
