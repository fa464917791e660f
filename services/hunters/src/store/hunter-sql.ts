import { createHash } from 'node:crypto';
import { PRICE_BAND_RANGES, type HunterSort } from '@hunted/contracts';
import type { HunterFilters, HunterListQuery } from './hunter-query.js';

/**
 * The listing's SQL, pure so the bench can EXPLAIN exactly what the service runs (bench/hunters.mjs). Every filter
 * and sort matches an index of the create-hunters migration, made partial to approved hunters by the
 * add-hunter-vetting one: the listing only ever answers those (`LISTED`). The brand filter (`brand`,
 * issue 25) starts from the brand's indexes of the create-hunter-edits migration; a value tag is the hunter's own
 * `known_value_tags` (issue 35).
 */

/** The hunters a public read answers: approved ones (vetting, issue 21). */
export const LISTED = `h.status = 'approved'`;

/**
 * The columns of a stored hunter, read from `hunters h`, named as the API names them. A hunter without reviews has
 * no rating yet (null, 'New'), whatever the column holds.
 */
export const HUNTER_COLUMNS = `
  h.id, h.user_id as "userId", h.name, h.profile_image_url as "profileImageUrl", h.bio, h.specialties,
  h.price_per_session as "pricePerSession", h.currency, h.location, h.time_zone as "timeZone",
  h.availability_status as "availabilityStatus",
  case when h.review_count > 0 then h.rating::float8 end as rating, h.review_count as "reviewCount",
  h.total_sessions as "totalSessions", h.advice_types as "adviceTypes", h.languages,
  h.years_experience as "yearsExperience", h.featured, h.session_types as "sessionTypes",
  h.instagram_url as "instagramUrl", h.status = 'approved' as verified, h.takes_paid_bookings as "takesPaidBookings",
  h.status, h.status_reason as "statusReason", h.submitted_at as "submittedAt", h.created_at as "createdAt",
  h.updated_at as "updatedAt"`;

/**
 * Each sort's ORDER BY; every one ends in id so pages never repeat or skip a hunter. Each has its index. 'Our top
 * picks': featured first, then the damped average (`top_pick_score`, HUNTER_RANKING_PRIOR), hunters without reviews
 * (null score) after every reviewed one.
 */
const SORT_ORDER: Record<HunterSort, string> = {
  rating: 'h.featured desc, h.top_pick_score desc nulls last, h.review_count desc, h.total_sessions desc, h.id',
  'price-low': 'h.price_reference_pence, h.id',
  'price-high': 'h.price_reference_pence desc, h.id',
  experience: 'h.years_experience desc, h.id',
  sessions: 'h.total_sessions desc, h.id',
};

export interface Statement {
  /** The same for every statement of the same text, so PostgreSQL can keep its plan per connection. */
  name: string;
  text: string;
  values: unknown[];
}

