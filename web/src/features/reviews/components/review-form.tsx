import { REVIEW_LIMITS, type CategoryRatings } from '@hunted/contracts';
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { schemaFieldErrors } from '@/components/form/schema-errors';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { HttpError, serverMessage } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { useCreateReview } from '../api/create-review';
import { photoProblem, readAsDataUrl, REVIEW_PHOTO_TYPES } from '../lib/review-photos';
import { RATING_CATEGORIES } from '../lib/rating-categories';
import { StarInput } from './star-input';

const unrated: CategoryRatings = { speedRating: 0, easeRating: 0, qualityRating: 0, sustainabilityRating: 0 };

const REVIEW_FIELDS = [...RATING_CATEGORIES.map(({ key }) => key), 'reviewText', 'photos'] as const;
type ReviewField = (typeof REVIEW_FIELDS)[number];

/** The ratings as the service reads them: a category not rated yet (0 here) is a missing rating. */
const givenRatings = (ratings: CategoryRatings) =>
  Object.fromEntries(Object.entries(ratings).map(([key, value]) => [key, value > 0 ? value : undefined]));

/** The mean of the categories rated so far, or null before any; the server rounds the full mean itself. */
export function liveAverage(ratings: CategoryRatings): number | null {
  const given = Object.values(ratings).filter((value) => value > 0);
  return given.length === 0 ? null : given.reduce((sum, value) => sum + value, 0) / given.length;
}

/** The toast for a refused review (spec section 8). */
export function reviewFailureToast(error: unknown) {
  const reason = error instanceof HttpError ? serverMessage(error, error.status) : null;
  return {
    variant: 'destructive',
    title: 'Failed to submit review',
    description: reason ?? 'You may have already reviewed this brand.',
  } as const;
}

interface PickedPhoto {
  id: number;
  name: string;
  dataUrl: string;
}

interface ReviewValues {
  ratings: CategoryRatings;
  reviewText: string;
  photos: PickedPhoto[];
}
const emptyReview: ReviewValues = { ratings: unrated, reviewText: '', photos: [] };

const isComplete = (ratings: CategoryRatings) => RATING_CATEGORIES.every(({ key }) => ratings[key] > 0);

