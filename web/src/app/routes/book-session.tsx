import { BookSessionPage } from '@/features/bookings/pages/book-session-page';
import { PaymentPage } from '@/features/bookings/pages/payment-page';
import { useHunter } from '@/features/hunters/api/get-hunter';

/**
 * Booking a session: the bookings feature lays out the pages, the hunters feature owns the hunter being booked (so an
 * edit of the profile shows here at once). Features do not import each other, so they meet here.
 */
export function BookSessionRoute() {
  return <BookSessionPage useBookableHunter={useHunter} />;
}

export function PaymentRoute() {
  return <PaymentPage useBookableHunter={useHunter} />;
}
