import { Star } from 'lucide-react';
import { cn } from './cn';

/** The rating rounded to the nearest half star, clamped to 0–5. */
export function toHalfSteps(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/**
 * Five stars filled in half steps. A half star is a filled star clipped to its left half over an empty
 * one, so it lines up exactly with its neighbours.
 */
export function StarRating({
  rating,
  className,
  starClassName = 'h-4 w-4',
}: {
  rating: number;
  className?: string;
  starClassName?: string;
}) {
  const shown = toHalfSteps(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${shown} out of 5`}
      data-rating={shown}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = shown >= position ? 'full' : shown >= position - 0.5 ? 'half' : 'empty';
        return (
          <span key={position} className={cn('relative inline-block shrink-0', starClassName)} data-fill={fill}>
            <Star className="absolute inset-0 h-full w-full fill-stone-200 text-stone-200" aria-hidden />
            {fill === 'empty' ? null : (
              <span className={cn('absolute inset-0 overflow-hidden', fill === 'half' ? 'w-1/2' : 'w-full')}>
                <Star className={cn('h-full fill-amber-400 text-amber-400', starClassName)} aria-hidden />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
