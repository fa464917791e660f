import { CalendarCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { useHunterBookings } from '@/features/bookings/api/get-bookings';
import { HunterBookingsTab } from '@/features/bookings/components/hunter-bookings-tab';
import type { HunterBookingsSummary } from '@/features/bookings/lib/hunter-bookings-summary';
import { BookingEditAction } from '@/features/hunters/components/edits/booking-edit-action';

/** The hunter's bookings as the dashboard reads them (every page; see useHunterBookings). */
export type DashboardBookings = ReturnType<typeof useHunterBookings>;

/** The Bookings tab: upcoming, recent and cancelled sessions, each held one with its Hunter Edit. */
export function DashboardBookingsTab({
  bookings,
  summary,
  hoursZone,
}: {
  bookings: DashboardBookings;
  summary: HunterBookingsSummary | null;
  /** The hunter's profile zone, the clock their hours and a suggested time are read on. */
  hoursZone: string;
}) {
  if (summary) {
    return (
      <HunterBookingsTab
        summary={summary}
        hoursZone={hoursZone}
        renderEditAction={(booking) => <BookingEditAction booking={booking} />}
      />
    );
  }
  if (bookings.isError) return <BookingsLoadFailed onRetry={() => void bookings.refetch()} />;
  return <Spinner label="Loading your bookings..." />;
}

/** The Bookings and Calendar tabs when the bookings could not be read. */
export function BookingsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <NoticeCard
      icon={<CalendarCheck aria-hidden />}
      title="Your bookings could not be loaded"
      description="Please try again in a moment."
    >
      <Button onClick={onRetry}>Try again</Button>
    </NoticeCard>
  );
}
