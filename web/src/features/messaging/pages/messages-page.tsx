import { Page } from '@/components/ui/page';

export function MessagesPage() {
  return <Page title="Messages" description="Your conversations with hunters." />;
}
