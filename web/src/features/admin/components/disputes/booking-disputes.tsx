import { SESSION_TYPE_LABELS, type AdminBookingDispute, type DisputeStatus } from '@hunted/contracts';
import { Gavel, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { DataList } from '@/components/data-table/data-list';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { ADMIN_DISPUTES_PAGE_SIZE, useBookingDisputes, type DisputeFilter } from '../../api/booking-disputes';
import { londonInstantLabel } from '../../lib/london-label';
import { formatMoney } from '@/lib/money';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';

const STATUS: Record<DisputeStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'amber' },
  refunded: { label: 'Refunded', tone: 'violet' },
  dismissed: { label: 'Dismissed', tone: 'neutral' },
};

/** The 'Disputes' tab: clients contesting a no-show mark, with the booking's facts and a decision for each open one. */
export function BookingDisputes() {
  const filterId = useId();
  const [status, setStatus] = useState<DisputeFilter>('open');
  const [offset, setOffset] = useState(0);
  const [resolving, setResolving] = useState<AdminBookingDispute | null>(null);
  const disputes = useBookingDisputes(status, offset);

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="max-w-xl text-sm text-stone-600">
          A client may dispute a no-show within 48 hours of it being marked. Refunding returns the full price;
          dismissing leaves the mark. Both sides read your note.
        </p>
        <div className="sm:w-52">
          <label htmlFor={filterId} className="mb-1.5 block text-sm font-medium text-stone-800">
            Show
          </label>
          <Select
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DisputeFilter);
              setOffset(0);
            }}
          >
            <option value="open">Open disputes</option>
            <option value="all">All disputes</option>
          </Select>
        </div>
      </div>

      <DataList
        className="mt-5"
        read={disputes}
        rows={disputes.data?.items}
        rowKey={(dispute) => dispute.bookingId}
        label="Disputes"
        listClassName="space-y-4"
        rowLabel={(dispute) => `Dispute by ${dispute.clientName}`}
        rowClassName="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
        renderRow={(dispute) => <DisputeCard dispute={dispute} onResolve={() => setResolving(dispute)} />}
        loadingLabel="Loading disputes..."
        failedWhat="disputes"
        empty={{
          icon: <Scale className="h-8 w-8 text-stone-300" aria-hidden />,
          description: status === 'open' ? 'No open disputes.' : 'No disputes yet.',
        }}
        paging={{
          label: 'Dispute pages',
          offset,
          pageSize: ADMIN_DISPUTES_PAGE_SIZE,
          total: disputes.data?.total ?? 0,
          onOffsetChange: setOffset,
        }}
      />

      {resolving ? (
        <ResolveDisputeDialog
          dispute={resolving}
          onOpenChange={(open) => !open && setResolving(null)}
          onResolved={(resolution) => {
            toast({
              title: resolution === 'refund' ? 'Client refunded' : 'Dispute dismissed',
              description:
                resolution === 'refund'
                  ? `${resolving.clientName} gets ${formatMoney(resolving.pricePence, resolving.currency)} back.`
                  : `The no-show mark on ${resolving.clientName}'s session stands.`,
            });
            setResolving(null);
          }}
        />
      ) : null}
    </>
  );
}

function DisputeCard({ dispute, onResolve }: { dispute: AdminBookingDispute; onResolve: () => void }) {
  const state = STATUS[dispute.dispute.status];
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-stone-900">
              {dispute.clientName} <span className="font-normal text-stone-500">vs</span> {dispute.hunterName}
            </span>
            <Badge tone={state.tone}>{state.label}</Badge>
          </p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <Fact label="Session" value={SESSION_TYPE_LABELS[dispute.sessionType]} />
            <Fact label="When (London)" value={londonInstantLabel(dispute.startsAt)} />
            <Fact label="Price" value={formatMoney(dispute.pricePence, dispute.currency)} />
            <Fact label="Disputed" value={londonInstantLabel(dispute.dispute.openedAt)} />
          </dl>
        </div>
        {dispute.dispute.status === 'open' ? (
          <Button size="sm" onClick={onResolve} aria-label={`Resolve dispute by ${dispute.clientName}`}>
            <Gavel className="h-4 w-4" aria-hidden /> Resolve
          </Button>
        ) : null}
      </div>
      <div className="mt-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-100">
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">The client&apos;s reason</p>
        <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-stone-800">
          {dispute.dispute.reason}
        </p>
      </div>
      {dispute.dispute.resolutionNote ? (
        <p className="mt-3 text-sm text-stone-700">
          <span className="font-medium">Decision note</span>
          {dispute.dispute.resolvedAt ? ` (${londonInstantLabel(dispute.dispute.resolvedAt)})` : ''}:{' '}
          <span className="break-words whitespace-pre-line">{dispute.dispute.resolutionNote}</span>
        </p>
      ) : null}
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-stone-500">{label}:</dt>
      <dd className="font-medium text-stone-800">{value}</dd>
    </div>
  );
}
