import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HUNTER_MESSAGES, PRICE_BAND_RANGES, type Hunter, type HunterSort, type SitemapEntry, type SitemapFile } from '@hunted/contracts';
import {
  EventPublisher,
  readSitemapEntries,
  readSitemapFiles,
  SQL_STATE,
  sqlStateOf,
  type SitemapSource,
  type SitemapTable,
} from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { HunterChanges, HunterValues } from './hunter-input.dto.js';
import { deleteReplacedPhoto, storedPhotoUrl } from '../photos/hunter-photos.js';
import type { HunterFilters, Paging } from './hunter-query.js';

export const HUNTER_NOT_FOUND = HUNTER_MESSAGES.notFound;
export const HUNTER_EXISTS = 'You already have a hunter profile';

/** The columns of a Hunter, read from `hunters h`, named as the API names them. */
const HUNTER_COLUMNS = `
  h.id, h.user_id as "userId", h.name, h.profile_image_url as "profileImageUrl", h.bio, h.specialties,
  h.price_per_session as "pricePerSession", h.location, h.availability_status as "availabilityStatus",
  h.rating::float8 as rating, h.review_count as "reviewCount", h.total_sessions as "totalSessions",
  h.advice_types as "adviceTypes", h.languages, h.years_experience as "yearsExperience", h.featured,
  h.session_types as "sessionTypes", h.instagram_url as "instagramUrl", h.created_at as "createdAt",
  h.updated_at as "updatedAt"`;

/** Hunter pages (`/book-session/{id}`) for the sitemap. */
const HUNTER_PAGES: SitemapTable = { table: 'hunters', lastModified: 'updated_at' };

/** The table's column of each value a hunter sets. */
const VALUE_COLUMNS: Record<keyof HunterValues, string> = {
  name: 'name',
  bio: 'bio',
  location: 'location',
  specialties: 'specialties',
  adviceTypes: 'advice_types',
  languages: 'languages',
  yearsExperience: 'years_experience',
  instagramUrl: 'instagram_url',
  availabilityStatus: 'availability_status',
  sessionTypes: 'session_types',
  profileImageUrl: 'profile_image_url',
  pricePerSession: 'price_per_session',
};
const VALUE_KEYS = Object.keys(VALUE_COLUMNS) as (keyof HunterValues)[];

/** Each sort's ORDER BY; every one ends in id so pages never repeat or skip a hunter. Each has its index. */
const SORT_ORDER: Record<HunterSort, string> = {
  rating: 'h.featured desc, h.rating desc, h.review_count desc, h.total_sessions desc, h.id',
  'price-low': 'h.price_per_session, h.id',
  'price-high': 'h.price_per_session desc, h.id',
  experience: 'h.years_experience desc, h.id',
  sessions: 'h.total_sessions desc, h.id',
};

interface HunterRow extends Omit<Hunter, 'createdAt' | 'updatedAt'> {
  createdAt: Date;
  updatedAt: Date;
}

function hunterOfRow(row: HunterRow): Hunter {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** A value as a statement parameter: the session-type map travels as JSON text. */
function paramOf(key: keyof HunterValues, value: unknown): unknown {
  return key === 'sessionTypes' ? JSON.stringify(value) : value;
}
const castOf = (key: keyof HunterValues) => (key === 'sessionTypes' ? '::jsonb' : '');

/** The WHERE conditions of the filters, appending their values to `params`; each matches an index. */
function filterConditions(filters: HunterFilters, params: unknown[]): string[] {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.price !== undefined) {
    const { min, max } = PRICE_BAND_RANGES[filters.price];
    conditions.push(`h.price_per_session >= ${param(min)}`);
    if (max !== null) conditions.push(`h.price_per_session < ${param(max)}`);
  }
  if (filters.location !== undefined) conditions.push(`h.location = ${param(filters.location)}`);
  if (filters.specialty !== undefined) conditions.push(`h.specialties @> array[${param(filters.specialty)}]::text[]`);
  if (filters.service !== undefined) conditions.push(`h.advice_types @> array[${param(filters.service)}]::text[]`);
  if (filters.search !== undefined) conditions.push(`h.search_document @@ to_tsquery('simple', ${param(filters.search)})`);
  return conditions;
}

function whereClause(conditions: string[]): string {
  return conditions.length ? `where ${conditions.join(' and ')}` : '';
}

/**
 * The one owner of the hunters table: every feature of this service reads and writes hunters through it. Methods
 * that take an EntityManager run in the caller's transaction, so the events they record commit with the row.
 */
@Injectable()
export class HunterRepository implements SitemapSource {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** The listing: filtered, in the sort's order; a page carries the filters' total. */
  async list(filters: HunterFilters, sort: HunterSort, paging: Paging | null): Promise<{ hunters: Hunter[]; total?: number }> {
    const params: unknown[] = [];
    const where = whereClause(filterConditions(filters, params));
    const order = `order by ${SORT_ORDER[sort]}`;
    if (!paging) {
      const rows = await this.dataSource.query<HunterRow[]>(`select ${HUNTER_COLUMNS} from hunters h ${where} ${order}`, params);
      return { hunters: rows.map(hunterOfRow) };
    }
    // The total rides along as an uncorrelated subquery (computed once): one round trip per page.
    const rows = await this.dataSource.query<(HunterRow & { total: number })[]>(
      `select ${HUNTER_COLUMNS}, (select count(*)::int from hunters h ${where}) as total
       from hunters h ${where} ${order} limit ${paging.limit} offset ${paging.offset}`,
      params,
    );
    const total = rows[0]?.total ?? (paging.offset > 0 ? await this.count(filters) : 0);
    return { hunters: rows.map(({ total: _total, ...row }) => hunterOfRow(row)), total };
  }

