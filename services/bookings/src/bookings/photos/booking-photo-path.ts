/** Where a booking photo is served: `${BOOKING_PHOTO_PATH}/{id}` (BookingPhotosController). */
export const BOOKING_PHOTO_PATH = '/api/media/booking-photos';
