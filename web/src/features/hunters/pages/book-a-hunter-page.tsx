import { Page } from '@/components/ui/page';

export function BookAHunterPage() {
  return <Page title="Book a Hunter" description="One-to-one style sessions with independent style advisers." />;
}