  async count(filters: HunterFilters): Promise<number> {
    const params: unknown[] = [];
    const where = whereClause(filterConditions(filters, params));
    const [row] = await this.dataSource.query<{ n: number }[]>(`select count(*)::int as n from hunters h ${where}`, params);
    return row!.n;
  }

  /** The hunter, or 404 'Hunter not found'. */
  async findById(id: number): Promise<Hunter> {
    const [row] = await this.dataSource.query<HunterRow[]>(`select ${HUNTER_COLUMNS} from hunters h where h.id = $1`, [id]);
    if (!row) throw new NotFoundException(HUNTER_NOT_FOUND);
    return hunterOfRow(row);
  }

  /** The user's own profile, or 404 'Hunter not found'. */
  async findByUser(userId: string): Promise<Hunter> {
    const [row] = await this.dataSource.query<HunterRow[]>(`select ${HUNTER_COLUMNS} from hunters h where h.user_id = $1`, [userId]);
    if (!row) throw new NotFoundException(HUNTER_NOT_FOUND);
    return hunterOfRow(row);
  }

  /**
   * Inserts the user's profile and records hunters.hunter.created in the caller's transaction. The unique user_id
   * makes a second profile of the same user a 409, however many requests race.
   */
  async insert(manager: EntityManager, userId: string | null, sent: HunterValues): Promise<Hunter> {
    const values = { ...sent, profileImageUrl: await storedPhotoUrl(manager, sent.profileImageUrl) };
    const params: unknown[] = [userId, ...VALUE_KEYS.map((key) => paramOf(key, values[key]))];
    const placeholders = VALUE_KEYS.map((key, i) => `$${i + 2}${castOf(key)}`);
    let row: HunterRow | undefined;
    try {
      [row] = await manager.query<HunterRow[]>(
        `insert into hunters as h (user_id, ${VALUE_KEYS.map((key) => VALUE_COLUMNS[key]).join(', ')})
         values ($1, ${placeholders.join(', ')}) returning ${HUNTER_COLUMNS}`,
        params,
      );
    } catch (error) {
      if (sqlStateOf(error) === SQL_STATE.uniqueViolation) throw new ConflictException(HUNTER_EXISTS);
      throw error;
    }
    const hunter = hunterOfRow(row!);
    await this.events.publish(manager, 'hunters.hunter.created', eventOf(hunter));
    return hunter;
  }

  /**
   * Sets the changes on the user's own profile and records hunters.hunter.updated; 404 'Hunter not found' when
   * there is no such hunter or it is someone else's (an edit does not reveal whose a profile is).
   */
  async updateOwn(manager: EntityManager, id: number, userId: string, sent: HunterChanges): Promise<Hunter> {
    // The row is locked first, so the photo it had is the one a concurrent edit does not replace meanwhile.
    const [before] = await manager.query<{ photo: string | null }[]>(
      'select profile_image_url as photo from hunters where id = $1 and user_id = $2 for update',
      [id, userId],
    );
    if (!before) throw new NotFoundException(HUNTER_NOT_FOUND);
    const changes = { ...sent };
    if (sent.profileImageUrl !== undefined) {
      changes.profileImageUrl = await storedPhotoUrl(manager, sent.profileImageUrl);
      await deleteReplacedPhoto(manager, before.photo, changes.profileImageUrl);
    }
    const params: unknown[] = [id, userId];
    const sets = VALUE_KEYS.filter((key) => changes[key] !== undefined).map((key) => {
      params.push(paramOf(key, changes[key]));
      return `${VALUE_COLUMNS[key]} = $${params.length}${castOf(key)}`;
    });
    const [rows] = await manager.query<[HunterRow[], number]>(
      `update hunters as h set ${[...sets, 'updated_at = now()'].join(', ')}
       where h.id = $1 and h.user_id = $2 returning ${HUNTER_COLUMNS}`,
      params,
    );
    if (!rows?.length) throw new NotFoundException(HUNTER_NOT_FOUND);
    const hunter = hunterOfRow(rows[0]!);
    await this.events.publish(manager, 'hunters.hunter.updated', eventOf(hunter));
    return hunter;
  }

  /** The sitemap's files of hunter pages (see readSitemapFiles). */
  sitemapFiles(size: number): Promise<SitemapFile[]> {
    return readSitemapFiles(this.dataSource, HUNTER_PAGES, size);
  }

  /** Hunter pages for the sitemap, a keyset page at a time (see readSitemapEntries). */
  sitemapEntries(after: number, upTo: number, limit: number): Promise<SitemapEntry[]> {
    return readSitemapEntries(this.dataSource, HUNTER_PAGES, after, upTo, limit);
  }
}

/** What hunters.hunter.created/updated carry. */
function eventOf(hunter: Hunter) {
  return {
    hunterId: hunter.id,
    userId: hunter.userId,
    name: hunter.name,
    profileImageUrl: hunter.profileImageUrl,
    location: hunter.location,
    availabilityStatus: hunter.availabilityStatus,
    sessionTypes: hunter.sessionTypes,
    pricePerSession: hunter.pricePerSession,
  };
}
