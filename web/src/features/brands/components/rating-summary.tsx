import { StarRating } from '@/components/ui/star-rating';
import { cn } from '@/components/ui/cn';

export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** Stars, the rating to one decimal and the review count: "★★★★½ 4.5 (12 reviews)". */
export function RatingSummary({
  rating,
  ratingCount,
  className,
  starClassName,
}: {
  rating: number;
  ratingCount: number;
  className?: string;
  starClassName?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm', className)}>
      {/* The spaces make the visible text read '4.5 (12 reviews)', which a control's accessible name must contain. */}
      <StarRating rating={rating} starClassName={starClassName} />{' '}
      <span className="font-semibold text-stone-900">{Number(rating || 0).toFixed(1)}</span>{' '}
      <span className="text-stone-500">({reviewCountLabel(ratingCount)})</span>
    </span>
  );
}
