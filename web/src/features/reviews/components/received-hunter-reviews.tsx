import {
  HUNTER_REVIEW_LIMITS,
  SESSION_TYPE_LABELS,
  londonDateOf,
  mediumDateLabel,
  type HunterReview,
  type SessionTypeKey,
} from '@hunted/contracts';
import { CornerDownRight, MessageSquareReply, Star } from 'lucide-react';
import { useState } from 'react';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/input';
import { NoticeCard } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useMyHunterReviews, useReplyToHunterReview } from '../api/hunter-reviews-received';

const dayLabel = (instant: string) => mediumDateLabel(londonDateOf(Date.parse(instant)));
const sessionLabel = (type: string) => SESSION_TYPE_LABELS[type as SessionTypeKey] ?? type;

/** The hunter dashboard's Reviews tab: what clients wrote, newest first, each with a reply (once). */
export function ReceivedHunterReviews() {
  const reviews = useMyHunterReviews();
  if (reviews.isPending) return <Spinner label="Loading your reviews..." />;
  if (reviews.isError) {
    return (
      <NoticeCard
        icon={<Star aria-hidden />}
        title="Your reviews could not be loaded"
        description="Please try again in a moment."
      >
        <Button onClick={() => void reviews.refetch()}>Try again</Button>
      </NoticeCard>
    );
  }
  const received = reviews.data.received;
  if (received.length === 0) {
    return (
      <NoticeCard
        icon={<Star aria-hidden />}
        title="No reviews yet"
        description="After a session you mark as held, your client is asked to review it. Their reviews appear here and on your public page."
      />
    );
  }
  return (
    <ul aria-label="Reviews received" className="space-y-4">
      {received.map((review) => (
        <li key={review.id}>
          <ReceivedReview review={review} />
        </li>
      ))}
    </ul>
  );
}

export function ReceivedReview({ review }: { review: HunterReview }) {
  const [replying, setReplying] = useState(false);
  return (
    <article
      aria-label={`Review by ${review.reviewerName}`}
      className="rounded-3xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">{review.reviewerName}</p>
          <p className="text-sm text-stone-500">
            {sessionLabel(review.sessionType)} · {dayLabel(review.sessionStartsAt)}
          </p>
        </div>
        <div className="text-right">
          <StarRating rating={review.rating} />
          <time dateTime={review.createdAt} className="mt-1 block text-xs text-stone-500">
            {dayLabel(review.createdAt)}
          </time>
        </div>
      </header>
      <p className="mt-3 text-[15px] leading-7 break-words whitespace-pre-line text-stone-700">{review.text}</p>
      {review.reply ? (
        <div className="mt-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-100">
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">
            <CornerDownRight className="h-3.5 w-3.5" aria-hidden /> Your reply · {dayLabel(review.reply.createdAt)}
          </p>
          <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-stone-800">{review.reply.text}</p>
        </div>
      ) : replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          aria-label={`Reply to ${review.reviewerName}`}
          onClick={() => setReplying(true)}
        >
          <MessageSquareReply className="h-4 w-4" aria-hidden /> Reply
        </Button>
      )}
    </article>
  );
}

const REPLY_FIELDS = ['text'] as const;

/** The reply is public and final (one per review), so it is checked here as the server checks it. */
export function ReplyForm({ review, onDone }: { review: HunterReview; onDone: () => void }) {
  const form = useFormState({ initialValues: { text: '' }, fields: REPLY_FIELDS });
  const reply = useReplyToHunterReview();
  const { text } = form.values;
  const inputId = form.fieldId('text');
  // One message under the field: the missing reply, or the server's refusal.
  const error = form.errors.text;

  const submit = form.handleSubmit({
    validate: (values) => (values.text.trim() ? {} : { text: 'Write your reply' }),
    send: async (values) => {
      try {
        await reply.mutateAsync({ reviewId: review.id, text: values.text.trim() });
      } catch (failure) {
        if (handleUnauthorized(failure)) return null;
        return { text: serverMessageOf(failure) ?? 'Your reply could not be sent. Please try again.' };
      }
      toast({ title: 'Reply posted', description: 'It shows under the review on your public page.' });
      onDone();
      return null;
    },
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="mt-4">
      <Label htmlFor={inputId}>Your reply to {review.reviewerName}</Label>
      <Textarea
        id={inputId}
        value={text}
        rows={3}
        maxLength={HUNTER_REVIEW_LIMITS.replyMax}
        placeholder="Thank them, or add something useful for future clients. You can reply once."
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-count`}
        onChange={(event) => form.setValue('text', event.target.value)}
      />
      {error ? (
        <FieldError id={`${inputId}-error`}>
          <span role="alert">{error}</span>
        </FieldError>
      ) : (
        <p id={`${inputId}-count`} className="mt-1.5 text-right text-xs text-stone-500 tabular-nums">
          {text.length} / {HUNTER_REVIEW_LIMITS.replyMax}
        </p>
      )}
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Posting…' : 'Post reply'}
        </Button>
      </div>
    </form>
  );
}
