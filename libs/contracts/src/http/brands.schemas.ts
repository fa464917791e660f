import { z } from 'zod';
import { checkedBy, isCalendarDay, isHttpLink, trimmed, trimmedOrNull } from './input-rules.js';
import {
  NO_FILTER_VALUES,
  listFilterOneOf,
  listParameter,
  listSearch,
  listWholeNumber,
  type ListRead,
} from './list-filters.js';
import {
  BRAND_CATEGORIES,
  BRAND_COUNTRIES,
  BRAND_LIMITS,
  BRAND_LINK_FIELDS,
  BRAND_LIST_PAGING,
  BRAND_VALUE_TAGS,
  DELIVERY_SCOPES,
  LINK_REQUIRED_MESSAGE,
  NOT_A_LINK,
  PRICE_CATEGORIES,
  SAVE_BRANDS_MAX,
  SAVE_BRANDS_MESSAGE,
  isSiteImagePath,
  normaliseHashtags,
  mustBeOneOf,
  type BrandValueTag,
} from './brands.js';

/**
 * The brands API's request schemas (read by brands' SchemaPipe, checked first by its forms). Apart from `brands.ts` so
 * that a page which only needs the types and limits brings no zod into its bundle (the package is side-effect free).
 */

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
      [
        (value) => !(typeof value === 'string' && value.length > BRAND_LIMITS.url),
        `${label} must be at most ${BRAND_LIMITS.url} characters`,
      ],
      [isHttpLink, `${label} ${NOT_A_LINK}`],
    ]),
  );
}

const isOneOf = (list: readonly string[]) => (value: unknown) => list.includes(value as string);
const isList = (value: unknown) => Array.isArray(value);
const each = (test: (value: unknown) => boolean) => (value: unknown) =>
  Array.isArray(value) ? value.every(test) : test(value);
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
    category: z.enum(BRAND_CATEGORIES, { error: `Category ${mustBeOneOf(BRAND_CATEGORIES)}` }),
    location: z.enum(BRAND_COUNTRIES, { error: `Location ${mustBeOneOf(BRAND_COUNTRIES)}` }),
    delivery: z.enum(DELIVERY_SCOPES, { error: `Delivery ${mustBeOneOf(DELIVERY_SCOPES)}` }),
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
        [each(isOneOf(BRAND_VALUE_TAGS)), `Each tag ${mustBeOneOf(BRAND_VALUE_TAGS)}`],
        [atMost(BRAND_LIMITS.tags), `At most ${BRAND_LIMITS.tags} tags`],
        [isList, 'Tags must be a list'],
      ]),
    ),
    hashtags: z.preprocess(
      normaliseHashtags,
      checkedBy<string[]>([
        [
          each((tag) => typeof tag === 'string' && /^#[\p{L}\p{N}_]+$/u.test(tag)),
          'Hashtags may contain only letters, numbers and underscores',
        ],
        [
          each((tag) => typeof tag === 'string' && tag.length <= BRAND_LIMITS.hashtag),
          `Each hashtag must be at most ${BRAND_LIMITS.hashtag} characters`,
        ],
        [atMost(BRAND_LIMITS.hashtags), `At most ${BRAND_LIMITS.hashtags} hashtags`],
        [isList, 'Hashtags must be a list'],
      ]),
    ),
    priceCategory: z.enum(PRICE_CATEGORIES, { error: `Price range ${mustBeOneOf(PRICE_CATEGORIES)}` }).nullish(),
  };
}

