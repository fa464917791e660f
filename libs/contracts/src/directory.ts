/**
 * The brands directory's HTTP shapes and business lists, shared by the brands and messaging services (which
 * validate against them) and the web app (which offers them). One list, so a value the form offers is a value
 * the server accepts. Texts and lists are the spec's (brands-directory.md, sections 3, 5 and 9).
 */

export const BRAND_CATEGORIES = [
  'Clothing',
  'Dresses',
  'Shoes',
  'Bags',
  'Accessories',
  'Beauty',
  'Home',
  'Food & Beverages',
  'Arts & Crafts',
  'Jewellery',
  'Preowned',
  'Swimwear',
] as const;
export type BrandCategory = (typeof BRAND_CATEGORIES)[number];

export const BRAND_COUNTRIES = ['UK', 'France', 'Italy', 'Spain', 'Sweden', 'Greece', 'Denmark'] as const;
export type BrandCountry = (typeof BRAND_COUNTRIES)[number];

export const DELIVERY_SCOPES = ['Local Only', 'Europe Wide', 'International'] as const;
export type DeliveryScope = (typeof DELIVERY_SCOPES)[number];

/** Price levels and what each badge means. */
export const PRICE_CATEGORIES = ['£', '££', '£££', '££££'] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];
export const PRICE_CATEGORY_LABELS: Record<PriceCategory, string> = {
  '£': 'Cheap',
  '££': 'Moderate',
  '£££': 'Expensive',
  '££££': 'Luxury',
};
export const DEFAULT_PRICE_CATEGORY: PriceCategory = '££';

/** The 11 brand value tags ("Brand Characteristics"). */
export const BRAND_VALUE_TAGS = [
  'Sustainable Packaging',
  'LGBTQ+ Friendly',
  'Happy Staff',
  'Independent Brand',
  'Handmade',
  'Locally Made',
  'Ethical Supply Chain',
  'Gives Back',
  'Animal Friendly',
  'Skilled Artisan',
  'Hunted Luxe',
] as const;
export type BrandValueTag = (typeof BRAND_VALUE_TAGS)[number];

/** Rating filter options on /brands ('any' is no filter). */
export const MIN_RATING_OPTIONS = [2, 2.5, 3, 3.5, 4, 4.5] as const;

/** Entity limits (maximum lengths) of section 3. */
export const BRAND_LIMITS = {
  name: 255,
  description: 5000,
  category: 255,
  location: 255,
  delivery: 50,
  url: 500,
  priceCategory: 10,
  tag: 100,
  hashtag: 100,
  tags: 20,
  hashtags: 30,
} as const;

/** The image a brand shows when none was given (CSV rows without imageUrl); served by the web app. */
export const BRAND_PLACEHOLDER_IMAGE_URL = '/brand-placeholder.svg';

/** Limits of `POST /api/admin/brands/upload-csv`: the file's size in bytes and its rows (header not counted). */
export const BRAND_CSV_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 5000,
} as const;

/** A brand as every brands endpoint answers it. Dates are ISO strings; rating is 0–5, fractional. */
export interface Brand {
  id: number;
  name: string;
  description: string;
  category: string;
  location: string;
  delivery: string;
  imageUrl: string;
  instagramUrl: string | null;
  etsyUrl: string | null;
  websiteUrl: string | null;
  tiktokUrl: string | null;
  votes: number;
  rating: number;
  ratingCount: number;
  tags: string[];
  hashtags: string[];
  priceCategory: string;
  featured: boolean;
  /** The London day (YYYY-MM-DD) the brand is featured for, or null. */
  featuredDate: string | null;
  views: number;
  createdAt: string;
}

/** A brand in today's lists (`/api/brands/today`, `/featured`, `/top`): with the votes it received today. */
export interface TodayBrand extends Brand {
  todayVotes: number;
}

/** Body of `POST /api/brands` (a member's submission) and of the admin create/update calls. */
export interface BrandInput {
  name: string;
  description: string;
  category: string;
  location: string;
  delivery: string;
  imageUrl: string;
  instagramUrl?: string | null;
  etsyUrl?: string | null;
  websiteUrl?: string | null;
  tiktokUrl?: string | null;
  tags?: string[];
  hashtags?: string[];
  priceCategory?: string;
}

/** Admin create/update may also feature a brand (for a London day). */
export interface AdminBrandInput extends BrandInput {
  featured?: boolean;
  featuredDate?: string | null;
}

