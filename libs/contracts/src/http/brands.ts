/**
 * HTTP shapes of the brands service (owner of /api/brands, /api/admin/brands and the directory's lists), shared
 * with the web app, which offers the same lists and limits the server enforces. Texts and lists are the spec's
 * (brands-directory.md, sections 3 and 9).
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

/**
 * Paging of the directory's lists (`GET /api/brands`, `/today`: the platform's caps, 24 a page when only an offset
 * is given) and of `GET /api/brands/top` (3 unless told, at most 50).
 */
/**
 * `GET /api/brands/hashtags`: the directory's hashtags for the list's filter, the most used first counted, at most
 * this many, sorted as the filter shows them (the spec's list of every hashtag would grow with the directory).
 */
export const DIRECTORY_HASHTAGS_LIMIT = 200;

export const BRAND_LIST_PAGING = {
  defaultLimit: 24,
  maxLimit: 100,
  maxOffset: 10_000,
  topDefault: 3,
  topMax: 50,
} as const;

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
  /**
   * Its rank within its category (1 = best) by rating, then votes, then age: on the directory's list
   * (`GET /api/brands`) only. Counted by the brands service over the whole directory and kept in a table the list
   * joins, refreshed within seconds of a change that moves it (issue 23); null for a brand not counted yet.
   */
  categoryRank?: number | null;
  /**
   * Only on `GET /api/brands/{id}` of a brand an admin hid (issue 37 item 9), and only to an admin and the brand's
   * submitter (everyone else gets 404): why it is hidden and where its submitter may appeal once.
   */
  moderation?: BrandModerationNote;
}

/** Why a brand is hidden, as its page shows its submitter and admins. */
export interface BrandModerationNote {
  hidden: true;
  /** The admin's reason as the submitter is told it (null while the moderation case does not say). */
  reason: string | null;
  /** The author's notice (`/moderation/brand/{id}`): the reason, and the one appeal. */
  noticePath: string;
}

/** The web's name for the same note. */
export type BrandModerationView = BrandModerationNote;

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

export const mustBeOneOf = (list: readonly string[]) => `must be one of: ${list.join(', ')}`;
const DEMO_IMAGE_PATH = /^\/demo-brands\/[a-z0-9-]+\.svg$/;

/**
 * Where brands serves the brand images it stored (an upload, or a link fetched once: decision 0093), each
 * `GET {BRAND_IMAGE_MEDIA_PATH}/{uuid}`.
 */
export const BRAND_IMAGE_MEDIA_PATH = '/api/media/brand-images';
const STORED_BRAND_IMAGE_PATH =
  /^\/api\/media\/brand-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether an image URL is one brands stored (`/api/media/brand-images/{uuid}`). */
export function isStoredBrandImagePath(value: unknown): value is string {
  return typeof value === 'string' && STORED_BRAND_IMAGE_PATH.test(value);
}

/** Whether an image URL is one of the pictures the site itself serves (web/public's, or one brands stored). */
export function isSiteImagePath(value: unknown): boolean {
  return (
    value === BRAND_PLACEHOLDER_IMAGE_URL ||
    (typeof value === 'string' && DEMO_IMAGE_PATH.test(value)) ||
    isStoredBrandImagePath(value)
  );
}

/**
 * `POST /api/brand-images`: a brand image for a form, either uploaded inline (`image`, a `data:image/...;base64,`
 * value under 5 MB) or named by a link that brands fetches once (`url`); exactly one. Answered with where the
 * stored image is served, for the form's `imageUrl`.
 */
export interface BrandImageInput {
  image?: string;
  url?: string;
}

export interface BrandImageResponse {
  imageUrl: string;
}

/** A brand image is smaller than this, uploaded or fetched, before and after it is cleaned. */
export const MAX_BRAND_IMAGE_BYTES = 5 * 1024 * 1024;

export const LINK_REQUIRED_MESSAGE = 'Please provide at least one social media or website link';
/** The four links of a brand, the first of which carries the at-least-one-link message. */
export const BRAND_LINK_FIELDS = ['instagramUrl', 'etsyUrl', 'websiteUrl', 'tiktokUrl'] as const;
/** The end of every "not a link" message of a brand's link fields. */
export const NOT_A_LINK = 'must be a link starting with http:// or https://';

/** Hashtags as the spec enters them: trimmed, '#' added when missing, blanks dropped, duplicates removed. */
export function normaliseHashtags(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  const result: unknown[] = [];
  for (const raw of value) {
    if (typeof raw !== 'string') {
      result.push(raw);
      continue;
    }
    const tag = raw.trim().replace(/^#+/, '');
    if (!tag) continue;
    const hashtag = `#${tag}`;
    const key = hashtag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(hashtag);
  }
  return result;
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

/**
 * `POST /api/saved-brands`: 'Save all brands' (of a hunter's edit): each brand to the caller's favourites at once, in
 * one transaction. Brands already saved stay as they were; an unknown one is 404 'Brand not found' and nothing is
 * saved. Up to SAVE_BRANDS_MAX ids (an edit has 12 at most).
 */
export interface SaveBrandsInput {
  brandIds: number[];
}
/** The brands now in the caller's favourites from this request: the ids asked for, each once, in order. */
export interface SaveBrandsResponse {
  saved: number[];
}
export const SAVE_BRANDS_MAX = 50;
export const SAVE_BRANDS_MESSAGE = `Pick 1 to ${SAVE_BRANDS_MAX} brands to save`;

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

/** The brand slug rule: lowercased, runs of non-alphanumerics become one hyphen, edge hyphens trimmed. */
export function brandSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
