import { Page } from '@/components/ui/page';

export function BookingConfirmedPage() {
  return <Page title="Booking Confirmed!" description="Thank you for booking a session with a Hunted style adviser." />;
}
