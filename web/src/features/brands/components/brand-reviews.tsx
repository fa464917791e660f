/**
 * MOUNT POINT for the brand's reviews (review list, review form, 'View All Photos' gallery) and comments.
 * The reviews issue builds them; until then this renders nothing rather than a fake section. The detail
 * page wraps it in the `#reviews` anchor that the rating summary scrolls to, and its carousel takes a list
 * of photos so review photos can be appended.
 */
export function BrandReviews(_props: { brandId: number }) {
  return null;
}
