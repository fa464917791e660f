import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'brand' | 'amber' | 'emerald' | 'sky' | 'violet' | 'dark';

const toneClasses: Record<BadgeTone, string> = {
  neutral: 'bg-stone-100 text-stone-700 ring-stone-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  emerald: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  sky: 'bg-sky-50 text-sky-800 ring-sky-200',
  violet: 'bg-violet-50 text-violet-800 ring-violet-200',
  dark: 'bg-stone-900 text-white ring-stone-900',
};

/** A small rounded label: a brand's category, country, delivery scope, price level or rank. */
export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        '[&_svg]:h-3.5 [&_svg]:w-3.5',
        toneClasses[tone],
        className,
      )}
      {...props}
    />
  );
}

/** The classes of a chip: a tag or hashtag, usually a link to the brands filtered by it. */
export function chipClasses(kind: 'tag' | 'hashtag' = 'tag', className?: string): string {
  return cn(
    'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium transition-colors',
    kind === 'tag'
      ? 'bg-emerald-50 text-emerald-800 hover:bg-emerald-100'
      : 'bg-sky-50 text-sky-800 hover:bg-sky-100',
    className,
  );
}
