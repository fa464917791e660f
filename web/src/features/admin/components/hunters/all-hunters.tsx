import { HUNTER_DECISION_FROM, HUNTER_STATUSES, type AdminHunter, type HunterStatus } from '@hunted/contracts';
import { ChevronDown, History, RotateCcw, Search, ShieldOff, Sparkles, UsersRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { DataList } from '@/components/data-table/data-list';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { useDecideHunter } from '../../api/decide-hunter';
import { useFeatureHunter } from '../../api/feature-hunter';
import { ADMIN_HUNTERS_PAGE_SIZE, useAdminHunters } from '../../api/get-admin-hunters';
import { DecisionDialog } from './decision-dialog';
import { DecisionHistory } from './decision-history';
import { HunterProfilePreview } from './hunter-profile-preview';
import { HUNTER_STATUS_LABELS, HunterStatusBadge } from './hunter-status-badge';

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Every hunter, searchable by name and bio and filtered by status, with suspend and reinstate. */
export function AllHunters() {
  const searchId = useId();
  const statusId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<HunterStatus | 'all'>('all');
  const [offset, setOffset] = useState(0);
  const [suspending, setSuspending] = useState<AdminHunter | null>(null);
  const settledSearch = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const hunters = useAdminHunters({
    status,
    search: settledSearch || undefined,
    limit: ADMIN_HUNTERS_PAGE_SIZE,
    offset,
  });
  // Another search or filter starts again from its first page.
  useEffect(() => setOffset(0), [settledSearch, status]);

  const reinstate = useDecideHunter({
    onSuccess: (hunter) => toast({ title: 'Hunter reinstated', description: `${hunter.name} is listed again.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not reinstate',
        description: serverMessageOf(error) ?? 'Please try again in a moment.',
      }),
  });

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-stone-800">
            Search hunters
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-stone-400"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              placeholder="Name or bio"
              className="pl-10"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="sm:w-52">
          <label htmlFor={statusId} className="mb-1.5 block text-sm font-medium text-stone-800">
            Status
          </label>
          <Select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as HunterStatus | 'all')}
          >
            <option value="all">All statuses</option>
            {HUNTER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {HUNTER_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <DataList
        className="mt-5"
        read={hunters}
        rows={hunters.data?.items}
        rowKey={(hunter) => hunter.id}
        label="Hunters"
        listClassName="divide-y divide-stone-100 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm"
        rowLabel={(hunter) => hunter.name}
        rowClassName="px-4 py-4 sm:px-6"
        renderRow={(hunter) => (
          <HunterRow
            hunter={hunter}
            reinstating={reinstate.isPending && reinstate.variables?.hunterId === hunter.id}
            onSuspend={() => setSuspending(hunter)}
            onReinstate={() => reinstate.mutate({ hunterId: hunter.id, decision: 'reinstate' })}
          />
        )}
        loadingLabel="Loading hunters..."
        failedWhat="hunters"
        empty={{
          icon: <UsersRound className="h-8 w-8 text-stone-300" aria-hidden />,
          description: 'No hunters match.',
        }}
        paging={{
          label: 'Hunter pages',
          offset,
          pageSize: ADMIN_HUNTERS_PAGE_SIZE,
          total: hunters.data?.total ?? 0,
          onOffsetChange: setOffset,
        }}
      />

      {suspending ? (
        <DecisionDialog
          hunter={suspending}
          decision="suspend"
          onOpenChange={(open) => !open && setSuspending(null)}
          onDecided={() => {
            toast({
              title: 'Hunter suspended',
              description: `${suspending.name}'s upcoming bookings are being refunded.`,
            });
            setSuspending(null);
          }}
        />
      ) : null}
    </>
  );
}

