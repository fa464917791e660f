import { cn } from '@/components/ui/cn';

/** A small count in the brand colour; nothing at 0. Decorative: the control it sits on says the count in words. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold leading-none text-white tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export const unreadLabel = (name: string, count: number) => (count > 0 ? `${name}, ${count} unread` : name);

/** The unread count in words for a row whose name is its visible text (the badge itself is hidden from them). */
export function UnreadWords({ count }: { count: number }) {
  return count > 0 ? <span className="sr-only">, {count} unread</span> : null;
}
