import { Page } from '@/components/ui/page';

export function PaymentPage() {
  return <Page title="Complete Your Booking" description="Review your session and pay securely." />;
}
