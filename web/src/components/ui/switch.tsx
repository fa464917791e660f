import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

const onColours = { emerald: 'bg-emerald-600', brand: 'bg-brand-600' } as const;

/**
 * An on/off switch (a button with the switch role, so assistive technology reads it as one). Green says "open"
 * (a day's hours); the brand colour says "offered" (a session type on the profile form).
 */
export function Switch({
  checked,
  onCheckedChange,
  tone = 'emerald',
  className,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'onClick' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  tone?: keyof typeof onColours;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'on' : 'off'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        checked ? onColours[tone] : 'bg-stone-300',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'inline-block h-5 w-5 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform',
          checked ? 'translate-x-[22px]' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}
