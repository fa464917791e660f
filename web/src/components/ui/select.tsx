import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from './cn';

/**
 * A styled native select: the phone's own picker on small screens, keyboard and form behaviour for free.
 * Options are children (`<option>`).
 */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'block h-11 w-full appearance-none rounded-xl border border-stone-300 bg-white pr-10 pl-3.5 text-[15px] text-stone-900 shadow-xs',
          'focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none',
          'aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-100',
          'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3.5 h-4 w-4 -translate-y-1/2 text-stone-500"
        aria-hidden
      />
    </div>
  );
}
