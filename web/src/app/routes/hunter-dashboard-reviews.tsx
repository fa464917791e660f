import { lazyNamed } from '@/lib/lazy-named';
import { TabSuspense } from './hunter-dashboard-tabs';

// Its own script, fetched when the tab opens (issue 23).
const ReceivedHunterReviews = lazyNamed(
  () => import('@/features/reviews/components/received-hunter-reviews'),
  'ReceivedHunterReviews',
);

/** The Reviews tab: what clients wrote, each with the hunter's reply. */
export function DashboardReviewsTab() {
  return (
    <TabSuspense>
      <ReceivedHunterReviews />
    </TabSuspense>
  );
}
