/**
 * Every query key of the reviews feature, built only here. A brand's reviews, the member's own review and the
 * review photos live under `forBrand(id)`, so a new review refetches them together; its comments live apart,
 * since a review does not change them.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  forBrand: (brandId: number) => [...reviewKeys.all, 'brand', brandId] as const,
  list: (brandId: number) => [...reviewKeys.forBrand(brandId), 'list'] as const,
  mine: (brandId: number) => [...reviewKeys.forBrand(brandId), 'mine'] as const,
  photoPage: (brandId: number, pageNumber: number) => [...reviewKeys.forBrand(brandId), 'photos', pageNumber] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  forBrand: (brandId: number) => [...commentKeys.all, 'brand', brandId] as const,
};
