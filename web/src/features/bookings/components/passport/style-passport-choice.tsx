import {
  PASSPORT_LIMITS,
  PASSPORT_PART_LABELS,
  PASSPORT_PARTS,
  type PassportPart,
  type PassportShares,
  type StylePassport,
} from '@hunted/contracts';
import { IdCard } from 'lucide-react';
import { Switch } from '@/components/ui/switch';
import { useOwnStylePassport } from '../../api/style-passport';
import { PassportBrands, PassportFilterHabits } from './passport-parts';

/** Whether a part has anything to share (an empty part is shown, switched off, and shares nothing). */
export function passportPartHasContent(passport: StylePassport, part: Exclude<PassportPart, 'question'>): boolean {
  if (part === 'filterHabits') {
    const habits = passport.filterHabits;
    return !!habits && habits.valueTags.length + habits.priceLevels.length > 0;
  }
  return (passport[part]?.length ?? 0) > 0;
}

/**
 * The booking page's style passport: exactly what the hunter would see, part by part, each with a switch. The
 * choices go with the booking; the hunter sees the parts left on from confirmation until a week after the session.
 * The question and photos are this booking's own (typed above); an 'Ask Me a Question' session always shares them.
 */
export function StylePassportChoice({
  hunterName,
  shares,
  onSharesChange,
  questionLocked,
}: {
  hunterName: string;
  shares: PassportShares;
  onSharesChange: (shares: PassportShares) => void;
  questionLocked: boolean;
}) {
  const passport = useOwnStylePassport();
  const set = (part: PassportPart, on: boolean) => onSharesChange({ ...shares, [part]: on });

  return (
    <section aria-labelledby="style-passport-heading" data-testid="style-passport-choice" className="rounded-2xl border border-stone-200 p-4 sm:p-5">
      <h3 id="style-passport-heading" className="flex items-center gap-2 font-semibold text-stone-900">
        <IdCard className="h-5 w-5 text-brand-600" aria-hidden /> Your style passport
      </h3>
      <p className="mt-1 text-sm text-stone-600">
        What {hunterName} sees about your taste, from when the booking is confirmed until {PASSPORT_LIMITS.daysAfterSession} days
        after the session. Switch off anything you would rather keep to yourself: nothing else is shared.
      </p>
      {passport.isPending ? (
        <p className="mt-4 text-sm text-stone-500" role="status">
          Loading your passport...
        </p>
      ) : passport.isError ? (
        <p className="mt-4 text-sm text-red-700">Your passport could not be loaded, so none of it will be shared.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {PASSPORT_PARTS.map((part) => {
            const label = PASSPORT_PART_LABELS[part];
            const hasContent = part === 'question' || passportPartHasContent(passport.data, part);
            const locked = part === 'question' && questionLocked;
            return (
              <li key={part} className="flex items-start gap-4 py-3">
                <div className="min-w-0 flex-1">
                  <p id={`passport-${part}`} className="text-sm font-semibold text-stone-800">
                    {label}
                  </p>
                  <div className="mt-2">
                    {part === 'question' ? (
                      <p className="text-sm text-stone-500">
                        {locked ? 'Always shared: your question is what the hunter answers.' : 'The question and photos you add above.'}
                      </p>
                    ) : part === 'filterHabits' ? (
                      <PassportFilterHabits habits={passport.data.filterHabits ?? { valueTags: [], priceLevels: [] }} />
                    ) : (
                      <PassportBrands brands={passport.data[part] ?? []} />
                    )}
                  </div>
                </div>
                <Switch
                  tone="brand"
                  aria-labelledby={`passport-${part}`}
                  checked={hasContent && (shares[part] || locked)}
                  disabled={!hasContent || locked}
                  onCheckedChange={(on) => set(part, on)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
