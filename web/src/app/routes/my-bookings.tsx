import { Deferred } from '@/components/deferred';
import { useSaveBrands } from '@/features/brands/api/save-brands';
import { MyBookingsPage } from '@/features/bookings/pages/my-bookings-page';
import { useSiteSettings } from '@/features/legal/api/get-site-settings';
import { BookingHunterReview } from '@/features/reviews/components/booking-hunter-review';
import { lazyNamed } from '@/lib/lazy-named';

// Below the bookings, so drawn after them, with its own script (see Deferred).
const ReceivedEdits = lazyNamed(() => import('@/features/hunters/components/edits/received-edits'), 'ReceivedEdits');

/** The operator the receipts name, from the legal feature's read of `GET /api/site`. */
const useSiteOperator = () => useSiteSettings().data?.operator;

/**
 * /my-bookings: the bookings feature lists the bookings; the reviews feature draws each one's review of the hunter
 * and the legal feature names the operator on the receipts; the hunters feature adds the edits hunters sent, whose
 * 'Save all brands' is the brands feature's save.
 */
export function MyBookingsRoute() {
  return (
    <MyBookingsPage
      renderReview={(booking, open) => <BookingHunterReview booking={booking} open={open} />}
      useSiteOperator={useSiteOperator}
      edits={
        <Deferred>
          <ReceivedEdits useSaveBrands={useSaveBrands} />
        </Deferred>
      }
    />
  );
}
