import { HUNTER_REVIEW_LIMITS, HUNTER_REVIEW_MESSAGES } from '@hunted/contracts';
import { useFormState } from '@/components/form/use-form-state';
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

const HUNTER_REVIEW_FIELDS = ['rating', 'text'] as const;

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
  const form = useFormState({ initialValues: { rating: 0, text: '' }, fields: HUNTER_REVIEW_FIELDS });
  const create = useCreateHunterReview();
  const { values, errors, fieldId } = form;
  const headingId = `${fieldId('text')}-heading`;
  const textId = fieldId('text');

  const submit = form.handleSubmit({
    validate: ({ rating, text }) => hunterReviewProblems(rating, text),
    send: async ({ rating, text }) => {
      try {
        await create.mutateAsync({ bookingId, rating, text: text.trim() });
      } catch (error) {
        if (handleUnauthorized(error)) return null;
        // The service's own words: too early, too late, not yours, already reviewed. They name no field, so they
        // show above the buttons.
        return {
          form:
            (error instanceof HttpError ? serverMessage(error, error.status) : null) ??
            'Your review could not be sent. Please try again.',
        };
      }
      toast({ title: 'Review submitted!', description: `Thanks for reviewing ${hunterName}.` });
      return null;
    },
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      className="mt-4 space-y-4 rounded-2xl border border-stone-200 bg-stone-50/70 p-4 sm:p-5"
    >
      <h3 id={headingId} className="text-base font-bold text-stone-900">
        Review your session with {hunterName}
      </h3>
      {/* Focused when the stars are missing (the form focuses a field in error by its id). */}
      <div id={fieldId('rating')} tabIndex={-1} className="outline-none">
        <StarInput
          name={`${fieldId('rating')}-stars`}
          label="Your rating"
          value={values.rating}
          onChange={(value) => {
            form.setValue('rating', value);
            form.clearErrors('rating');
          }}
        />
        {errors.rating ? (
          <FieldError>
            <span role="alert">{errors.rating}</span>
          </FieldError>
        ) : null}
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={textId} className="text-sm font-semibold text-stone-800">
            Your review
          </label>
          <span id={`${textId}-count`} className="text-xs text-stone-500 tabular-nums">
            {numberFormat.format(values.text.length)} / {numberFormat.format(HUNTER_REVIEW_LIMITS.maxText)}
          </span>
        </div>
        <Textarea
          id={textId}
          value={values.text}
          maxLength={HUNTER_REVIEW_LIMITS.maxText}
          required
          onChange={(event) => {
            form.setValue('text', event.target.value);
            form.clearErrors('text');
          }}
          placeholder="What did you ask for, and how did the session help?"
          className="mt-1.5"
          aria-invalid={Boolean(errors.text)}
          aria-describedby={errors.text ? `${textId}-error ${textId}-count` : `${textId}-count`}
        />
        {errors.text ? (
          <FieldError id={`${textId}-error`}>
            <span role="alert">{errors.text}</span>
          </FieldError>
        ) : null}
      </div>
      {form.otherErrors.map((refusal) => (
        <p key={refusal} role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-700">
          {refusal}
        </p>
      ))}
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
