import type { HunterEditAuthor } from '@hunted/contracts';
import { ArrowDown, ArrowUp, Plus, Search, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { LoadFailed } from '@/components/data-table/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { useAdminHunters } from '../api/get-admin-hunters';
import { useHunterPickRota, useSaveHunterPickRota } from '../api/hunter-pick-rota';

/** Typing pauses this long before approved hunters are searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The Hunter's Pick rota: approved hunters take turns, one London day each, in this order (the next after
 * yesterday's, round and round). Editing is local until 'Save rota'.
 */
export function HunterPickRota() {
  const searchId = useId();
  const rota = useHunterPickRota();
  const [draft, setDraft] = useState<HunterEditAuthor[] | null>(null);
  const [search, setSearch] = useState('');
  const [settledSearch, setSettledSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettledSearch(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const candidates = useAdminHunters({ status: 'approved', search: settledSearch || undefined, limit: 8, offset: 0 });
  const save = useSaveHunterPickRota({
    onSuccess: () => {
      setDraft(null);
      toast({ title: 'Rota saved', description: 'Hunters take the pick in this order, one London day each.' });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not save the rota', description: serverMessageOf(error) ?? 'Please try again in a moment.' }),
  });

  if (rota.isPending) return <Spinner />;
  if (rota.isError) return <LoadFailed error={rota.error} what="rota" onRetry={() => void rota.refetch()} />;

  const entries = draft ?? rota.data.entries.map((entry) => entry.hunter);
  const onRota = new Set(entries.map((hunter) => hunter.id));
  const todayHunter = rota.data.today
    ? (rota.data.entries.find((entry) => entry.hunter.id === rota.data.today!.hunterId)?.hunter.name ?? `Hunter ${rota.data.today.hunterId}`)
    : null;
  const move = (from: number, to: number) => {
    const next = [...entries];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setDraft(next);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="pick-rota-heading" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="pick-rota-heading" className="flex items-center gap-2 text-lg font-bold text-stone-900">
              <Sparkles className="h-5 w-5 text-amber-500" aria-hidden /> Hunter&apos;s Pick rota
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              {todayHunter ? (
                <>
                  Today <span className="font-semibold text-stone-900">{todayHunter}</span> picks the brand shown on /today.
                </>
              ) : (
                'Nobody picks today yet: save a rota and its first hunter picks today.'
              )}
            </p>
          </div>
          <Button disabled={draft === null || save.isPending} onClick={() => save.mutate(entries.map((hunter) => hunter.id))}>
            {save.isPending ? 'Saving...' : 'Save rota'}
          </Button>
        </div>
        {entries.length === 0 ? (
          <p className="mt-6 rounded-2xl border border-dashed border-stone-300 px-4 py-10 text-center text-sm text-stone-500">
            The rota is empty. Add approved hunters from the list.
          </p>
        ) : (
          <ol className="mt-5 divide-y divide-stone-100" aria-label="Rota order">
            {entries.map((hunter, index) => (
              <li key={hunter.id} className="flex items-center gap-3 py-3">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-stone-100 text-xs font-bold text-stone-700">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium text-stone-900">{hunter.name}</span>
                <Button variant="ghost" size="sm" aria-label={`Move ${hunter.name} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${hunter.name} down`}
                  disabled={index === entries.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${hunter.name}`}
                  onClick={() => setDraft(entries.filter((other) => other.id !== hunter.id))}
                >
                  <X className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="pick-candidates-heading" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
        <h3 id="pick-candidates-heading" className="font-semibold text-stone-900">
          Add approved hunters
        </h3>
        <label htmlFor={searchId} className="sr-only">
          Search approved hunters
        </label>
        <div className="relative mt-3">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400" aria-hidden />
          <Input id={searchId} value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search by name" className="pl-9" />
        </div>
        <ul className="mt-3 space-y-1">
          {(candidates.data?.items ?? []).map((hunter) => (
            <li key={hunter.id} className="flex items-center justify-between gap-2 rounded-xl px-2 py-1.5 hover:bg-stone-50">
              <span className="min-w-0 truncate text-sm text-stone-800">{hunter.name}</span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Add ${hunter.name} to the rota`}
                disabled={onRota.has(hunter.id)}
                onClick={() => setDraft([...entries, { id: hunter.id, name: hunter.name, profileImageUrl: hunter.profileImageUrl }])}
              >
                <Plus className="h-4 w-4" aria-hidden /> {onRota.has(hunter.id) ? 'On rota' : 'Add'}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