/**
 * A 400 answer with field-level messages: `message` is a sentence for a toast, `errors` maps each bad field
 * (the body's property name) to what is wrong with it.
 */
export interface FieldErrorsResponse {
  statusCode: 400;
  message: string;
  errors: Record<string, string>;
}

/** `POST /api/brands/{id}/vote` → the brand's new total. A repeat within 24 hours answers 409 `{ message }`. */
export interface VoteResponse {
  votes: number;
  todayVotes: number;
}

/** `GET /api/brands/{id}/saved`, and the answer of `POST`/`DELETE /api/brands/{id}/save`. */
export interface SavedStateResponse {
  isSaved: boolean;
}

/** `POST /api/brands/{id}/view` → the brand's page views. */
export interface ViewResponse {
  views: number;
}

/** `POST /api/admin/brands/upload-csv` → how many brands were created. A bad file answers 400 with `rows`. */
export interface CsvUploadResponse {
  count: number;
}

/** One problem in an uploaded CSV: the 1-based line of the file (the header is line 1) and the column. */
export interface CsvRowError {
  line: number;
  column: string;
  message: string;
}

export interface CsvUploadErrorResponse {
  statusCode: 400;
  message: string;
  rows: CsvRowError[];
}

export const CONTACT_CATEGORIES = [
  'general',
  'brand-submission',
  'partnership',
  'bug-report',
  'feature-request',
  'other',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General Inquiry',
  'brand-submission': 'Brand Submission',
  partnership: 'Partnership Opportunity',
  'bug-report': 'Bug Report',
  'feature-request': 'Feature Request',
  other: 'Other',
};

/** Body of `POST /api/contact`. */
export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
  message: string;
}

/** A row of `GET /api/admin/contact-submissions` (newest first). */
export interface ContactSubmission extends ContactInput {
  id: number;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/** The brand slug rule: lowercased, runs of non-alphanumerics become one hyphen, edge hyphens trimmed. */
export function brandSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Review rules (spec sections 5 and 9). */
export const REVIEW_LIMITS = {
  /** Longest review text, in characters. */
  text: 2000,
  photos: 3,
  /** Each photo must be smaller than this many bytes (10 MB). */
  photoBytes: 10_485_760,
} as const;

export const COMMENT_MAX_LENGTH = 500;

/** The four category ratings, each a whole number 1–5. */
export interface CategoryRatings {
  speedRating: number;
  easeRating: number;
  qualityRating: number;
  sustainabilityRating: number;
}

/**
 * Body of `POST /api/brands/{id}/reviews`. `photos` are `data:image/...;base64,` strings (up to 3). The spec's SPA
 * also sends brandId, userId and rating: they are accepted and ignored (the brand is the path's, the user the
 * signed-in one, the overall rating the server's rounded mean).
 */
export interface ReviewInput extends CategoryRatings {
  reviewText?: string | null;
  photos?: string[];
  brandId?: number | string;
  userId?: string;
  rating?: number;
}

/** A review as `GET /api/brands/{id}/reviews` lists it (newest first); photos are URLs, never inline data. */
export interface Review extends CategoryRatings {
  id: number;
  brandId: number;
  userId: string;
  /** The reviewer's name now ('Anonymous' when they have none). */
  userName: string;
  /** The rounded mean of the four category ratings. */
  rating: number;
  reviewText: string | null;
  photos: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * One review photo as `GET /api/brands/{id}/photos` lists them (newest review first, then the review's order),
 * a page at a time with `limit`/`offset` and the total in `x-total-count`.
 */
export interface ReviewPhoto {
  /** `/api/media/review-photos/{photoId}`. */
  url: string;
  /** The reviewer's name now ('Anonymous' when they have none), shown as 'Photo by {credit}'. */
  credit: string;
  reviewId: number;
  /** Its place among the review's photos: 0, 1 or 2. */
  position: number;
}

/** Body of `POST /api/brands/{id}/comments`. */
export interface CommentInput {
  content: string;
}

/** A comment as `GET /api/brands/{id}/comments` lists it (newest first). Content is plain text. */
export interface Comment {
  id: number;
  brandId: number;
  userId: string;
  content: string;
  /** 'Anonymous' when the user has no name. */
  userName: string;
  userProfileImage: string | null;
  createdAt: string;
}
