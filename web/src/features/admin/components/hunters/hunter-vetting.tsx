import { ClipboardList, UsersRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { AllHunters } from './all-hunters';
import { PendingQueue } from './pending-queue';
import { RevisionQueue } from './revision-queue';

type View = 'queue' | 'all';

/**
 * The admin's Hunters tab: the review queue (new profiles, and changes to approved ones, each approved or rejected
 * with a reason) and every hunter (suspend with a
 * reason, reinstate, the history of decisions). The server enforces the admin role and the allowed transitions.
 */
export function HunterVetting() {
  const [view, setView] = useState<View>('queue');
  return (
    <section aria-labelledby="hunter-vetting-heading">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="hunter-vetting-heading" className="text-xl font-bold text-stone-900">
            Hunters
          </h2>
          <p className="mt-1 text-sm text-stone-500">
            Review new profiles before they are listed and changes to approved ones before they show, and suspend or
            reinstate hunters.
          </p>
        </div>
        {/* Never shrunk by the description beside it: each label stays on one line (it wrapped at 1280 px). */}
        <div
          role="group"
          aria-label="Hunter lists"
          className="inline-flex shrink-0 self-start rounded-full bg-stone-100 p-1"
        >
          <ViewButton current={view} value="queue" onSelect={setView}>
            <ClipboardList className="h-4 w-4" aria-hidden /> Review queue
          </ViewButton>
          <ViewButton current={view} value="all" onSelect={setView}>
            <UsersRound className="h-4 w-4" aria-hidden /> All hunters
          </ViewButton>
        </div>
      </div>
      <div className="mt-6">
        {view === 'queue' ? (
          <div className="space-y-10">
            <section aria-labelledby="new-profiles-heading">
              <h3 id="new-profiles-heading" className="mb-3 text-lg font-bold text-stone-900">
                New profiles
              </h3>
              <PendingQueue />
            </section>
            <RevisionQueue />
          </div>
        ) : (
          <AllHunters />
        )}
      </div>
    </section>
  );
}

function ViewButton({
  current,
  value,
  onSelect,
  children,
}: {
  current: View;
  value: View;
  onSelect: (view: View) => void;
  children: ReactNode;
}) {
  const active = current === value;
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={() => onSelect(value)}
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-semibold transition-colors',
        active ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900',
      )}
    >
      {children}
    </button>
  );
}
