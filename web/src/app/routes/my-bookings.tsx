import { MyBookingsPage } from '@/features/bookings/pages/my-bookings-page';
import { BookingHunterReview } from '@/features/reviews/components/booking-hunter-review';

/** /my-bookings: the bookings feature lists the bookings; the reviews feature draws each one's review of the hunter. */
export function MyBookingsRoute() {
  return (
    <MyBookingsPage renderReview={(booking, open) => <BookingHunterReview booking={booking} open={open} />} />
  );
}
