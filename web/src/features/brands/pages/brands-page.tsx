import { Page } from '@/components/ui/page';

export function BrandsPage() {
  return <Page title="All Brands" description="Independent brands from across the UK and Europe, all in one place." />;
}