/** A statement named after its text: the listing has a few hundred shapes at most (filters present × sort × search). */
function statement(text: string, values: unknown[]): Statement {
  return { name: `hunters-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text, values };
}

/** The WHERE clause of the filters, appending their values to `values`. */
function whereOf(filters: HunterFilters, values: unknown[]): string {
  const conditions: string[] = [LISTED];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (filters.price !== undefined) {
    // Bands are in pounds; every hunter is placed by their price in reference pence (decision 0105).
    const { min, max } = PRICE_BAND_RANGES[filters.price];
    conditions.push(`h.price_reference_pence >= ${param(min * 100)}`);
    if (max !== null) conditions.push(`h.price_reference_pence < ${param(max * 100)}`);
  }
  if (filters.location !== undefined) conditions.push(`h.location = ${param(filters.location)}`);
  if (filters.specialty !== undefined) conditions.push(`h.specialties @> array[${param(filters.specialty)}]::text[]`);
  if (filters.service !== undefined) conditions.push(`h.advice_types @> array[${param(filters.service)}]::text[]`);
  if (filters.language !== undefined) conditions.push(`h.languages @> array[${param(filters.language)}]::text[]`);
  if (filters.search !== undefined)
    conditions.push(`h.search_document @@ to_tsquery('simple', ${param(filters.search)})`);
  if (filters.brand !== undefined) {
    const brand = param(filters.brand);
    // Nobody knows a hidden brand (decision 0101): its page is gone, and its knowers come back when it is restored.
    conditions.push(`h.id in (${knowersOf(`= ${brand}`)})`, `not exists (select 1 from brand_copies c where c.brand_id = ${brand} and c.hidden_at is not null)`);
  }
  if (filters.valueTag !== undefined) conditions.push(`h.known_value_tags @> array[${param(filters.valueTag)}]::text[]`);
  return `where ${conditions.join(' and ')}`;
}

/**
 * The hunters who know the brands a condition on `brand_id` keeps (`= $1`): those with one among their go-to brands,
 * and those who named one in a published edit (a private edit's brand would tell who the client was, and a withdrawn
 * edit is the client's no; issue 35). Repeats are harmless: the listing keeps the hunters whose id is among them (a
 * semi-join, each hunter once), so no `union` has to sort them out. Both halves start from the brand
 * (`hunter_go_to_brands_brand_idx`, `hunter_edit_items_brand_idx`), so a brand reads its knowers' rows only.
 * A value tag reads no such join: each hunter's row keeps the tags of what they know (`known_value_tags`, kept by the
 * known-value-tags migration's triggers on the same rows), behind a GIN index.
 */
function knowersOf(brandCondition: string): string {
  return `select g.hunter_id from hunter_go_to_brands g where g.brand_id ${brandCondition}
          union all
          select e.hunter_id from hunter_edit_items i join hunter_edits e on e.id = i.edit_id
           where i.brand_id ${brandCondition} and e.publication = 'published'`;
}

/** Each sort's key columns, carried by a filtered page's matches so they are read once. */
const SORT_KEYS =
  'h.id, h.featured, h.top_pick_score, h.review_count, h.total_sessions, h.price_reference_pence, h.years_experience';

/**
 * A page of the listing: the filtered hunters in the sort's order, each row carrying the filters' total (`total`).
 *
 * A page without a search counts its matches on the filters' indexes and walks its sort's index (0.2–1 ms at
 * 10,000 hunters). A page with a search finds its matches once (the search's GIN index, with the filters' indexes in
 * the same bitmap), keeps only their sort keys, and takes both the total and the page from them: counting and
 * paging separately read the matches twice, and the planner, pricing the match of each search document as nearly
 * free, would walk a sort's index over most of the table to find a rare word's few hunters (5.6 ms against 1 ms;
 * docs/benchmarks.md). For a page without a search, the same shape is the slower one (up to 5 ms for a price band).
 * The repository runs each as a named prepared statement: a connection plans a shape once and then keeps PostgreSQL's
 * generic plan, which is the same bitmap (it even spares a common word the sequential scan a custom plan picks).
 */
export function listingStatement({ filters, sort, paging }: HunterListQuery): Statement {
  const values: unknown[] = [];
  const where = whereOf(filters, values);
  const order = `order by ${SORT_ORDER[sort]}`;
  values.push(paging.limit, paging.offset);
  const page = `limit $${values.length - 1} offset $${values.length}`;
  if (filters.search === undefined) {
    return statement(
      `select ${HUNTER_COLUMNS}, (select count(*)::int from hunters h ${where}) as total from hunters h ${where} ${order} ${page}`,
      values,
    );
  }
  return statement(
    `with matches as materialized (select ${SORT_KEYS} from hunters h ${where}),
          page as (select h.id from matches h ${order} ${page})
     select ${HUNTER_COLUMNS}, (select count(*)::int from matches) as total
     from page join hunters h using (id) ${order}`,
    values,
  );
}

/** The number of hunters the filters keep (`n`). */
export function countStatement(filters: HunterFilters): Statement {
  const values: unknown[] = [];
  return statement(`select count(*)::int as n from hunters h ${whereOf(filters, values)}`, values);
}
