import { HUNTER_REVIEW_LIMITS, HUNTER_REVIEW_MESSAGES } from '@hunted/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { HttpError, serverMessage } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useCreateHunterReview } from '../api/client-hunter-reviews';
import { StarInput } from './star-input';

const numberFormat = new Intl.NumberFormat('en-GB');

export interface HunterReviewProblems {
  rating?: string;
  text?: string;
}

/** The service's rules, checked before anything is sent (it checks them again): 1–5 stars, 10–2,000 characters. */
export function hunterReviewProblems(rating: number, text: string): HunterReviewProblems {
  const problems: HunterReviewProblems = {};
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) problems.rating = HUNTER_REVIEW_MESSAGES.rating;
  const length = text.trim().length;
  if (length < HUNTER_REVIEW_LIMITS.minText || length > HUNTER_REVIEW_LIMITS.maxText) {
    problems.text = HUNTER_REVIEW_MESSAGES.text;
  }
  return problems;
}

/** The client's review of the hunter for one held session: stars and a few words, sent once. */
export function HunterReviewForm({
  bookingId,
  hunterName,
  onCancel,
}: {
  bookingId: string;
  hunterName: string;
  onCancel?: () => void;
}) {
  const ids = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<HunterReviewProblems>({});
  const [refused, setRefused] = useState<string | null>(null);
  const create = useCreateHunterReview();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const found = hunterReviewProblems(rating, text);
    setProblems(found);
    if (found.rating || found.text) {
      document.getElementById(found.rating ? `${ids}-rating` : `${ids}-text`)?.focus();
      return;
    }
    try {
      await create.mutateAsync({ bookingId, rating, text: text.trim() });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      // The service's own words: too early, too late, not yours, already reviewed.
      setRefused(
        (error instanceof HttpError ? serverMessage(error, error.status) : null) ??
          'Your review could not be sent. Please try again.',
      );
      return;
    }
    toast({ title: 'Review submitted!', description: `Thanks for reviewing ${hunterName}.` });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${ids}-heading`}
      className="mt-4 space-y-4 rounded-2xl border border-stone-200 bg-stone-50/70 p-4 sm:p-5"
    >
      <h3 id={`${ids}-heading`} className="text-base font-bold text-stone-900">
        Review your session with {hunterName}
      </h3>
      <div id={`${ids}-rating`} tabIndex={-1} className="outline-none">
        <StarInput
          name={`${ids}-stars`}
          label="Your rating"
          value={rating}
          onChange={(value) => {
            setRating(value);
            setProblems((current) => ({ ...current, rating: undefined }));
          }}
        />
        {problems.rating ? (
          <FieldError>
            <span role="alert">{problems.rating}</span>
          </FieldError>
        ) : null}
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${ids}-text`} className="text-sm font-semibold text-stone-800">
            Your review
          </label>
          <span id={`${ids}-count`} className="text-xs text-stone-500 tabular-nums">
            {numberFormat.format(text.length)} / {numberFormat.format(HUNTER_REVIEW_LIMITS.maxText)}
          </span>
        </div>
        <Textarea
          id={`${ids}-text`}
          value={text}
          maxLength={HUNTER_REVIEW_LIMITS.maxText}
          required
          onChange={(event) => {
            setText(event.target.value);
            setProblems((current) => ({ ...current, text: undefined }));
          }}
          placeholder="What did you ask for, and how did the session help?"
          className="mt-1.5"
          aria-invalid={Boolean(problems.text)}
          aria-describedby={problems.text ? `${ids}-text-error ${ids}-count` : `${ids}-count`}
        />
        {problems.text ? (
          <FieldError id={`${ids}-text-error`}>
            <span role="alert">{problems.text}</span>
          </FieldError>
        ) : null}
      </div>
      {refused ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-700">
          {refused}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Submitting…' : 'Submit review'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Not now
          </Button>
        ) : null}
      </div>
    </form>
  );
}
