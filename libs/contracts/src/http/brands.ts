/**
 * HTTP shapes of the brands service (owner of /api/brands, /api/admin/brands and the directory's lists), shared
 * with the web app, which offers the same lists and limits the server enforces. Texts and lists are the spec's
 * (brands-directory.md, sections 3 and 9).
 */
import { z } from 'zod';
import { checkedBy, isCalendarDay, isHttpLink, trimmed, trimmedOrNull } from './input-rules.js';

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


const oneOf = (list: readonly string[]) => `must be one of: ${list.join(', ')}`;
const DEMO_IMAGE_PATH = /^\/demo-brands\/[a-z0-9-]+\.svg$/;

/** Whether an image URL is one of the pictures the site itself serves (from web/public). */
export function isSiteImagePath(value: unknown): boolean {
  return value === BRAND_PLACEHOLDER_IMAGE_URL || (typeof value === 'string' && DEMO_IMAGE_PATH.test(value));
}

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

/** Required text, trimmed: not text or too long says the length, blank says it is required. */
function requiredText(label: string, max: number, { allowBlank = false } = {}) {
  const tooLong = `${label} must be at most ${max} characters`;
  const text = z.string({ error: tooLong }).trim();
  return z.preprocess(
    trimmed,
    (allowBlank ? text : text.min(1, { error: `${label} is required` })).max(max, { error: tooLong }),
  );
}

/** An optional http(s) link: absent, null or blank (read as null) is fine, anything else a link within the limit. */
function optionalLink(label: string) {
  return z.preprocess(
    trimmedOrNull,
    checkedBy<string>([
      [(value) => !(typeof value === 'string' && value.length > BRAND_LIMITS.url), `${label} must be at most ${BRAND_LIMITS.url} characters`],
      [isHttpLink, `${label} ${NOT_A_LINK}`],
    ]),
  );
}

const isOneOf = (list: readonly string[]) => (value: unknown) => list.includes(value as string);
const isList = (value: unknown) => Array.isArray(value);
const each = (test: (value: unknown) => boolean) => (value: unknown) => (Array.isArray(value) ? value.every(test) : test(value));
const atMost = (max: number) => (value: unknown) => Array.isArray(value) && value.length <= max;

/**
 * The fields of a brand as members submit it and admins create or edit it: the spec's section 5 rules, the allowed
 * lists of section 9 and the entity's lengths. A CSV row is read by the same fields, `csv` relaxing what a bulk list
 * may lack (a description).
 */
function brandFields({ csv = false } = {}) {
  return {
    name: requiredText('Name', BRAND_LIMITS.name),
    description: requiredText('Description', BRAND_LIMITS.description, { allowBlank: csv }),
    category: z.enum(BRAND_CATEGORIES, { error: `Category ${oneOf(BRAND_CATEGORIES)}` }),
    location: z.enum(BRAND_COUNTRIES, { error: `Location ${oneOf(BRAND_COUNTRIES)}` }),
    delivery: z.enum(DELIVERY_SCOPES, { error: `Delivery ${oneOf(DELIVERY_SCOPES)}` }),
    // Images the site serves itself (the CSV placeholder, the demo directory's pictures) are site paths, not
    // links; an admin editing such a brand sends them back unchanged.
    imageUrl: z.preprocess(
      trimmed,
      checkedBy<string>([[(value) => isSiteImagePath(value) || isHttpLink(value), `Image URL ${NOT_A_LINK}`]], {
        required: true,
      }).refine((value) => typeof value !== 'string' || isSiteImagePath(value) || value.length <= BRAND_LIMITS.url, {
        error: `Image URL must be at most ${BRAND_LIMITS.url} characters`,
      }),
    ) as z.ZodType<string>,
    instagramUrl: optionalLink('Instagram'),
    etsyUrl: optionalLink('Etsy shop'),
    websiteUrl: optionalLink('Website'),
    tiktokUrl: optionalLink('TikTok'),
    tags: z.preprocess(
      (value) => (Array.isArray(value) ? [...new Set(value)] : value),
      checkedBy<BrandValueTag[]>([
        [each(isOneOf(BRAND_VALUE_TAGS)), `Each tag ${oneOf(BRAND_VALUE_TAGS)}`],
        [atMost(BRAND_LIMITS.tags), `At most ${BRAND_LIMITS.tags} tags`],
        [isList, 'Tags must be a list'],
      ]),
    ),
    hashtags: z.preprocess(
      normaliseHashtags,
      checkedBy<string[]>([
        [each((tag) => typeof tag === 'string' && /^#[\p{L}\p{N}_]+$/u.test(tag)), 'Hashtags may contain only letters, numbers and underscores'],
        [each((tag) => typeof tag === 'string' && tag.length <= BRAND_LIMITS.hashtag), `Each hashtag must be at most ${BRAND_LIMITS.hashtag} characters`],
        [atMost(BRAND_LIMITS.hashtags), `At most ${BRAND_LIMITS.hashtags} hashtags`],
        [isList, 'Hashtags must be a list'],
      ]),
    ),
    priceCategory: z.enum(PRICE_CATEGORIES, { error: `Price range ${oneOf(PRICE_CATEGORIES)}` }).nullish(),
  };
}

/** At least one of the four links, reported on instagramUrl as the spec's form does; checked even when other fields fail. */
function withALink<Schema extends z.ZodType<Partial<Record<(typeof BRAND_LINK_FIELDS)[number], unknown>>>>(schema: Schema) {
  return schema.superRefine(
    (body, ctx) => {
      const given = (field: (typeof BRAND_LINK_FIELDS)[number]) => typeof body[field] === 'string' && (body[field] as string).length > 0;
      if (!BRAND_LINK_FIELDS.some(given)) ctx.addIssue({ code: 'custom', path: ['instagramUrl'], message: LINK_REQUIRED_MESSAGE });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** What an admin may set beyond a submission: featuring a brand for a London day. */
const featuringFields = {
  featured: z.boolean({ error: 'Featured must be true or false' }).nullish(),
  featuredDate: checkedBy<string>([[isCalendarDay, 'Featured date must be a date like 2026-05-31']]),
};

/** Body of `POST /api/brands` (a member's submission). Unknown fields are refused. */
export const brandInputSchema = withALink(z.strictObject(brandFields()));

/** Body of `POST /api/admin/brands`. */
export const adminBrandInputSchema = withALink(z.strictObject({ ...featuringFields, ...brandFields() }));

/** Body of `PUT /api/admin/brands/{id}`: the spec's admin form sends the brand's fields plus its id. */
export const adminBrandUpdateSchema = withALink(
  z.strictObject({
    id: z.preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      checkedBy<number>([[(value) => Number.isInteger(value), 'id must be the number of the brand being edited']]),
    ),
    ...brandFields(),
    ...featuringFields,
  }),
);

/** One row of the admin's CSV upload, as brand fields: the member form's rules less a description and a link. */
export const brandCsvRowSchema = z.strictObject(brandFields({ csv: true }));

export type BrandInputFields = z.output<typeof brandInputSchema>;
export type AdminBrandInputFields = z.output<typeof adminBrandInputSchema>;
export type AdminBrandUpdateFields = z.output<typeof adminBrandUpdateSchema>;

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

/** The brand slug rule: lowercased, runs of non-alphanumerics become one hyphen, edge hyphens trimmed. */
export function brandSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
