import { BOOKING_ACTION_MESSAGES, BOOKING_NOTES_MAX, BOOKING_PHOTOS_MAX } from '@hunted/contracts';
import { ImagePlus, Loader2, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useUploadBookingPhoto } from '../api/booking-photos';
import { BOOKING_PHOTO_TYPES, bookingPhotoProblem, readAsDataUrl } from '../lib/booking-photos';

/** A photo picked for the booking: shown from the file at once, its id once the upload is stored. */
export interface PickedBookingPhoto {
  key: number;
  name: string;
  preview: string;
  /** null while it uploads. */
  id: string | null;
}

const numberFormat = new Intl.NumberFormat('en-GB');

/**
 * The client's question or brief for the hunter and up to three photos. Each photo is checked as the server checks
 * it, then uploaded at once (`POST /api/booking-photos`), so Continue only carries ids. The question is required
 * for 'Ask Me a Question' (`required`), optional otherwise.
 */
export function BookingQuestion({
  required,
  notes,
  onNotesChange,
  notesError,
  photos,
  onPhotosChange,
  notesId,
}: {
  required: boolean;
  notes: string;
  onNotesChange: (notes: string) => void;
  notesError: string | null;
  photos: PickedBookingPhoto[];
  onPhotosChange: Dispatch<SetStateAction<PickedBookingPhoto[]>>;
  /** The textarea's id, so the page can focus it when the question is missing. */
  notesId: string;
}) {
  const ids = useId();
  const nextKey = useRef(1);
  const upload = useUploadBookingPhoto();
  const [photoError, setPhotoError] = useState<string | null>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = BOOKING_PHOTOS_MAX - photos.length;
    let problem: string | null = files.length > room ? BOOKING_ACTION_MESSAGES.photoCount : null;
    for (const file of files.slice(0, Math.max(0, room))) {
      const refused = bookingPhotoProblem(file);
      if (refused) {
        problem = refused;
        continue;
      }
      const key = nextKey.current++;
      let preview: string;
      try {
        preview = await readAsDataUrl(file);
      } catch {
        problem = 'That photo could not be read. Please try another.';
        continue;
      }
      onPhotosChange((current) => [...current, { key, name: file.name, preview, id: null }]);
      upload.mutateAsync(preview).then(
        (stored) => onPhotosChange((current) => current.map((photo) => (photo.key === key ? { ...photo, id: stored.id } : photo))),
        (error: unknown) => {
          onPhotosChange((current) => current.filter((photo) => photo.key !== key));
          if (handleUnauthorized(error)) return;
          setPhotoError(
            serverMessage(error, 400) ??
              serverMessage(error, 413) ??
              // The day's allowance, which names the limit (decision 0091).
              serverMessage(error, 429) ??
              'The photo could not be uploaded. Please try again.',
          );
        },
      );
    }
    setPhotoError(problem);
  };

  const remove = (key: number) => {
    setPhotoError(null);
    onPhotosChange((current) => current.filter((photo) => photo.key !== key));
  };

  const counterId = `${ids}-count`;
  const errorId = `${ids}-error`;
  return (
    <div className="space-y-5">
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={notesId} className="text-sm font-semibold text-stone-800">
            Your question
            {required ? null : <span className="font-normal text-stone-500"> (optional)</span>}
          </label>
          <span id={counterId} className="text-xs text-stone-500 tabular-nums">
            {numberFormat.format(notes.length)} / {numberFormat.format(BOOKING_NOTES_MAX)}
          </span>
        </div>
        <Textarea
          id={notesId}
          value={notes}
          maxLength={BOOKING_NOTES_MAX}
          required={required}
          aria-required={required}
          onChange={(event) => onNotesChange(event.target.value)}
          placeholder={
            required
              ? 'What would you like to ask? The more detail, the better the answer.'
              : 'Anything your hunter should know: the occasion, your style, sizes, budget…'
          }
          className="mt-1.5"
          aria-invalid={Boolean(notesError)}
          aria-describedby={notesError ? `${errorId} ${counterId}` : counterId}
        />
        {notesError ? (
          <FieldError id={errorId} className="flex items-center gap-1">
            <span role="alert">{notesError}</span>
          </FieldError>
        ) : null}
      </div>

      <div>
        <p id={`${ids}-photos`} className="text-sm font-semibold text-stone-800">
          Photos{' '}
          <span className="font-normal text-stone-500">
            (optional, up to {BOOKING_PHOTOS_MAX}, 5 MB each: JPEG, PNG, GIF or WebP)
          </span>
        </p>
        <ul aria-labelledby={`${ids}-photos`} className="mt-2 flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <li key={photo.key} className="relative">
              <img
                src={photo.preview}
                alt={`Photo ${index + 1}: ${photo.name}`}
                className={cn('h-20 w-20 rounded-xl object-cover ring-1 ring-stone-200', photo.id === null && 'opacity-60')}
              />
              {photo.id === null ? (
                <span className="absolute inset-0 flex items-center justify-center" role="status">
                  <Loader2 className="h-5 w-5 animate-spin text-stone-700" aria-hidden />
                  <span className="sr-only">Uploading photo {index + 1}…</span>
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => remove(photo.key)}
                aria-label={`Remove photo ${index + 1}`}
                className="absolute -top-2 -right-2 flex h-6 w-6 items-center justify-center rounded-full bg-stone-900 text-white shadow ring-2 ring-white hover:bg-stone-700"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
          {photos.length < BOOKING_PHOTOS_MAX ? (
            <li>
              <label className="flex h-20 w-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-stone-300 bg-white text-xs font-medium text-stone-500 transition-colors hover:border-brand-300 hover:text-brand-700 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100">
                <ImagePlus className="h-5 w-5" aria-hidden />
                Add photo
                <input
                  type="file"
                  accept={BOOKING_PHOTO_TYPES.join(',')}
                  multiple
                  onChange={(event) => void onPick(event)}
                  aria-label="Add photos"
                  className="sr-only"
                />
              </label>
            </li>
          ) : null}
        </ul>
        {photoError ? (
          <p role="alert" className="mt-1.5 text-sm font-medium text-red-600">
            {photoError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
