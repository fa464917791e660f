import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from './cn';

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled native select: the phone's own picker on small screens, keyboard-friendly everywhere. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-xs font-semibold tracking-wide text-stone-500 uppercase">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            'block h-10 w-full appearance-none rounded-xl border border-stone-300 bg-white pr-9 pl-3 text-sm text-stone-900 shadow-xs',
            'focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none',
          )}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-stone-400"
          aria-hidden
        />
      </div>
    </div>
  );
}

/** The options of a list, headed by its "everything" choice; a current value the list lacks is kept. */
export function withAll(allLabel: string, values: readonly string[], current?: string, allValue = 'all'): FilterOption[] {
  const options = [{ value: allValue, label: allLabel }, ...values.map((value) => ({ value, label: value }))];
  if (current && current !== allValue && !values.includes(current)) options.push({ value: current, label: current });
  return options;
}

/** The same for labelled options (a value shown under another name, as price bands and sorts are). */
export function withAllOptions(
  allLabel: string,
  options: readonly FilterOption[],
  current: string,
  allValue = 'all',
): FilterOption[] {
  const all = [{ value: allValue, label: allLabel }, ...options];
  if (current !== allValue && !options.some((option) => option.value === current)) all.push({ value: current, label: current });
  return all;
}
