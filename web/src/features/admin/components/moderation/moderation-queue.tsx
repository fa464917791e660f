import {
  REPORTABLE_KINDS,
  MODERATION_QUEUE_FILTERS,
  type ModerationItem,
  type ModerationQueueFilter,
  type ReportableKind,
} from '@hunted/contracts';
import { ShieldCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { DataList } from '@/components/data-table/data-list';
import { cn } from '@/components/ui/cn';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useModerationQueues, type ModerationDecision } from '../../api/moderation';
import { DecisionDialog } from './decision-dialog';
import { EMPTY_QUEUE, KIND_FILTER_LABELS, STATE_FILTER_LABELS } from './moderation-labels';
import { ModerationRow } from './moderation-row';

type KindFilter = ReportableKind | 'all';

/**
 * Oldest waiting first across the kinds: by when the oldest open report (or the appeal) came, then items nobody
 * is waiting on (decided ones, in the 'hidden' and 'all' lists) by when they were written. Ties keep a fixed order.
 */
export function byOldestWaiting(a: ModerationItem, b: ModerationItem): number {
  if (a.waitingSince !== b.waitingSince) {
    if (a.waitingSince === null) return 1;
    if (b.waitingSince === null) return -1;
    return Date.parse(a.waitingSince) - Date.parse(b.waitingSince);
  }
  return (
    Date.parse(a.content.createdAt) - Date.parse(b.content.createdAt) ||
    a.kind.localeCompare(b.kind) ||
    a.itemId - b.itemId
  );
}

/**
 * The 'Reports' tab (decision 0101): what members reported, of every kind, in one queue read from each kind's owner
 * (`GET /api/admin/moderation/{kind}`) and merged, oldest waiting first. Each item shows as members see it, with its
 * reports, the author's appeal and the decisions so far; hide (with a reason the author is told), restore or dismiss.
 */
export function ModerationQueue() {
  const kindId = useId();
  const stateId = useId();
  const [kind, setKind] = useState<KindFilter>('all');
  const [state, setState] = useState<ModerationQueueFilter>('queue');
  const [deciding, setDeciding] = useState<{ item: ModerationItem; decision: ModerationDecision } | null>(null);
  const kinds = kind === 'all' ? REPORTABLE_KINDS : [kind];
  const reads = useModerationQueues(kinds, state);

  const items = useMemo(
    () => (reads.some((read) => read.isSuccess) ? reads.flatMap((read) => read.data ?? []).sort(byOldestWaiting) : undefined),
    [reads],
  );
  const failed = reads.flatMap((read, index) => (read.isError ? [kinds[index]!] : []));
  // The list fails only when no owner answered; one away is named above the others' items.
  const read = {
    isPending: reads.some((one) => one.isPending) && !reads.some((one) => one.isSuccess),
    isError: reads.every((one) => one.isError),
    error: reads.find((one) => one.isError)?.error,
    refetch: () => Promise.all(reads.map((one) => one.refetch())),
  };

  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <p className="max-w-xl text-sm text-stone-600">
          What members reported, the oldest waiting first. Hiding takes an item off the site and tells its author why;
          they may appeal once.
        </p>
        <div className="grid grid-cols-2 gap-3 lg:w-[28rem]">
          <div>
            <label htmlFor={kindId} className="mb-1.5 block text-sm font-medium text-stone-800">
              Kind
            </label>
            <Select id={kindId} value={kind} onChange={(event) => setKind(event.target.value as KindFilter)}>
              <option value="all">All kinds</option>
              {REPORTABLE_KINDS.map((value) => (
                <option key={value} value={value}>
                  {KIND_FILTER_LABELS[value]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor={stateId} className="mb-1.5 block text-sm font-medium text-stone-800">
              Show
            </label>
            <Select id={stateId} value={state} onChange={(event) => setState(event.target.value as ModerationQueueFilter)}>
              {MODERATION_QUEUE_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {STATE_FILTER_LABELS[value]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </div>

      {failed.length > 0 && !read.isError ? (
        <p role="alert" className="mt-5 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Could not load the {failed.map((one) => KIND_FILTER_LABELS[one].toLowerCase()).join(' and ')} just now; the
          rest are below.
        </p>
      ) : null}

      <DataList
        className="mt-5"
        read={read}
        rows={items}
        rowKey={(item) => `${item.kind}-${item.itemId}`}
        label="Reported items"
        listClassName="space-y-4"
        rowLabel={(item) => item.content.title}
        rowClassName={(item) =>
          cn(
            'rounded-3xl border p-5 shadow-sm sm:p-6',
            item.state === 'hidden' || item.state === 'appealed'
              ? 'border-stone-300 bg-stone-50'
              : 'border-stone-200 bg-white',
          )
        }
        renderRow={(item) => <ModerationRow item={item} onDecide={(decision) => setDeciding({ item, decision })} />}
        loadingLabel="Loading reports..."
        failedWhat="reports"
        empty={{
          icon: <ShieldCheck className="h-8 w-8 text-stone-300" aria-hidden />,
          description: EMPTY_QUEUE[state],
        }}
      />

      {deciding ? (
        <DecisionDialog
          item={deciding.item}
          decision={deciding.decision}
          onOpenChange={(open) => !open && setDeciding(null)}
          onDecided={(title) => {
            toast({ title });
            setDeciding(null);
          }}
        />
      ) : null}
    </>
  );
}
