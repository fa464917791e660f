import {
  HUNTER_REVIEW_LIMITS,
  HUNTER_REVIEW_MESSAGES,
  SESSION_TYPE_LABELS,
  type AdminHunterReview,
  type SessionTypeKey,
} from '@hunted/contracts';
import { Eye, EyeOff, Flag, MessageSquareWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { DataList } from '@/components/data-table/data-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Select } from '@/components/ui/select';
import { StarRating } from '@/components/ui/star-rating';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import {
  ADMIN_HUNTER_REVIEWS_PAGE_SIZE,
  useAdminHunterReviews,
  useHideHunterReview,
  useUnhideHunterReview,
  type HunterReviewFilter,
} from '../../api/hunter-reviews';
import { useAdminHunter } from '../../api/get-admin-hunter';
import { londonInstantLabel } from '../../lib/london-label';

const FILTER_LABELS: Record<HunterReviewFilter, string> = {
  reported: 'Reported',
  hidden: 'Hidden',
  all: 'All reviews',
};
const EMPTY: Record<HunterReviewFilter, string> = {
  reported: 'No reported reviews.',
  hidden: 'No hidden reviews.',
  all: 'No reviews yet.',
};
const sessionLabel = (type: string) => SESSION_TYPE_LABELS[type as SessionTypeKey] ?? type;

/** The 'Hunter reviews' tab: reported reviews of hunters with their reports; hide one with a reason, or show it again. */
export function HunterReviewModeration() {
  const filterId = useId();
  const [status, setStatus] = useState<HunterReviewFilter>('reported');
  const [offset, setOffset] = useState(0);
  const [hiding, setHiding] = useState<AdminHunterReview | null>(null);
  const reviews = useAdminHunterReviews(status, offset);
  const unhide = useUnhideHunterReview();

  const onUnhide = (review: AdminHunterReview) =>
    unhide.mutate(review.id, {
      onSuccess: () => toast({ title: 'Review shown again', description: 'It counts in the hunter’s rating again.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not unhide',
          description: serverMessageOf(error) ?? 'Please try again in a moment.',
        }),
    });

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="max-w-xl text-sm text-stone-600">
          Reviews members reported come first. A hidden review leaves the hunter’s public page and counts in no rating.
        </p>
        <div className="sm:w-52">
          <label htmlFor={filterId} className="mb-1.5 block text-sm font-medium text-stone-800">
            Show
          </label>
          <Select
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as HunterReviewFilter);
              setOffset(0);
            }}
          >
            {(Object.keys(FILTER_LABELS) as HunterReviewFilter[]).map((value) => (
              <option key={value} value={value}>
                {FILTER_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <DataList
        className="mt-5"
        read={reviews}
        rows={reviews.data?.items}
        rowKey={(review) => review.id}
        label="Hunter reviews"
        listClassName="space-y-4"
        rowLabel={(review) => `Review by ${review.reviewerName}`}
        rowClassName={(review) =>
          cn(
            'rounded-3xl border bg-white p-5 shadow-sm sm:p-6',
            review.hidden ? 'border-stone-300 bg-stone-50' : 'border-stone-200',
          )
        }
        renderRow={(review) => (
          <ModeratedReview
            review={review}
            unhiding={unhide.isPending && unhide.variables === review.id}
            onHide={() => setHiding(review)}
            onUnhide={() => onUnhide(review)}
          />
        )}
        loadingLabel="Loading reviews..."
        failedWhat="reviews"
        empty={{
          icon: <MessageSquareWarning className="h-8 w-8 text-stone-300" aria-hidden />,
          description: EMPTY[status],
        }}
        paging={{
          label: 'Review pages',
          offset,
          pageSize: ADMIN_HUNTER_REVIEWS_PAGE_SIZE,
          total: reviews.data?.total ?? 0,
          onOffsetChange: setOffset,
        }}
      />

      {hiding ? (
        <HideReviewDialog
          review={hiding}
          onOpenChange={(open) => !open && setHiding(null)}
          onHidden={() => {
            toast({ title: 'Review hidden', description: 'It no longer shows or counts in the hunter’s rating.' });
            setHiding(null);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * Why an earlier review does not count (decision 0090): written before reviews needed a paid session or one marked
 * held, and its session was neither; or bookings has not said yet.
 */
const NOT_COUNTED_WHY = {
  decided: 'Written before reviews needed a real session: a free session its hunter did not mark held.',
  undecided: 'Written before reviews needed a real session: waiting for bookings to say whether it was one.',
} as const;

function ModeratedReview({
  review,
  unhiding,
  onHide,
  onUnhide,
}: {
  review: AdminHunterReview;
  unhiding: boolean;
  onHide: () => void;
  onUnhide: () => void;
}) {
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-stone-900">{review.reviewerName}</span>
            <span className="text-sm text-stone-500">
              on <ReviewedHunterName hunterId={review.hunterId} />
            </span>
            {review.hidden ? <Badge tone="dark">Hidden</Badge> : null}
            {review.qualifies !== true ? (
              <Badge tone="neutral" title={NOT_COUNTED_WHY[review.qualifies === false ? 'decided' : 'undecided']}>
                Not counted in the rating
              </Badge>
            ) : null}
            {review.reports.length > 0 ? (
              <Badge tone="amber">
                <Flag aria-hidden /> {review.reports.length} {review.reports.length === 1 ? 'report' : 'reports'}
              </Badge>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-stone-500">
            {sessionLabel(review.sessionType)} · {londonInstantLabel(review.sessionStartsAt)} · written{' '}
            {londonInstantLabel(review.createdAt)}
          </p>
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-end">
          <StarRating rating={review.rating} />
          {review.hidden ? (
            <Button
              variant="outline"
              size="sm"
              disabled={unhiding}
              aria-label={`Unhide review by ${review.reviewerName}`}
              onClick={onUnhide}
            >
              <Eye className="h-4 w-4" aria-hidden /> {unhiding ? 'Unhiding…' : 'Unhide'}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={`Hide review by ${review.reviewerName}`}
              onClick={onHide}
              className="border-red-200 text-red-700 hover:border-red-300 hover:bg-red-50"
            >
              <EyeOff className="h-4 w-4" aria-hidden /> Hide
            </Button>
          )}
        </div>
      </div>
      <p className="mt-3 text-[15px] leading-7 break-words whitespace-pre-line text-stone-700">{review.text}</p>
      {review.reply ? (
        <p className="mt-2 rounded-2xl bg-stone-50 px-4 py-3 text-sm break-words whitespace-pre-line text-stone-700 ring-1 ring-stone-100">
          <span className="font-medium">Hunter&apos;s reply:</span> {review.reply.text}
        </p>
      ) : null}
      {review.hidden ? (
        <p className="mt-3 text-sm text-stone-700">
          <span className="font-medium">Hidden</span> {londonInstantLabel(review.hidden.hiddenAt)}:{' '}
          <span className="break-words whitespace-pre-line">{review.hidden.reason}</span>
        </p>
      ) : null}
      {review.reports.length > 0 ? (
        <div className="mt-4">
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Reports</p>
          <ul aria-label={`Reports on the review by ${review.reviewerName}`} className="mt-1.5 space-y-1.5">
            {review.reports.map((report, index) => (
              <li
                key={`${report.reportedAt}-${index}`}
                className="rounded-xl bg-amber-50 px-3.5 py-2 text-sm text-amber-950 ring-1 ring-amber-100"
              >
                <span className="break-words whitespace-pre-line">{report.reason}</span>
                <span className="ml-2 text-xs text-amber-800/80">{londonInstantLabel(report.reportedAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function HideReviewDialog({
  review,
  onOpenChange,
  onHidden,
}: {
  review: AdminHunterReview;
  onOpenChange: (open: boolean) => void;
  onHidden: () => void;
}) {
  const hide = useHideHunterReview();
  const hideWith = async (reason: string): Promise<ActionOutcome> => {
    try {
      await hide.mutateAsync({ reviewId: review.id, reason });
    } catch (failure) {
      return { problem: serverMessageOf(failure) ?? 'The review could not be hidden. Please try again.' };
    }
    onHidden();
    return 'done';
  };

  return (
    <ActionDialog
      title={`Hide review by ${review.reviewerName}`}
      description="The review leaves the hunter's public page and stops counting in their rating. You can show it again later."
      reason={{
        maxLength: HUNTER_REVIEW_LIMITS.hideReasonMax,
        rows: 3,
        placeholder: 'e.g. Personal details of the hunter in the text.',
        requiredMessage: HUNTER_REVIEW_MESSAGES.reasonRequired,
      }}
      confirmLabel="Hide review"
      pendingLabel="Hiding…"
      confirmClassName="bg-red-600 hover:bg-red-700 active:bg-red-800"
      onConfirm={hideWith}
      onOpenChange={onOpenChange}
    />
  );
}

/** The review list names hunters by id only; the console's own hunter read (cached per hunter) gives the name. */
function ReviewedHunterName({ hunterId }: { hunterId: number }) {
  const hunter = useAdminHunter(hunterId);
  return <>{hunter.data?.name ?? `hunter #${hunterId}`}</>;
}
