/** Lists and numbers of the directory pages (spec sections 2 and 9), named once. */
export {
  BRAND_CATEGORIES,
  BRAND_COUNTRIES,
  BRAND_VALUE_TAGS,
  DELIVERY_SCOPES,
  MIN_RATING_OPTIONS,
  PRICE_CATEGORIES,
  PRICE_CATEGORY_LABELS,
} from '@hunted/contracts';

/** The /today sidebar offers only the first few categories. */
export const SIDEBAR_CATEGORY_COUNT = 5;
/** "Today's Leaderboard" and GET /api/brands/top. */
export const TOP_BRANDS_LIMIT = 3;
/** Brands per "Load More Brands" page on /today. */
export const TODAY_PAGE_SIZE = 12;
/** Reviews per 'Show more reviews' page, and comments per 'Show more comments' page, on a brand's page. */
export const REVIEWS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 20;
/** Review photos read at a time for the carousel, the gallery and the lightbox (a gallery page is 6 rows of 4). */
export const PHOTOS_PAGE_SIZE = 24;
/** Tags (and, separately, hashtags) shown on a /today card before '+n more'; the featured card shows more. */
export const TODAY_CARD_TAG_COUNT = 3;
export const FEATURED_CARD_TAG_COUNT = 4;
/** Brands /brands asks for at a time; the next page loads as the end of the grid scrolls into view. */
export const BRANDS_PAGE_SIZE = 24;
/** Debounce of the /brands search box before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** /brands restores the remembered scroll position this long after its list has loaded. */
export const SCROLL_RESTORE_DELAY_MS = 100;
/** Places on a brand's page that its buttons scroll to: the rating to the reviews, 'Review' to the form. */
export const BRAND_PAGE_ANCHORS = { reviews: 'reviews', writeReview: 'write-review' } as const;
/** Hunters /book-a-hunter asks for at a time; the next page loads as the end of the grid scrolls into view. */
export const HUNTERS_PAGE_SIZE = 24;
