import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Brand, BrandCreatedV1, BrandRef, SitemapEntry, SitemapFile, VoteResponse } from '@hunted/contracts';
import { createHash } from 'node:crypto';
import {
  EventPublisher,
  preparedQuery,
  readSitemapEntries,
  readSitemapFiles,
  snakeCaseColumns,
  type PreparedStatement,
  type SitemapSource,
  type SitemapTable,
} from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { BrandFilters, Paging } from './brand-query.js';
import type { BrandValues } from './brand-values.js';
import { DirectoryFigures } from './directory-figures.js';

export const BRAND_NOT_FOUND = 'Brand not found';

/** Today's date in London, computed by the database so every replica and every statement share one clock. */
const LONDON_TODAY = `(now() at time zone 'Europe/London')::date`;

/**
 * Votes the brand received today: its row carries its latest day's counter, which is today's only when that day
 * is today (yesterday's votes do not count, and no job has to reset anything at midnight).
 */
const TODAY_VOTES = `case when b.today_votes_day = ${LONDON_TODAY} then b.today_votes else 0 end`;

/**
 * Copies each brand's latest brand_daily_votes row onto it (today_votes_day, today_votes), for writers that fill
 * brand_daily_votes in bulk (demo data, benchmarks) rather than through a vote.
 */
export const COPY_LATEST_DAILY_VOTES = `
  update brands b set today_votes = d.votes, today_votes_day = d.day
  from (select distinct on (brand_id) brand_id, day, votes from brand_daily_votes order by brand_id, day desc) d
  where d.brand_id = b.id`;

/** The columns of a Brand, read from `brands b`, named as the API names them. */
const BRAND_COLUMNS = `
  b.id, b.name, b.description, b.category, b.location, b.delivery,
  b.image_url as "imageUrl", b.instagram_url as "instagramUrl", b.etsy_url as "etsyUrl",
  b.website_url as "websiteUrl", b.tiktok_url as "tiktokUrl", b.votes, b.rating::float8 as rating,
  b.rating_count as "ratingCount", b.tags, b.hashtags, b.price_category as "priceCategory", b.featured,
  to_char(b.featured_date, 'YYYY-MM-DD') as "featuredDate", b.views, b.created_at as "createdAt"`;

/**
 * A brand every public read may show: not hidden by moderation (issue 37; `hidden_at`). Every read of the
 * directory, today's list, the sitemap, saved brands, the passport and the brand's page adds it; only the admin
 * console, the rating's lock and the moderation kind read hidden brands.
 */
const SHOWN = 'b.hidden_at is null';

/** A brand by id, the hottest read: one named statement, planned once per pooled connection. */
const BRAND_BY_ID: PreparedStatement = {
  name: 'brands-by-id',
  text: `select ${BRAND_COLUMNS} from brands b where b.id = $1 and ${SHOWN}`,
};

/** A brand's page whether hidden or not, with what deciding who may see a hidden one needs. */
const BRAND_PAGE_BY_ID: PreparedStatement = {
  name: 'brands-page-by-id',
  text: `select ${BRAND_COLUMNS}, b.hidden_at as "hiddenAt", b.submitted_by as "submittedBy" from brands b where b.id = $1`,
};

/**
 * A page read (list, today) as a named prepared statement, named after its text: one shape per combination of
 * filters present (limit and offset are parameters), so a few hundred names at most, each planned once per
 * connection instead of on every request. The generic plan each connection keeps is the same index walk
 * (docs/benchmarks.md, "The hot path").
 */
