import { UserRound } from 'lucide-react';
import { cn } from './cn';

/** A round profile photo, or a placeholder icon when there is none. Decorative: the name sits beside it. */
export function Avatar({ src, className }: { src?: string | null; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-brand-600 ring-1 ring-stone-200',
        className ?? 'h-8 w-8',
      )}
    >
      {src ? (
        <img src={src} alt="" className="h-full w-full object-cover" />
      ) : (
        <UserRound className="h-1/2 w-1/2" aria-hidden />
      )}
    </span>
  );
}
