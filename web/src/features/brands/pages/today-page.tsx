import { Page } from '@/components/ui/page';

export function TodayPage() {
  return <Page title="Today's Featured Brands" description="The independent brands the community is backing today." />;
}
