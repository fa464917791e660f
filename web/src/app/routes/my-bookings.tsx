import { Deferred } from '@/components/deferred';
import { useSaveBrands } from '@/features/brands/api/save-brands';
import { MyBookingsPage } from '@/features/bookings/pages/my-bookings-page';
import { BookingHunterReview } from '@/features/reviews/components/booking-hunter-review';
import { lazyNamed } from '@/lib/lazy-named';

// Below the bookings, so drawn after them, with its own script (see Deferred).
const ReceivedEdits = lazyNamed(() => import('@/features/hunters/components/edits/received-edits'), 'ReceivedEdits');

/**
 * /my-bookings: the bookings feature lists the bookings; the reviews feature draws each one's review of the hunter;
 * the hunters feature adds the edits hunters sent, whose 'Save all brands' is the brands feature's save.
 */
export function MyBookingsRoute() {
  return (
    <MyBookingsPage
      renderReview={(booking, open) => <BookingHunterReview booking={booking} open={open} />}
      edits={
        <Deferred>
          <ReceivedEdits useSaveBrands={useSaveBrands} />
        </Deferred>
      }
    />
  );
}
