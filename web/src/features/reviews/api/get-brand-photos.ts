import type { Brand, ReviewPhoto } from '@hunted/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PHOTOS_PAGE_SIZE } from '@/config/directory';
import { brandOwnPhoto, toBrandPhoto, type BrandPhoto } from '../lib/review-photos';
import { getPage, toQueryString, type Page } from '@/lib/api-client';
import { reviewKeys } from './query-keys';

/** One page of the brand's review photos (newest review first), with the total. */
export function getBrandPhotoPage(brandId: number, pageNumber: number): Promise<Page<ReviewPhoto>> {
  const query = toQueryString({ limit: PHOTOS_PAGE_SIZE, offset: pageNumber * PHOTOS_PAGE_SIZE });
  return getPage<ReviewPhoto>(`/api/brands/${brandId}/photos${query}`);
}

/** Under the brand's reviews, so a new review refetches its photos too. */
export const brandPhotoPageQueryOptions = (brandId: number, pageNumber: number) =>
  queryOptions({
    queryKey: reviewKeys.photoPage(brandId, pageNumber),
    queryFn: () => getBrandPhotoPage(brandId, pageNumber),
  });

/** The page of review photos that holds picture `index` of the brand's sequence (index 0 is the brand's image). */
export function photoPageOf(index: number): number {
  return Math.max(0, Math.floor((index - 1) / PHOTOS_PAGE_SIZE));
}

type PhotoSubject = Pick<Brand, 'id' | 'name' | 'imageUrl'>;

/** How many pictures the brand has: its own image plus every review photo (known once the first page is read). */
export function useBrandPhotoCount(brand: PhotoSubject): number {
  const first = useQuery(brandPhotoPageQueryOptions(brand.id, 0));
  return 1 + (first.data?.total ?? 0);
}

export type BrandPhotoAt =
  | { status: 'ready'; photo: BrandPhoto; count: number }
  | { status: 'loading' | 'missing'; photo: undefined; count: number };

/**
 * Picture `index` of the brand's sequence (the brand's image, then its review photos), reading only the page that
 * holds it: a brand with thousands of photos costs the viewer one small page per 24 photos seen. Once a review
 * photo is shown, the pages either side are read ahead, so stepping over a page boundary shows the next photo at
 * once. `null` reads nothing.
 */
export function useBrandPhotoAt(brand: PhotoSubject, index: number | null): BrandPhotoAt {
  const queryClient = useQueryClient();
  const count = useBrandPhotoCount(brand);
  const reviewPhoto = index !== null && index > 0;
  const page = useQuery({ ...brandPhotoPageQueryOptions(brand.id, photoPageOf(index ?? 0)), enabled: reviewPhoto });

  useEffect(() => {
    // Not from the brand's own image: a page view that never moves the carousel reads no second page.
    if (index === null || index === 0 || count <= 1) return;
    for (const neighbour of [(index + 1) % count, (index - 1 + count) % count]) {
      if (neighbour > 0) void queryClient.prefetchQuery(brandPhotoPageQueryOptions(brand.id, photoPageOf(neighbour)));
    }
  }, [brand.id, count, index, queryClient]);

  if (index === 0) return { status: 'ready', photo: brandOwnPhoto(brand), count };
  const item = reviewPhoto ? page.data?.items[(index - 1) % PHOTOS_PAGE_SIZE] : undefined;
  if (item) return { status: 'ready', photo: toBrandPhoto(item), count };
  // A page that came back without the photo: it was removed since the count was read.
  return { status: page.isSuccess || page.isError ? 'missing' : 'loading', photo: undefined, count };
}
