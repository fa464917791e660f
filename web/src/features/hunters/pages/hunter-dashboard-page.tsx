import { Page } from '@/components/ui/page';

export function HunterDashboardPage() {
  return (
    <Page
      title="Hunter Dashboard"
      description="Your earnings, bookings, conversations and availability in one place."
    />
  );
}
