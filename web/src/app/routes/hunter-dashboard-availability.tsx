import type { bookedHoursByDate } from '@/features/bookings/lib/booked-hours';
import { lazyNamed } from '@/lib/lazy-named';
import { TabSuspense } from './hunter-dashboard-tabs';

// Its own script, fetched when the tab opens (issue 23).
const AvailabilityEditor = lazyNamed(
  () => import('@/features/hunters/components/availability/availability-editor'),
  'AvailabilityEditor',
);

/** The Availability tab: weekly hours and dates, with the hours already booked shown as taken. */
export function DashboardAvailabilityTab({ bookedHours }: { bookedHours: ReturnType<typeof bookedHoursByDate> }) {
  return (
    <TabSuspense>
      <AvailabilityEditor bookedHours={bookedHours} />
    </TabSuspense>
  );
}
