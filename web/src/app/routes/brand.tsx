import { useRefreshBrands } from '@/features/brands/api/refresh-brands';
import { BrandDetailPage } from '@/features/brands/pages/brand-detail-page';
import { BrandReviews } from '@/features/reviews/components/brand-reviews';
import { PhotoCarousel } from '@/features/reviews/components/photo-carousel';

/**
 * A brand's page: the brands feature lays it out, the reviews feature fills its pictures and reviews. Features do
 * not import each other, so they meet here; a new review refetches the brand's rating through the brands feature.
 */
export function BrandRoute() {
  const refreshBrands = useRefreshBrands();
  return (
    <BrandDetailPage
      slots={{
        photos: (brand) => <PhotoCarousel brand={brand} />,
        reviews: (brand) => <BrandReviews brand={brand} onReviewSettled={refreshBrands} />,
      }}
    />
  );
}
