import { Check } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

/** A chip that toggles one choice of a list on and off (a pressed button), ticked while chosen. */
export function ChoiceChip({
  pressed,
  className,
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-pressed'> & { pressed: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
        'disabled:cursor-not-allowed',
        pressed
          ? 'border-stone-900 bg-stone-900 text-white hover:bg-stone-800'
          : 'border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:bg-stone-50',
        className,
      )}
      {...props}
    >
      {pressed ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
      {children}
    </button>
  );
}
