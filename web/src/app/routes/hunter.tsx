import { Deferred } from '@/components/deferred';
import { HunterPage } from '@/features/hunters/pages/hunter-page';
import { lazyNamed } from '@/lib/lazy-named';

// Drawn after the hunter's own details, each with its own script (see Deferred).
const NextOpenTimes = lazyNamed(() => import('@/features/bookings/components/next-open-times'), 'NextOpenTimes');
const HunterReviewsSection = lazyNamed(
  () => import('@/features/reviews/components/hunter-reviews-section'),
  'HunterReviewsSection',
);

/**
 * A hunter's public page: the hunters feature lays it out, bookings fills the next open times and reviews the
 * reviews. Features do not import each other, so they meet here.
 */
export function HunterRoute() {
  return (
    <HunterPage
      slots={{
        nextTimes: (hunter, bookHref) => (
          <Deferred placeholderClassName="min-h-48">
            <NextOpenTimes hunter={hunter} bookHref={bookHref} />
          </Deferred>
        ),
        reviews: (hunter) => (
          <Deferred placeholderClassName="min-h-48">
            <HunterReviewsSection hunter={hunter} />
          </Deferred>
        ),
      }}
    />
  );
}
