import { SESSION_TYPE_LABELS, londonDateOf, mediumDateLabel, type HunterReview, type SessionTypeKey } from '@hunted/contracts';
import { CornerDownRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { StarRating } from '@/components/ui/star-rating';

const dateOf = (iso: string) => mediumDateLabel(londonDateOf(new Date(iso)));

const sessionLabel = (type: string) => SESSION_TYPE_LABELS[type as SessionTypeKey] ?? type;

/**
 * One review of a hunter: stars, who wrote it and when, the session it was about, the text and the hunter's reply;
 * `actions` (the public page's 'Report') go under it.
 */
export function HunterReviewCard({
  review,
  hunterName,
  as: Tag = 'article',
  actions,
}: {
  /** The public page's review or the client's own: the card shows neither the booking nor the session's time. */
  review: Omit<HunterReview, 'bookingId' | 'sessionStartsAt'>;
  hunterName: string;
  as?: 'article' | 'div';
  actions?: ReactNode;
}) {
  return (
    <Tag className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" aria-label={`Review by ${review.reviewerName}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <StarRating rating={review.rating} />
          <span className="text-sm font-semibold text-stone-900">{review.reviewerName}</span>
        </div>
        <time dateTime={review.createdAt} className="text-xs text-stone-500">
          {dateOf(review.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-xs text-stone-500">{sessionLabel(review.sessionType)}</p>
      <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-stone-700">{review.text}</p>
      {review.reply ? (
        <div className="mt-3 flex gap-2 rounded-xl bg-stone-50 px-3.5 py-3 text-sm">
          <CornerDownRight className="mt-0.5 h-4 w-4 shrink-0 text-stone-400" aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              Reply from {hunterName}{' '}
              <time dateTime={review.reply.createdAt} className="ml-1 text-xs font-normal text-stone-500">
                {dateOf(review.reply.createdAt)}
              </time>
            </p>
            <p className="mt-1 leading-6 break-words whitespace-pre-line text-stone-700">{review.reply.text}</p>
          </div>
        </div>
      ) : null}
      {actions ? <div className="mt-3 flex justify-end">{actions}</div> : null}
    </Tag>
  );
}
