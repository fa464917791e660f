import { BOOKING_ACTION_RULES, type MyBooking } from '@hunted/contracts';
import { Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMyHunterReviews } from '../api/client-hunter-reviews';
import { HunterReviewCard } from './hunter-review-card';
import { HunterReviewForm } from './hunter-review-form';

/**
 * A booking's review of its hunter on /my-bookings: the review written, or 'Write a review' while the window is open
 * (`reviewableUntil` in the future) and none is written. `open` opens the form at once (the review-request email).
 */
export function BookingHunterReview({ booking, open }: { booking: MyBooking; open: boolean }) {
  const mine = useMyHunterReviews();
  const [writing, setWriting] = useState(open);
  // A later `?review=` link to this booking (the page already open) opens the form too.
  useEffect(() => {
    if (open) setWriting(true);
  }, [open]);
  const written = mine.data?.written.find((review) => review.bookingId === booking.id);

  if (written) {
    return (
      <section aria-label="Your review" className="mt-4">
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">Your review</h3>
        <HunterReviewCard review={written} hunterName={booking.hunterName} as="div" />
      </section>
    );
  }
  // Until the member's reviews are known, nothing is offered: a booking already reviewed must not show the form.
  if (!mine.isSuccess) return null;
  const windowOpen = booking.reviewableUntil !== null && Date.parse(booking.reviewableUntil) > Date.now();
  if (!windowOpen) return awaitsHeldMark(booking) ? <FreeSessionAwaitsMark hunterName={booking.hunterName} /> : null;
  if (!writing) {
    return (
      <div className="mt-4">
        <Button size="sm" variant="outline" onClick={() => setWriting(true)}>
          <Star className="h-4 w-4" aria-hidden /> Write a review
        </Button>
      </div>
    );
  }
  return <HunterReviewForm bookingId={booking.id} hunterName={booking.hunterName} onCancel={() => setWriting(false)} />;
}

/**
 * A free session over and unmarked, within the review window from its end: its review waits for the hunter to mark it
 * held (decision 0090: only then would it count), so the client is told why there is no 'Write a review' yet.
 */
function awaitsHeldMark(booking: MyBooking): boolean {
  const windowEnd = Date.parse(booking.endsAt) + BOOKING_ACTION_RULES.reviewWindowDays * 86_400_000;
  return booking.price === 0 && booking.attendance === null && booking.status === 'completed' && Date.now() < windowEnd;
}

function FreeSessionAwaitsMark({ hunterName }: { hunterName: string }) {
  return (
    <p className="mt-4 text-sm text-stone-500">You can review this free session once {hunterName} confirms it took place.</p>
  );
}