function preparedRead<Row>(dataSource: DataSource, text: string, params: unknown[]): Promise<Row[]> {
  const name = `brands-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return preparedQuery<Row>(dataSource, { name, text }, params);
}

/** Brand pages for the sitemap; a page last changed at its last edit, else at its creation. */
const BRAND_PAGES: SitemapTable = { table: 'brands', lastModified: 'coalesce(updated_at, created_at)', listed: 'hidden_at is null' };

/** The table's column of each value an admin, a member or a CSV row sets. */
const VALUE_COLUMNS: Record<keyof BrandValues, string> = snakeCaseColumns(
  'name description category location delivery imageUrl instagramUrl etsyUrl websiteUrl tiktokUrl tags hashtags priceCategory featured featuredDate',
);
const VALUE_KEYS = Object.keys(VALUE_COLUMNS) as (keyof BrandValues)[];

/** A brand to insert: what its author set, and (demo data only) how often it was seen and when it was added. */
export interface NewBrand extends BrandValues {
  views?: number;
  createdAt?: Date;
  /** The member whose submission it is (`POST /api/brands`); none for admin, CSV and demo brands. */
  submittedBy?: string;
}

/** A brand's page as its owner reads it: hidden or not, and who submitted it. */
export interface BrandPageRead {
  brand: Brand;
  hiddenAt: Date | null;
  submittedBy: string | null;
}

/** What the moderation kind needs of a brand (`BrandModeratedKind.load`). */
export interface BrandModerationFacts {
  id: number;
  name: string;
  description: string;
  imageUrl: string;
  submittedBy: string | null;
  hidden: boolean;
  createdAt: Date;
}

interface BrandRow extends Omit<Brand, 'createdAt'> {
  createdAt: Date;
}

/** A brand of today's ranking, with the votes it received today; a paged query adds the filters' total. */
export type TodayRankRow = Brand & { todayVotes: number; total?: number };

function brandOfRow(row: BrandRow): Brand {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * The WHERE conditions for the filters, appending their values to `params`. Each condition matches an index:
 * equality on category (brands_category_*), GIN on tags, on lower-cased hashtags and on the search document.
 */
function filterConditions(filters: BrandFilters, params: unknown[]): string[] {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.category !== undefined) conditions.push(`b.category = ${param(filters.category)}`);
  if (filters.location !== undefined) conditions.push(`b.location = ${param(filters.location)}`);
  if (filters.delivery !== undefined) conditions.push(`b.delivery = ${param(filters.delivery)}`);
  if (filters.minRating !== undefined) conditions.push(`b.rating >= ${param(filters.minRating)}`);
  if (filters.priceCategory !== undefined) conditions.push(`b.price_category = ${param(filters.priceCategory)}`);
  if (filters.tag !== undefined) conditions.push(`b.tags @> array[${param(filters.tag)}]::text[]`);
  if (filters.hashtag !== undefined) {
    conditions.push(`brands_lower_hashtags(b.hashtags) @> array[lower(${param(filters.hashtag)})]::text[]`);
  }
  if (filters.search !== undefined) {
    conditions.push(`b.search_document @@ to_tsquery('simple', ${param(filters.search)})`);
  }
  return conditions;
}

const PLACE_FILTERS: ReadonlySet<string> = new Set(['category', 'location', 'delivery']);

/** Whether the filters narrow by place only (category, location, delivery), which brand_counts can total. */
function placeFiltersOnly(filters: BrandFilters): boolean {
  return Object.entries(filters).every(([key, value]) => value === undefined || PLACE_FILTERS.has(key));
}

/**
 * A scalar subquery: the exact number of brands matching the filters. Place filters alone (category, location,
 * delivery: every /today filter) read brand_counts, which triggers keep per combination in each writer's own
 * transaction, so a paged list does not count the directory on every request; other filters count the rows.
 */
function brandCountSql(filters: BrandFilters, params: unknown[]): string {
  // brand_counts is aliased b too: place conditions name only b.category, b.location and b.delivery.
  // brand_counts counts shown brands only (its triggers); a count of the rows must leave hidden ones out itself.
  const conditions = filterConditions(filters, params);
  return placeFiltersOnly(filters)
    ? `(select coalesce(sum(b.brands), 0)::int from brand_counts b ${whereClause(conditions)})`
    : `(select count(*)::int from brands b ${whereClause([...conditions, SHOWN])})`;
}

function whereClause(conditions: string[]): string {
  return conditions.length ? `where ${conditions.join(' and ')}` : '';
}

/** 18 values a row: 1,000 rows stay well under PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 1000;

/** What a brand event carries of a brand (`brands.brand.created/updated`). */
export interface BrandEventFields {
  id: number;
  name: string;
  imageUrl: string;
  tags: string[];
}
const BRAND_EVENT_COLUMNS = `b.id, b.name, b.image_url as "imageUrl", b.tags`;

/** The payload of `brands.brand.created/updated` for a brand. */
export function brandEventOf(brand: BrandEventFields): BrandCreatedV1 {
  return { brandId: brand.id, name: brand.name, imageUrl: brand.imageUrl, tags: brand.tags };
}

/**
 * The one owner of the brands table (and of the counters and totals kept on it: brand_counts, brand_daily_votes).
 * Every feature of this service reads and writes brands through it; none writes SQL on these tables itself.
 * Methods that take an EntityManager run in the caller's transaction, so a feature's own rows and events commit
 * or roll back with the brand's.
 */
@Injectable()
export class BrandRepository implements SitemapSource {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly figures: DirectoryFigures,
  ) {}

  /**
   * Inserts brands and records brands.brand.created for each, through the caller's transaction (so a failed row
   * or event leaves nothing behind). Every way a brand is created comes here: a member's submission, the admin
   * console, a CSV upload and the demo directory. Answers the new brands in the order given.
   */
  async insert(manager: EntityManager, brands: readonly NewBrand[]): Promise<Brand[]> {
    const created: Brand[] = [];
    for (let start = 0; start < brands.length; start += INSERT_CHUNK) {
      const params: unknown[] = [];
      const rows = brands.slice(start, start + INSERT_CHUNK).map((brand) => {
        const values = VALUE_KEYS.map((key) => brand[key]);
        params.push(...values, brand.views ?? 0, brand.createdAt ?? null, brand.submittedBy ?? null);
        const first = params.length - values.length - 3;
        const placeholders = values.map((_, i) => `$${first + i + 1}`);
        // Without a demo date, the row takes the transaction's time, as the column's default does.
        return `(${placeholders.join(', ')}, $${first + values.length + 1}, coalesce($${first + values.length + 2}::timestamptz, now()), $${first + values.length + 3})`;
      });
      const inserted = await manager.query<BrandRow[]>(
        `insert into brands as b (${VALUE_KEYS.map((key) => VALUE_COLUMNS[key]).join(', ')}, views, created_at, submitted_by)
         values ${rows.join(', ')}
         returning ${BRAND_COLUMNS}`,
        params,
      );
      for (const row of inserted) {
        const brand = brandOfRow(row);
        created.push(brand);
        await this.events.publish(manager, 'brands.brand.created', brandEventOf(brand));
      }
    }
    if (created.length > 0) this.figures.changed(manager, 'brands');
    return created;
  }

  /** The brand, or 404 'Brand not found'. */
  async findById(id: number, manager?: EntityManager): Promise<Brand> {
    // In a caller's transaction, on its connection; otherwise the prepared statement on the pool.
    const [row] = manager
      ? await manager.query<BrandRow[]>(BRAND_BY_ID.text, [id])
      : await preparedQuery<BrandRow>(this.dataSource, BRAND_BY_ID, [id]);
    if (!row) throw new NotFoundException(BRAND_NOT_FOUND);
    return brandOfRow(row);
  }

  /**
   * A brand's page, hidden or not, with who submitted it: the brand's route decides who may see a hidden one.
   * Null when there is no such brand.
   */
  async findPage(id: number): Promise<BrandPageRead | null> {
    const [row] = await preparedQuery<BrandRow & { hiddenAt: Date | null; submittedBy: string | null }>(
      this.dataSource,
      BRAND_PAGE_BY_ID,
      [id],
    );
    if (!row) return null;
    const { hiddenAt, submittedBy, ...brand } = row;
    return { brand: brandOfRow(brand), hiddenAt, submittedBy };
  }

  /**
   * The brands with these ids, in the order of `ids`; ids of brands that are gone (or hidden, unless
   * `withHidden`: a member's own export still names them) are left out.
   */
  async findManyInOrder(ids: readonly number[], withHidden = false): Promise<Brand[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<BrandRow[]>(
      `select ${BRAND_COLUMNS} from brands b where b.id = any($1::int[]) ${withHidden ? '' : `and ${SHOWN}`}
       order by array_position($1::int[], b.id)`,
      [ids],
    );
    return rows.map(brandOfRow);
  }

  /**
   * The brands with these ids as others name them (id, name, image), in the order of `ids`; gone ones (and hidden
   * ones, unless `withHidden`) left out.
   */
  async refsInOrder(ids: readonly number[], withHidden = false): Promise<BrandRef[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query<BrandRef[]>(
      `select b.id, b.name, b.image_url as "imageUrl" from brands b where b.id = any($1::int[])
       ${withHidden ? '' : `and ${SHOWN}`} order by array_position($1::int[], b.id)`,
      [ids],
    );
  }

  /** 404 'Brand not found' unless the brand exists and is shown (a hidden brand is not there for members). */
  async requireExists(id: number): Promise<void> {
    const rows: unknown[] = await this.dataSource.query(`select 1 from brands b where b.id = $1 and ${SHOWN}`, [id]);
    if (rows.length === 0) throw new NotFoundException(BRAND_NOT_FOUND);
  }

  /** 404 'Brand not found' unless every one of `ids` exists and is shown. */
  async requireAllShown(ids: readonly number[]): Promise<void> {
    const [{ n }] = await this.dataSource.query<[{ n: number }]>(
      `select count(*)::int as n from brands b where b.id = any($1::int[]) and ${SHOWN}`,
      [ids],
    );
    if (n < new Set(ids).size) throw new NotFoundException(BRAND_NOT_FOUND);
  }

  /** The brands with these ids as moderation reads them, hidden or not, in the caller's transaction. */
  moderationFacts(manager: EntityManager, ids: readonly number[]): Promise<BrandModerationFacts[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager.query<BrandModerationFacts[]>(
      `select b.id, b.name, b.description, b.image_url as "imageUrl", b.submitted_by as "submittedBy",
              b.hidden_at is not null as hidden, b.created_at as "createdAt"
       from brands b where b.id = any($1::int[])`,
      [ids],
    );
  }

  /**
   * Hides the brand (keeping the first time it was hidden) or shows it again, in the caller's transaction (the
   * moderation decision's). `updated_at` moves, so the sitemap's file changes; the triggers move brand_counts;
   * the directory's figures (ranks, hashtags) are recounted once it commits. False when there is no such brand.
   */
  async setHidden(manager: EntityManager, id: number, hidden: boolean): Promise<boolean> {
    const [rows] = await manager.query<[unknown[], number]>(
      `update brands set hidden_at = case when $2 then coalesce(hidden_at, now()) end, updated_at = now()
       where id = $1 returning id`,
      [id, hidden],
    );
    if (!rows?.length) return false;
    this.figures.changed(manager, 'brands');
    return true;
  }

  /** A deleted member's submissions stay in the directory; they stop naming the member. */
  async forgetSubmitter(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('update brands set submitted_by = null where submitted_by = $1', [userId]);
  }

  /** The ids of the brands the member submitted (their export), oldest first. */
  async submittedBy(manager: EntityManager, userId: string): Promise<number[]> {
    const rows = await manager.query<{ id: number }[]>('select id from brands where submitted_by = $1 order by id', [userId]);
    return rows.map((row) => row.id);
  }

  /**
   * Locks the brand's row until the caller's transaction ends (no key update: other transactions may still add
   * rows that reference it). False when the brand does not exist.
   */
  async lock(manager: EntityManager, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query('select 1 from brands where id = $1 for no key update', [id]);
    return rows.length > 0;
  }

  /**
   * The directory, best first: rating, then votes (the spec's rank within a category), then oldest; each brand
   * with its rank within its category as DirectoryFigures last counted it.
   */
  async list(filters: BrandFilters, paging: Paging | null): Promise<{ brands: Brand[]; total?: number }> {
    const params: unknown[] = [];
    const where = whereClause([...filterConditions(filters, params), SHOWN]);
    const order = 'order by b.rating desc, b.votes desc, b.id';
    if (!paging) {
      const rows = await this.dataSource.query<BrandRow[]>(
        `select ${BRAND_COLUMNS}, r.category_rank as "categoryRank"
         from brands b left join brand_category_ranks r on r.brand_id = b.id ${where} ${order}`,
        params,
      );
      return { brands: rows.map(brandOfRow), total: undefined };
    }
    // The total rides along as an uncorrelated subquery (computed once): one round trip per page, not two.
    const count = brandCountSql(filters, params);
    params.push(paging.limit, paging.offset);
    const rows = await preparedRead<BrandRow & { total: number }>(
      this.dataSource,
      // The rank is joined to the page's rows only, not to the rows the offset skips.
      `select p.*, r.category_rank as "categoryRank"
       from (select ${BRAND_COLUMNS}, ${count} as total from brands b ${where} ${order}
             limit $${params.length - 1} offset $${params.length}) p
       left join brand_category_ranks r on r.brand_id = p.id
       order by p.rating desc, p.votes desc, p.id`,
      params,
    );
    // A page past the end carries no row to read the total from.
    const total = rows[0]?.total ?? (paging.offset > 0 ? await this.count(filters) : 0);
    return { brands: rows.map(({ total: _total, ...row }) => brandOfRow(row)), total };
  }

  /** The sitemap's files of brand pages (see readSitemapFiles). */
  sitemapFiles(size: number): Promise<SitemapFile[]> {
    return readSitemapFiles(this.dataSource, BRAND_PAGES, size);
  }

  /** Brand pages for the sitemap, a keyset page at a time (see readSitemapEntries). */
  sitemapEntries(after: number, upTo: number, limit: number): Promise<SitemapEntry[]> {
    return readSitemapEntries(this.dataSource, BRAND_PAGES, after, upTo, limit);
  }

  /** The admin console's list: newest first. */
  async listNewestFirst(): Promise<Brand[]> {
    const rows = await this.dataSource.query<BrandRow[]>(`select ${BRAND_COLUMNS} from brands b order by b.created_at desc, b.id desc`);
    return rows.map(brandOfRow);
  }

  /** The exact number of brands matching the filters (see brandCountSql). */
  async count(filters: BrandFilters): Promise<number> {
    const params: unknown[] = [];
    const [row] = await this.dataSource.query<{ n: number }[]>(`select ${brandCountSql(filters, params)} as n`, params);
    return row!.n;
  }

  /** Sets the given values; 404 'Brand not found' when there is no such brand. */
  async update(manager: EntityManager, id: number, changes: Partial<BrandValues>): Promise<Brand> {
    const params: unknown[] = [id];
    const sets = VALUE_KEYS.filter((key) => changes[key] !== undefined).map((key) => {
      params.push(changes[key]);
      return `${VALUE_COLUMNS[key]} = $${params.length}`;
    });
    const [rows] = await manager.query<[BrandRow[], number]>(
      `update brands as b set ${sets.join(', ')}, updated_at = now() where b.id = $1 returning ${BRAND_COLUMNS}`,
      params,
    );
    if (!rows?.length) throw new NotFoundException(BRAND_NOT_FOUND);
    this.figures.changed(manager, 'brands');
    return brandOfRow(rows[0]!);
  }

  /** Deletes the brand (its votes, saves and daily counts cascade); 404 'Brand not found' when there is none. */
  async delete(manager: EntityManager, id: number): Promise<void> {
    const [, affected] = await manager.query<[unknown[], number]>('delete from brands where id = $1', [id]);
    if (!affected) throw new NotFoundException(BRAND_NOT_FOUND);
    this.figures.changed(manager, 'brands');
  }

  /** One page view, counted atomically however many arrive at once; 404 'Brand not found'. */
  async recordView(id: number): Promise<number> {
    const [rows] = await this.dataSource.query<[{ views: number }[], number]>(
      `update brands b set views = views + 1 where b.id = $1 and ${SHOWN} returning views`,
      [id],
    );
    if (!rows?.length) throw new NotFoundException(BRAND_NOT_FOUND);
    return rows[0]!.views;
  }

  /**
   * Counts one vote on the brand's total and today's counter, in the caller's transaction (the one that stored
   * the vote). The day's counter row is upserted first and copied onto the brand row in the same statement, while
   * its row lock is held, so concurrent votes write the brand's today_votes in the counter's own order. The
   * brand's day only moves forward: a vote of the previous day committing just after midnight, after one of the
   * new day, leaves the new day's count in place.
   */
  async countVote(manager: EntityManager, brandId: number): Promise<VoteResponse> {
    const [[counted]] = await manager.query<[VoteResponse[], number]>(
      `with counter as (
         insert into brand_daily_votes as d (brand_id, day, votes) values ($1, ${LONDON_TODAY}, 1)
         on conflict (brand_id, day) do update set votes = d.votes + 1
         returning day, votes)
       update brands b set
         votes = b.votes + 1,
         today_votes = case when b.today_votes_day > counter.day then b.today_votes else counter.votes end,
         today_votes_day = greatest(b.today_votes_day, counter.day)
       from counter where b.id = $1 and ${SHOWN}
       returning b.votes, counter.votes as "todayVotes"`,
      [brandId],
    );
    // A hidden brand takes no vote: the caller's transaction (with the vote's row) rolls back.
    if (!counted) throw new NotFoundException(BRAND_NOT_FOUND);
    this.figures.changed(manager, 'order');
    return counted;
  }

  /**
   * Recomputes every brand's vote figures (total, daily counts, today's counter) from the votes table, for writers
   * that fill votes in bulk (the demo directory) rather than one vote at a time.
   */
  async recountAllVotes(manager: EntityManager): Promise<void> {
    await manager.query(
      `update brands b set votes = v.n from (select brand_id, count(*)::int as n from votes group by brand_id) v
       where v.brand_id = b.id`,
    );
    await manager.query(
      `insert into brand_daily_votes (brand_id, day, votes)
       select brand_id, (created_at at time zone 'Europe/London')::date, count(*) from votes group by 1, 2`,
    );
    await manager.query(COPY_LATEST_DAILY_VOTES);
    this.figures.changed(manager, 'order');
  }

  /** Sets the brand's rating (numeric text, kept exact; null for no reviews: 0) and its review count. */
  async setRating(manager: EntityManager, brandId: number, mean: string | null, count: number): Promise<void> {
    await manager.query(`update brands set rating = coalesce($2::numeric, 0), rating_count = $3 where id = $1`, [
      brandId,
      mean,
      count,
    ]);
    this.figures.changed(manager, 'order');
  }

  /** Whether there is any brand at all. */
  async any(manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [{ any }] = await manager.query<[{ any: boolean }]>(`select exists (select 1 from brands) as any`);
    return any;
  }

  /**
   * Today's ranking: votes received today (the Europe/London calendar day), then all-time votes, then id.
   *
   * Every brand row carries its latest day's vote count (today_votes_day, today_votes). The brands voted today are
   * the index range today_votes_day = today of (today_votes_day, today_votes desc, votes desc, id), already in rank
   * order; every other brand follows in all-time order, which (votes desc, id) holds. A page is the union of those
   * two ordered index scans stopping together at offset + limit, so it never joins or sorts the directory, however
   * many brands were voted today. See docs/brands-today.md.
   *
   * The ranking is decided on narrow rows (id, today's votes, votes) read from the indexes, and only the page's
   * brands are then read in full, so a deep page does not carry thousands of whole rows through the sort.
   * The voted-today part comes first (each of its brands has todayVotes >= 1, every other brand 0), so the
   * all-time part is asked only for the rows the page still needs: when the voted-today brands fill the page its
   * LIMIT is 0 and its index scan never runs. A paged answer carries the filters' total on every row.
   */
  async todayRanking(filters: BrandFilters, paging: Paging | null): Promise<TodayRankRow[]> {
    const params: unknown[] = [];
    const conditions = [...filterConditions(filters, params), SHOWN];
    const votedToday = whereClause([...conditions, `b.today_votes_day = ${LONDON_TODAY}`]);
    const rest = whereClause([...conditions, `b.today_votes_day is distinct from ${LONDON_TODAY}`]);
    const param = (value: number) => `$${params.push(value)}::int`;
    const needed = paging && param(paging.offset + paging.limit);
    const votedCut = paging ? `limit ${needed}` : '';
    const restCut = paging ? `limit greatest(${needed} - (select count(*) from voted), 0)` : '';
    const page = paging ? `limit ${param(paging.limit)} offset ${param(paging.offset)}` : '';
    const total = paging ? `, ${brandCountSql(filters, params)} as total` : '';
    const rows = await preparedRead<BrandRow & { todayVotes: number; total?: number }>(
      this.dataSource,
      `with voted as (
         select b.id, b.today_votes as today, b.votes from brands b ${votedToday}
         order by b.today_votes desc, b.votes desc, b.id ${votedCut}),
       ranked as (
         select id, today, votes from voted
         union all
         (select b.id, 0, b.votes from brands b ${rest} order by b.votes desc, b.id ${restCut})
         order by today desc, votes desc, id ${page})
       select ${BRAND_COLUMNS}, r.today as "todayVotes" ${total}
       from ranked r join brands b on b.id = r.id
       order by r.today desc, r.votes desc, r.id`,
      params,
    );
    return rows.map((row) => ({ ...brandOfRow(row), todayVotes: row.todayVotes, total: row.total }));
  }

  /** The brand featured for today (by an admin or by the daily pick), with its votes today; null when none. */
  async featuredToday(): Promise<(Brand & { todayVotes: number }) | null> {
    const [stored] = await this.dataSource.query<(BrandRow & { todayVotes: number })[]>(
      `select ${BRAND_COLUMNS}, ${TODAY_VOTES} as "todayVotes"
       from brands b where b.featured and b.featured_date = ${LONDON_TODAY} and ${SHOWN}
       order by "todayVotes" desc, b.votes desc, b.id limit 1`,
    );
    return stored ? { ...brandOfRow(stored), todayVotes: stored.todayVotes } : null;
  }

  /** Today's London calendar day (YYYY-MM-DD) by the database's clock. */
  async londonToday(manager: EntityManager): Promise<string> {
    const [{ day }] = await manager.query<[{ day: string }]>(`select to_char(${LONDON_TODAY}, 'YYYY-MM-DD') as day`);
    return day;
  }

  /** The instant today's London day began, and now, by the database's clock. */
  async londonMidnight(manager: EntityManager): Promise<{ midnight: Date; now: Date }> {
    const [row] = await manager.query<[{ midnight: Date; now: Date }]>(
      `select (date_trunc('day', now() at time zone 'Europe/London') at time zone 'Europe/London') as midnight, now()`,
    );
    return row;
  }

  /** The id of a brand featured on the day (YYYY-MM-DD), if any. */
  async featuredOn(manager: EntityManager, day: string): Promise<number | null> {
    const [existing] = await manager.query<{ id: number }[]>(
      `select id from brands where featured and featured_date = $1::date order by id limit 1`,
      [day],
    );
    return existing?.id ?? null;
  }

  /** The brand with most votes on the day before `day`, then most all-time votes, then the oldest; null: none. */
  async bestOfDayBefore(manager: EntityManager, day: string): Promise<BrandEventFields | null> {
    const [pick] = await manager.query<BrandEventFields[]>(
      `select ${BRAND_EVENT_COLUMNS} from brands b
       left join brand_daily_votes d on d.brand_id = b.id and d.day = $1::date - 1
       where ${SHOWN}
       order by coalesce(d.votes, 0) desc, b.votes desc, b.id limit 1`,
      [day],
    );
    return pick ?? null;
  }

  /**
   * Features the brand on the day; a feature lasts its day, so earlier days' features (picks and dated admin
   * features) end. Answers the brands whose feature ended.
   */
  async featureFor(manager: EntityManager, id: number, day: string): Promise<BrandEventFields[]> {
    const [expired] = await manager.query<[BrandEventFields[], number]>(
      `update brands b set featured = false where featured and featured_date < $1::date returning ${BRAND_EVENT_COLUMNS}`,
      [day],
    );
    await manager.query(`update brands set featured = true, featured_date = $1::date where id = $2`, [day, id]);
    return expired;
  }
}
