import { Deferred } from '@/components/deferred';
import { useRefreshBrands } from '@/features/brands/api/refresh-brands';
import { BrandDetailPage } from '@/features/brands/pages/brand-detail-page';
import { PhotoCarousel } from '@/features/reviews/components/photo-carousel';
import { lazyNamed } from '@/lib/lazy-named';

// Below the brand's own details, so drawn after them, each with its own script (see Deferred).
const BrandReviews = lazyNamed(() => import('@/features/reviews/components/brand-reviews'), 'BrandReviews');
const BrandHunterEdits = lazyNamed(
  () => import('@/features/hunters/components/edits/brand-hunter-edits'),
  'BrandHunterEdits',
);
const HuntersWhoKnowBrand = lazyNamed(
  () => import('@/features/hunters/components/edits/hunters-who-know-brand'),
  'HuntersWhoKnowBrand',
);

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
        reviews: (brand) => (
          <Deferred placeholderClassName="min-h-96">
            <BrandReviews brand={brand} onReviewSettled={refreshBrands} />
          </Deferred>
        ),
        hunterEdits: (brand) => (
          <Deferred>
            <BrandHunterEdits brand={brand} />
          </Deferred>
        ),
        hunters: (brand) => (
          <Deferred>
            <HuntersWhoKnowBrand brand={brand} />
          </Deferred>
        ),
      }}
    />
  );
}
