import { BOOKING_ACTION_MESSAGES, BOOKING_PHOTO_BYTES } from '@hunted/contracts';

/** The image types bookings stores (it sniffs the bytes again; this only spares a pointless upload). */
export const BOOKING_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Why a picked file cannot go with a booking (the server's own words), or null when it can. Up to 5 MB is fine. */
export function bookingPhotoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(BOOKING_PHOTO_TYPES as readonly string[]).includes(file.type)) return BOOKING_ACTION_MESSAGES.photoType;
  if (file.size > BOOKING_PHOTO_BYTES) return BOOKING_ACTION_MESSAGES.photoSize;
  return null;
}

/** The file as a `data:image/…;base64,` URL, the form `POST /api/booking-photos` takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('empty')));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
