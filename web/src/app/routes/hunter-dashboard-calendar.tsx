import { Spinner } from '@/components/ui/spinner';
import { lazyNamed } from '@/lib/lazy-named';
import { BookingsLoadFailed, type DashboardBookings } from './hunter-dashboard-bookings';
import { TabSuspense } from './hunter-dashboard-tabs';

// Its own script, fetched when the tab opens (issue 23: the tabs were a third of the dashboard's script on a phone).
const BookingsCalendar = lazyNamed(
  () => import('@/features/bookings/components/bookings-calendar'),
  'BookingsCalendar',
);

/** The Calendar tab: the month grid of the hunter's sessions. */
export function DashboardCalendarTab({ bookings }: { bookings: DashboardBookings }) {
  if (bookings.data) {
    return (
      <TabSuspense>
        <BookingsCalendar bookings={bookings.data} />
      </TabSuspense>
    );
  }
  if (bookings.isError) return <BookingsLoadFailed onRetry={() => void bookings.refetch()} />;
  return <Spinner label="Loading your bookings..." />;
}
