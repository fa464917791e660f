import { Star } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/**
 * Five stars to pick a whole-number rating, built on native radio buttons: Tab reaches the group, the arrow
 * keys choose, and each star is announced as '{n} stars'.
 */
export function StarInput({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  /** 0 while unrated. */
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset className="flex items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white px-3.5 py-2.5">
      <legend className="float-left text-sm font-semibold text-stone-800">{label}</legend>
      <div className="flex items-center gap-0.5">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={`${label}: ${stars} ${stars === 1 ? 'star' : 'stars'}`}
              className="sr-only"
            />
            <Star
              aria-hidden
              className={cn(
                'h-6 w-6 transition-colors',
                stars <= value ? 'fill-amber-400 text-amber-400' : 'fill-stone-100 text-stone-300 hover:text-amber-300',
              )}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
