import { useRefreshBrands } from '@/features/brands/api/refresh-brands';
import { BrandDetailPage } from '@/features/brands/pages/brand-detail-page';
import { BrandHunterEdits } from '@/features/hunters/components/edits/brand-hunter-edits';
import { HuntersWhoKnowBrand } from '@/features/hunters/components/edits/hunters-who-know-brand';
import { BrandReviews } from '@/features/reviews/components/brand-reviews';
import { PhotoCarousel } from '@/features/reviews/components/photo-carousel';

/**
 * A brand's page: the brands feature lays it out, the reviews feature fills its pictures and reviews, the hunters
 * feature the published edits naming it and the hunters who know it. Features do not import each other, so they
 * meet here; a new review refetches the brand's rating through the brands feature.
 */
export function BrandRoute() {
  const refreshBrands = useRefreshBrands();
  return (
    <BrandDetailPage
      slots={{
        photos: (brand) => <PhotoCarousel brand={brand} />,
        reviews: (brand) => <BrandReviews brand={brand} onReviewSettled={refreshBrands} />,
        hunterEdits: (brand) => <BrandHunterEdits brand={brand} />,
        hunters: (brand) => <HuntersWhoKnowBrand brand={brand} />,
      }}
    />
  );
}
