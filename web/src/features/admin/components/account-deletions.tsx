import { RIGHTS_SERVICES, type AccountDeletionStatus, type AdminDeletionRow } from '@hunted/contracts';
import { CircleCheck, CircleDashed, RotateCw, UserRoundX } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table/data-table';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { useDeletions, useRetryDeletion } from '../api/deletions';
import { londonInstantLabel } from '../lib/london-label';

const STATUS: Record<AccountDeletionStatus, { label: string; tone: BadgeTone }> = {
  checking: { label: 'Checking bookings', tone: 'sky' },
  refused: { label: 'Refused', tone: 'neutral' },
  erasing: { label: 'Erasing', tone: 'amber' },
  done: { label: 'Done', tone: 'emerald' },
};

const SERVICE_LABELS: Record<(typeof RIGHTS_SERVICES)[number], string> = {
  brands: 'Brands',
  reviews: 'Reviews',
  hunters: 'Hunters',
  bookings: 'Bookings',
  messaging: 'Messaging',
};

/**
 * The 'Deletions' tab: every account deletion with each service's erasure. A deletion still 'erasing' (a service
 * has not reported back) can be sent again to the services still pending: each erases idempotently.
 */
export function AccountDeletions() {
  const deletions = useDeletions();
  const retry = useRetryDeletion({
    onSuccess: () => toast({ title: 'Deletion sent again', description: 'The services still pending will erase the account.' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not retry the deletion',
        description: serverMessageOf(error) ?? 'Please try again in a moment.',
      }),
  });

  const columns = useMemo<DataColumn<AdminDeletionRow>[]>(
    () => [
      {
        id: 'requested',
        header: 'Requested',
        cellClassName: 'px-4 py-3 max-md:p-0 max-md:font-semibold',
        cell: (row) => <span className="whitespace-nowrap text-stone-800">{londonInstantLabel(row.requestedAt)}</span>,
        sortValue: (row) => row.requestedAt,
      },
      {
        id: 'status',
        header: 'Status',
        cellClassName: 'px-4 py-3 max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:text-right',
        cell: (row) => (
          <div>
            <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
            {row.completedAt ? (
              <p className="mt-1 text-xs whitespace-nowrap text-stone-500">{londonInstantLabel(row.completedAt)}</p>
            ) : null}
          </div>
        ),
      },
      {
        id: 'services',
        header: 'Services',
        cellClassName: 'px-4 py-3 max-md:col-span-2 max-md:p-0 max-md:pt-2',
        cell: (row) => <ServiceChips row={row} />,
      },
      {
        id: 'retries',
        header: 'Retries',
        cellClassName: 'px-4 py-3 max-md:p-0 max-md:pt-1 max-md:self-center max-md:text-sm max-md:text-stone-500',
        cell: (row) => (
          <span className="tabular-nums">
            {/* Phones stack each row as a card without the table's headers. */}
            <span className="md:hidden">Retries: </span>
            {row.retries}
          </span>
        ),
        sortValue: (row) => row.retries,
      },
      {
        id: 'actions',
        header: <span className="sr-only">Actions</span>,
        cellClassName: 'px-4 py-3 text-right max-md:col-start-2 max-md:p-0 max-md:pt-1',
        cell: (row) =>
          row.status === 'erasing' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={retry.isPending && retry.variables === row.id}
              aria-label={`Retry deletion requested ${londonInstantLabel(row.requestedAt)}`}
              onClick={() => retry.mutate(row.id)}
            >
              <RotateCw className="h-4 w-4" aria-hidden /> Retry
            </Button>
          ) : null,
      },
    ],
    [retry],
  );

  return (
    <>
      <p className="mb-5 max-w-2xl text-sm text-stone-600">
        A member&apos;s deletion ends their sessions at once; then each service erases what it holds and reports back.
        Retry sends the deletion again to the services still pending.
      </p>
      <DataTable
        read={deletions}
        rows={deletions.data?.deletions}
        rowKey={(row) => row.id}
        columns={columns}
        label="Account deletions"
        stackOnPhones
        tableClassName="md:min-w-[52rem]"
        rowClassName="align-middle max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:p-4"
        loadingLabel="Loading deletions..."
        failedWhat="deletions"
        empty={{ icon: <UserRoundX className="h-8 w-8 text-stone-300" aria-hidden />, description: 'No account has been deleted yet.' }}
      />
    </>
  );
}

function ServiceChips({ row }: { row: AdminDeletionRow }) {
  const erased = new Map(row.services.map((entry) => [entry.service, entry.erasedAt]));
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Services">
      {RIGHTS_SERVICES.map((service) => {
        const at = erased.get(service) ?? null;
        return (
          <li
            key={service}
            title={at ? `${SERVICE_LABELS[service]} erased ${londonInstantLabel(at)}` : `${SERVICE_LABELS[service]} pending`}
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
              at ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-stone-50 text-stone-500 ring-stone-200',
            )}
          >
            {at ? <CircleCheck className="h-3.5 w-3.5" aria-hidden /> : <CircleDashed className="h-3.5 w-3.5" aria-hidden />}
            {SERVICE_LABELS[service]}
            <span className="sr-only">{at ? ': done' : ': pending'}</span>
          </li>
        );
      })}
    </ul>
  );
}