/** At least one of the four links, reported on instagramUrl as the spec's form does; checked even when other fields fail. */
function withALink<Schema extends z.ZodType<Partial<Record<(typeof BRAND_LINK_FIELDS)[number], unknown>>>>(
  schema: Schema,
) {
  return schema.superRefine(
    (body, ctx) => {
      const given = (field: (typeof BRAND_LINK_FIELDS)[number]) =>
        typeof body[field] === 'string' && (body[field] as string).length > 0;
      if (!BRAND_LINK_FIELDS.some(given))
        ctx.addIssue({ code: 'custom', path: ['instagramUrl'], message: LINK_REQUIRED_MESSAGE });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** What an admin may set beyond a submission: featuring a brand for a London day. */
const featuringFields = {
  featured: z.boolean({ error: 'Featured must be true or false' }).nullish(),
  featuredDate: checkedBy<string>([[isCalendarDay, 'Featured date must be a date like 2026-05-31']]),
};

/** Body of `POST /api/brand-images`: an inline upload or a link, exactly one. */
export const brandImageInputSchema = z
  .strictObject({
    image: z.string({ error: 'Image must be an uploaded image file' }).optional(),
    url: z.preprocess(
      trimmed,
      checkedBy<string>([
        [
          (value) => !(typeof value === 'string' && value.length > BRAND_LIMITS.url),
          `Image URL must be at most ${BRAND_LIMITS.url} characters`,
        ],
        [isHttpLink, `Image URL ${NOT_A_LINK}`],
      ]),
    ) as z.ZodType<string | undefined>,
  })
  .refine((body) => (body.image === undefined) !== (body.url === undefined), {
    error: 'Send either an image file or an image URL',
    path: ['image'],
  });

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
export type BrandImageInputFields = z.output<typeof brandImageInputSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The directory's list queries: `GET /api/brands`, `/api/brands/today`, `/api/brands/top`.
// ---------------------------------------------------------------------------------------------------------------

/** The SPA's filter state sends 'all' (and 'any' for the rating) for "no filter"; every list parameter takes them. */
const BRAND_LIST = { noFilter: new Set([...NO_FILTER_VALUES, 'any']) };

/** '#SlowFashion', 'slowfashion' and ' #slowfashion ' are one hashtag: '#' and letters, numbers or underscores. */
const hashtagFilter = listParameter(
  'hashtag',
  (text): ListRead<string> => {
    const hashtag = `#${text.replace(/^#+/, '')}`;
    return /^#[\p{L}\p{N}_]{1,99}$/u.test(hashtag)
      ? { value: hashtag }
      : { error: 'hashtag may contain only letters, numbers and underscores' };
  },
  BRAND_LIST,
);

/** The least average rating, 0 to 5 ('3.5'). */
const minRatingFilter = listParameter(
  'minRating',
  (text): ListRead<number> => {
    const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
    return Number.isNaN(n) || n > 5 ? { error: 'minRating must be a number from 0 to 5' } : { value: n };
  },
  BRAND_LIST,
);

/** Filters shared by `/api/brands` and `/api/brands/today`. */
const placeFilters = {
  category: listFilterOneOf('category', BRAND_CATEGORIES, BRAND_LIST),
  location: listFilterOneOf('location', BRAND_COUNTRIES, BRAND_LIST),
  delivery: listFilterOneOf('delivery', DELIVERY_SCOPES, BRAND_LIST),
};

const listPaging = {
  limit: listWholeNumber('limit', 1, BRAND_LIST_PAGING.maxLimit, BRAND_LIST),
  offset: listWholeNumber('offset', 0, BRAND_LIST_PAGING.maxOffset, BRAND_LIST),
};

/**
 * `GET /api/brands`'s query as read: each filter absent when not given, blank, 'all' or 'any'; `search` is the
 * trimmed text (the service makes it a search query); unknown parameters are ignored; one 400 names each bad one.
 */
export const brandListQuerySchema = z.object({
  ...placeFilters,
  minRating: minRatingFilter,
  priceCategory: listFilterOneOf('priceCategory', PRICE_CATEGORIES, BRAND_LIST),
  tag: listFilterOneOf('tag', BRAND_VALUE_TAGS, BRAND_LIST),
  hashtag: hashtagFilter,
  search: listSearch('search', BRAND_LIST),
  ...listPaging,
});
export type BrandListQueryParsed = z.output<typeof brandListQuerySchema>;

/** `GET /api/brands/today`'s query: category, location, delivery and paging. */
export const todayListQuerySchema = z.object({ ...placeFilters, ...listPaging });
export type TodayListQueryParsed = z.output<typeof todayListQuerySchema>;

/** `GET /api/brands/top?limit=`: 3 unless told, at most 50. */
export const topBrandsQuerySchema = z.object({
  limit: listWholeNumber('limit', 1, BRAND_LIST_PAGING.topMax, BRAND_LIST).transform(
    (limit) => limit ?? BRAND_LIST_PAGING.topDefault,
  ),
});
export type TopBrandsQueryParsed = z.output<typeof topBrandsQuerySchema>;

const savedBrandId = z
  .number({ error: SAVE_BRANDS_MESSAGE })
  .int({ error: SAVE_BRANDS_MESSAGE })
  .positive({ error: SAVE_BRANDS_MESSAGE })
  .max(2_147_483_647, { error: SAVE_BRANDS_MESSAGE });

/** `POST /api/saved-brands`: 1 to SAVE_BRANDS_MAX brand ids (serial ids), repeats kept once. */
export const saveBrandsInputSchema = z.strictObject({
  brandIds: z
    .array(savedBrandId, { error: SAVE_BRANDS_MESSAGE })
    .min(1, { error: SAVE_BRANDS_MESSAGE })
    .max(SAVE_BRANDS_MAX, { error: SAVE_BRANDS_MESSAGE })
    .transform((ids) => [...new Set(ids)]),
});
export type SaveBrandsInputParsed = z.output<typeof saveBrandsInputSchema>;