function HunterRow({
  hunter,
  reinstating,
  onSuspend,
  onReinstate,
}: {
  hunter: AdminHunter;
  reinstating: boolean;
  onSuspend: () => void;
  onReinstate: () => void;
}) {
  const [open, setOpen] = useState<'history' | 'profile' | null>(null);
  const panelId = useId();
  const toggle = (panel: 'history' | 'profile') => setOpen((current) => (current === panel ? null : panel));
  return (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          {hunter.profileImageUrl ? (
            <img src={hunter.profileImageUrl} alt="" className="h-11 w-11 shrink-0 rounded-full object-cover" />
          ) : (
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-stone-100 text-sm font-bold text-stone-500">
              {hunter.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold break-words text-stone-900">{hunter.name}</span>
              <HunterStatusBadge status={hunter.status} />
            </p>
            <p className="text-sm text-stone-500">
              {hunter.location} · {hunter.reviewCount} {hunter.reviewCount === 1 ? 'review' : 'reviews'} ·{' '}
              {hunter.totalSessions} sessions
            </p>
            {hunter.statusReason ? (
              <p className="mt-1 text-sm text-stone-700">
                <span className="font-medium">Reason:</span> {hunter.statusReason}
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 md:shrink-0 md:justify-end">
          {hunter.status === 'approved' ? <FeaturedSwitch hunter={hunter} /> : null}
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open === 'profile'}
            aria-controls={panelId}
            onClick={() => toggle('profile')}
          >
            Profile{' '}
            <ChevronDown
              className={cn('h-4 w-4 transition-transform', open === 'profile' && 'rotate-180')}
              aria-hidden
            />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open === 'history'}
            aria-controls={panelId}
            aria-label={`History of ${hunter.name}`}
            onClick={() => toggle('history')}
          >
            <History className="h-4 w-4" aria-hidden /> History
          </Button>
          {HUNTER_DECISION_FROM.suspend.includes(hunter.status) ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`Suspend ${hunter.name}`}
              onClick={onSuspend}
              className="border-red-200 text-red-700 hover:border-red-300 hover:bg-red-50"
            >
              <ShieldOff className="h-4 w-4" aria-hidden /> Suspend
            </Button>
          ) : null}
          {HUNTER_DECISION_FROM.reinstate.includes(hunter.status) ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`Reinstate ${hunter.name}`}
              disabled={reinstating}
              onClick={onReinstate}
            >
              <RotateCcw className="h-4 w-4" aria-hidden /> {reinstating ? 'Reinstating…' : 'Reinstate'}
            </Button>
          ) : null}
        </div>
      </div>
      {open ? (
        <div id={panelId} className="mt-4">
          {open === 'history' ? (
            <div className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-100">
              <DecisionHistory hunterId={hunter.id} />
            </div>
          ) : (
            <HunterProfilePreview hunter={hunter} />
          )}
        </div>
      ) : null}
    </>
  );
}

/** 'Featured' puts an approved hunter first in 'Our top picks'; the switch shows the choice at once while it saves. */
function FeaturedSwitch({ hunter }: { hunter: AdminHunter }) {
  const feature = useFeatureHunter({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not change featured',
        description: serverMessageOf(error) ?? 'Please try again in a moment.',
      }),
  });
  const featured = feature.isPending ? feature.variables.featured : hunter.featured;
  return (
    <span className="mr-1 inline-flex items-center gap-2 rounded-full bg-stone-50 py-1 pr-1.5 pl-3 text-sm font-medium text-stone-700 ring-1 ring-stone-200">
      <Sparkles className={cn('h-4 w-4', featured ? 'text-amber-500' : 'text-stone-400')} aria-hidden />
      <span aria-hidden>Featured</span>
      <Switch
        tone="brand"
        checked={featured}
        disabled={feature.isPending}
        aria-label={`Feature ${hunter.name} in top picks`}
        onCheckedChange={(next) =>
          feature.mutate(
            { hunterId: hunter.id, featured: next },
            {
              onSuccess: () =>
                toast({
                  title: next ? 'Hunter featured' : 'No longer featured',
                  description: next
                    ? `${hunter.name} now shows first in 'Our top picks'.`
                    : `${hunter.name} is ranked by rating again.`,
                }),
            },
          )
        }
      />
    </span>
  );
}
