import { Page } from '@/components/ui/page';

export function MyBookingsPage() {
  return <Page title="My Bookings" description="The style sessions you have booked with hunters." />;
}
