import type { BookingPhotoUpload, BookingPhotoUploaded } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Stores one photo for a booking about to be made; its id goes in the booking's `photoIds`. */
export function uploadBookingPhoto(photo: string): Promise<BookingPhotoUploaded> {
  return request<BookingPhotoUploaded>('POST', '/api/booking-photos', { photo } satisfies BookingPhotoUpload);
}

export function useUploadBookingPhoto() {
  return useMutation({ mutationFn: uploadBookingPhoto });
}