/** Four category ratings, optional text and up to three photos, for a signed-in member's one review. */
export function ReviewForm({
  brandId,
  user,
  onSettled,
}: {
  brandId: number;
  user: User;
  /** Refetches what a review changes outside this feature. */
  onSettled?: () => Promise<unknown>;
}) {
  const form = useFormState<ReviewValues, ReviewField>({ initialValues: emptyReview, fields: REVIEW_FIELDS });
  const { values, setValues, errors: problems, fieldId } = form;
  const { ratings, reviewText, photos } = values;
  const nextPhotoId = useRef(1);
  const ids = useId();
  const createReview = useCreateReview(brandId, { onSettled });

  const complete = isComplete(ratings);
  const average = liveAverage(ratings);
  const ratingsProblem = RATING_CATEGORIES.map(({ key }) => problems[key]).find(Boolean);

  const setRating = (key: keyof CategoryRatings, value: number) =>
    setValues((current) => ({ ...current, ratings: { ...current.ratings, [key]: value } }));
  const setPhotos = (update: (current: PickedPhoto[]) => PickedPhoto[]) =>
    setValues((current) => ({ ...current, photos: update(current.photos) }));

  const onPickPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = REVIEW_LIMITS.photos - photos.length;
    if (files.length > room) {
      toast({
        variant: 'destructive',
        title: 'Too many photos',
        description: `You can add up to ${REVIEW_LIMITS.photos} photos to a review.`,
      });
    }
    const accepted: PickedPhoto[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = photoProblem(file);
      if (problem) {
        toast(problem);
        continue;
      }
      accepted.push({ id: nextPhotoId.current++, name: file.name, dataUrl: await readAsDataUrl(file) });
    }
    if (accepted.length > 0) setPhotos((current) => [...current, ...accepted].slice(0, REVIEW_LIMITS.photos));
  };

  /** The body the service reads, from what the form holds. */
  const reviewOf = (current: ReviewValues) => {
    const text = current.reviewText.trim();
    return {
      brandId,
      userId: user.id,
      // The spec's body carries the overall rating; the server ignores it and computes the same rounded mean.
      rating: Math.round(liveAverage(current.ratings) ?? 0),
      ...current.ratings,
      reviewText: text === '' ? null : text,
      photos: current.photos.map((photo) => photo.dataUrl),
    };
  };

  const submit = form.handleSubmit({
    validate: async (current) => {
      // The service's rules, checked with its schema before anything is sent. Loaded now, not with the brand page:
      // the schemas bring zod, which a visitor who never reviews should not download.
      const { reviewInputSchema } = await import('@hunted/contracts/schemas');
      const found = schemaFieldErrors(
        reviewInputSchema,
        { ...reviewOf(current), ...givenRatings(current.ratings) },
        REVIEW_FIELDS,
      );
      if (Object.keys(found).length > 0 && !isComplete(current.ratings)) {
        toast({
          variant: 'destructive',
          title: 'Please complete all ratings',
          description: 'All four category ratings are required to submit your review.',
        });
      }
      return found;
    },
    send: async (current) => {
      // mutateAsync, not mutate's callbacks: the refetch that follows a review replaces this form with 'You have
      // already reviewed this brand', and callbacks given to mutate() are dropped once their component unmounts.
      createReview.mutateAsync(reviewOf(current)).then(
        () => {
          toast({ title: 'Review submitted!', description: 'Thanks for sharing your experience.' });
          setValues(emptyReview);
        },
        (error: unknown) => toast(reviewFailureToast(error)),
      );
      // A refusal is its toast: the server's messages name no field here.
      return null;
    },
  });

  return (
    <form
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-heading`}
      className="space-y-5 rounded-3xl border border-stone-200 bg-stone-50/60 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${ids}-heading`} className="text-lg font-bold text-stone-900">
          Write a review
        </h3>
        <p className="text-sm text-stone-600" aria-live="polite">
          Your rating:{' '}
          <strong className="text-base font-bold text-stone-900 tabular-nums" data-testid="live-average">
            {average === null ? '–' : average.toFixed(1)}
          </strong>{' '}
          / 5
        </p>
      </div>

      <div className="grid gap-2.5 sm:grid-cols-2">
        {RATING_CATEGORIES.map(({ key, label }) => (
          <StarInput
            key={key}
            name={`${ids}-${key}`}
            label={label}
            value={ratings[key]}
            onChange={(value) => setRating(key, value)}
          />
        ))}
      </div>
      {ratingsProblem && !complete ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {ratingsProblem}
        </p>
      ) : null}

      <div>
        <label htmlFor={fieldId('reviewText')} className="text-sm font-semibold text-stone-800">
          Your review <span className="font-normal text-stone-500">(optional)</span>
        </label>
        <Textarea
          id={fieldId('reviewText')}
          value={reviewText}
          maxLength={REVIEW_LIMITS.text}
          onChange={(event) => form.setValue('reviewText', event.target.value)}
          placeholder="How was the delivery, the quality, the service?"
          className="mt-1.5"
          aria-invalid={Boolean(problems.reviewText)}
          aria-describedby={problems.reviewText ? `${fieldId('reviewText')}-error` : undefined}
        />
        {problems.reviewText ? (
          <FieldError id={`${fieldId('reviewText')}-error`}>{problems.reviewText}</FieldError>
        ) : null}
      </div>

      <div>
        <p className="text-sm font-semibold text-stone-800">
          Photos{' '}
          <span className="font-normal text-stone-500">(optional, up to {REVIEW_LIMITS.photos}, under 10MB each)</span>
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <div key={photo.id} className="relative">
              <img
                src={photo.dataUrl}
                alt={`Photo ${index + 1} to upload: ${photo.name}`}
                className="h-20 w-20 rounded-xl object-cover ring-1 ring-stone-200"
              />
              <button
                type="button"
                onClick={() => setPhotos((current) => current.filter((other) => other.id !== photo.id))}
                aria-label={`Remove photo ${index + 1}`}
                className="absolute -top-2 -right-2 flex h-6 w-6 items-center justify-center rounded-full bg-stone-900 text-white shadow ring-2 ring-white hover:bg-stone-700"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </div>
          ))}
          {photos.length < REVIEW_LIMITS.photos ? (
            <label className="flex h-20 w-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-stone-300 bg-white text-xs font-medium text-stone-500 transition-colors hover:border-brand-300 hover:text-brand-700 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100">
              <ImagePlus className="h-5 w-5" aria-hidden />
              Add photo
              <input
                type="file"
                accept={REVIEW_PHOTO_TYPES.join(',')}
                multiple
                onChange={(event) => void onPickPhotos(event)}
                aria-label="Add photos"
                className="sr-only"
              />
            </label>
          ) : null}
        </div>
        {problems.photos ? <FieldError>{problems.photos}</FieldError> : null}
      </div>

      <Button type="submit" disabled={createReview.isPending}>
        {createReview.isPending ? 'Submitting…' : 'Submit Review'}
      </Button>
    </form>
  );
}
