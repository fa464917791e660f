import { useEffect, useState } from 'react';

// Shown on one day in many, with a brand picker and a form: its code is fetched only on the hunter's day, and the
// dashboard keeps its spinner until it has come, as it waits for the day itself, so nothing moves when it does.
// Not React.lazy under Suspense: React holds a shown fallback for 300 ms more, which was a third of a second on
// every pick day (issue 23).
type PickCardModule = typeof import('@/features/hunters/components/pick-of-the-day-card');
let loadedPickCard: PickCardModule | undefined;

/** The pick card's code once it has come, `'failed'` when it could not be fetched, undefined while it is on its way. */
export function usePickCardModule(needed: boolean): PickCardModule | 'failed' | undefined {
  const [pickCard, setPickCard] = useState<PickCardModule | 'failed' | undefined>(loadedPickCard);
  useEffect(() => {
    if (!needed || pickCard) return;
    let current = true;
    import('@/features/hunters/components/pick-of-the-day-card').then(
      (module) => {
        loadedPickCard = module;
        if (current) setPickCard(module);
      },
      // A deploy since the page loaded, or a dropped connection: the dashboard is drawn without the card rather
      // than left on its spinner, with a line saying how to get it.
      () => current && setPickCard('failed'),
    );
    return () => {
      current = false;
    };
  }, [needed, pickCard]);
  return pickCard;
}

export function PickCardUnavailable() {
  return (
    <section aria-labelledby="pick-unavailable-heading" className="rounded-3xl border border-amber-200 bg-amber-50 p-5">
      <h2 id="pick-unavailable-heading" className="text-base font-bold text-amber-950">
        Today is your Hunter&apos;s Pick
      </h2>
      <p role="status" className="mt-1 text-sm text-amber-900">
        Its card could not be loaded. Reload the page to choose your brand.
      </p>
    </section>
  );
}
