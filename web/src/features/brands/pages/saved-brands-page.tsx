import { Page } from '@/components/ui/page';

export function SavedBrandsPage() {
  return <Page title="Saved Brands" description="The brands you have saved to come back to." />;
}
