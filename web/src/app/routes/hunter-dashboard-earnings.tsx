import type { OwnHunter } from '@hunted/contracts';
import { lazyNamed } from '@/lib/lazy-named';
import { TabSuspense } from './hunter-dashboard-tabs';

// Its own script, fetched when the tab opens (issue 23).
const EarningsTab = lazyNamed(() => import('@/features/bookings/components/earnings/earnings-tab'), 'EarningsTab');

/** The Earnings tab: a tax year's takings, fees, refunds and payouts. */
export function DashboardEarningsTab({ hunter }: { hunter: OwnHunter }) {
  return (
    <TabSuspense>
      <EarningsTab approved={hunter.status === 'approved'} since={hunter.createdAt} />
    </TabSuspense>
  );
}
