import { fullDateLabel, londonDateOf, type Review } from '@hunted/contracts';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';
import { RATING_CATEGORIES } from '../lib/rating-categories';

export function reviewDateLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : // The site's date of the review (London's), whatever the browser's zone: '3 December 2026'.
      fullDateLabel(londonDateOf(date));
}

/** One review. Its text is user content: rendered as text, line breaks kept, never as HTML. `actions` ('Report') go under it. */
export function ReviewCard({
  review,
  onOpenPhoto,
  actions,
}: {
  review: Review;
  onOpenPhoto: (photoIndex: number) => void;
  actions?: ReactNode;
}) {
  return (
    <article
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs"
      aria-label={`Review by ${review.userName}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <Avatar className="h-10 w-10" />
          <div>
            {/* No 'Verified Purchase' mark: nothing verifies that a brand reviewer bought anything (decision 0100). */}
            <p className="font-semibold text-stone-900">{review.userName}</p>
          </div>
        </div>
        <div className="text-right">
          <StarRating rating={review.rating} />
          <time dateTime={review.createdAt} className="mt-1 block text-xs text-stone-500">
            {reviewDateLabel(review.createdAt)}
          </time>
        </div>
      </header>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-4">
        {RATING_CATEGORIES.map(({ key, label }) => (
          <div
            key={key}
            className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 px-2.5 py-1.5 text-xs"
          >
            <dt className="font-medium text-stone-600">{label}</dt>
            <dd className="font-bold text-stone-900 tabular-nums">{review[key]}/5</dd>
          </div>
        ))}
      </dl>
      {review.reviewText ? (
        <p className="mt-4 text-[15px] leading-7 break-words whitespace-pre-line text-stone-700">{review.reviewText}</p>
      ) : null}
      {review.photos.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2.5">
          {review.photos.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => onOpenPhoto(index)}
                aria-label={`Open photo ${index + 1} from ${review.userName}'s review`}
                className="block overflow-hidden rounded-xl ring-1 ring-stone-200 transition hover:ring-brand-300 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
              >
                <img src={src} alt="" loading="lazy" className="h-20 w-20 object-cover sm:h-24 sm:w-24" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {actions ? <div className="mt-3 flex justify-end">{actions}</div> : null}
    </article>
  );
}
