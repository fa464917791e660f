import { Page } from '@/components/ui/page';

export function SubmitBrandPage() {
  return <Page title="Submit a Brand" description="Submit your favourite independent brand." />;
}
