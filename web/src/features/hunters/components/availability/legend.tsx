import { cn } from '@/components/ui/cn';

export interface LegendItem {
  /** Classes of the small square that shows the colour. */
  swatch: string;
  text: string;
}

/** A key to the colours of a calendar or a slot grid. */
export function Legend({ items, className }: { items: readonly LegendItem[]; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-stone-500', className)}>
      {items.map((item) => (
        <li key={item.text} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={cn('h-2.5 w-2.5 rounded-sm', item.swatch)} />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
