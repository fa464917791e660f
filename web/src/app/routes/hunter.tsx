import { NextOpenTimes } from '@/features/bookings/components/next-open-times';
import { HunterPage } from '@/features/hunters/pages/hunter-page';
import { HunterReviewsSection } from '@/features/reviews/components/hunter-reviews-section';

/**
 * A hunter's public page: the hunters feature lays it out, bookings fills the next open times and reviews the
 * reviews. Features do not import each other, so they meet here.
 */
export function HunterRoute() {
  return (
    <HunterPage
      slots={{
        nextTimes: (hunter, bookHref) => <NextOpenTimes hunter={hunter} bookHref={bookHref} />,
        reviews: (hunter) => <HunterReviewsSection hunter={hunter} />,
      }}
    />
  );
}
