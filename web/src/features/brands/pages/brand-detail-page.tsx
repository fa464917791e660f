import { Page } from '@/components/ui/page';

export function BrandDetailPage() {
  return (
    <Page
      title="Brand Details"
      description="Everything about one independent brand: its story, ratings and where to shop it."
    />
  );
}
