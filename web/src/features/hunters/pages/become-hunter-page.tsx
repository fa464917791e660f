import { Page } from '@/components/ui/page';

export function BecomeHunterPage() {
  return (
    <Page
      title="Become a Hunter"
      description="Turn your eye for independent fashion into paid one-to-one style sessions."
    />
  );
}
