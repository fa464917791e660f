import type { InputHTMLAttributes, LabelHTMLAttributes } from 'react';
import { cn } from './cn';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'block h-11 w-full rounded-xl border border-stone-300 bg-white px-3.5 text-[15px] text-stone-900 shadow-xs',
        'placeholder:text-stone-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none',
        'aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-100',
        'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('mb-1.5 block text-sm font-medium text-stone-800', className)} {...props} />;
}
