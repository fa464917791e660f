import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HUNTER_MESSAGES,
  PAYOUT_MESSAGES,
  type AdminHunter,
  type EventPayload,
  type Hunter,
  type HunterDecision,
  type HunterFigures,
  type HunterRevision,
  type HunterRevisionValues,
  type HunterStatus,
  type OwnHunter,
  type SessionTypes,
  type SitemapEntry,
  type SitemapFile,
} from '@hunted/contracts';
import {
  EventPublisher,
  preparedQuery,
  readSitemapEntries,
  readSitemapFiles,
  snakeCaseColumns,
  SQL_STATE,
  sqlStateOf,
  type SitemapSource,
  type SitemapTable,
} from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { HunterChanges, HunterValues } from './hunter-input.js';
import { deleteReplacedPhoto, HunterUploadQuotas, storedPhotoUrl } from './hunter-photos.js';
import type { HunterFilters, HunterListQuery } from './hunter-query.js';
import { countStatement, HUNTER_COLUMNS, LISTED, listingStatement } from './hunter-sql.js';

export const HUNTER_NOT_FOUND = HUNTER_MESSAGES.notFound;
export const HUNTER_EXISTS = 'You already have a hunter profile';

/**
 * Hunter pages for the sitemap (the gateway makes each entry's path, `/hunters/{id}/{slug}`, from its id and name):
 * approved hunters only, as the listing.
 */
const HUNTER_PAGES: SitemapTable = { table: 'hunters', lastModified: 'updated_at', listed: `status = 'approved'` };

/** The table's column of each value a hunter sets. */
const VALUE_COLUMNS: Record<keyof HunterValues, string> = snakeCaseColumns(
  'name bio location timeZone specialties adviceTypes languages yearsExperience instagramUrl availabilityStatus sessionTypes profileImageUrl pricePerSession currency',
);
const VALUE_KEYS = Object.keys(VALUE_COLUMNS) as (keyof HunterValues)[];

/**
 * What the marketplace sets rather than the hunter; given on insert for the demo hunters only. Never the rating or
 * review count: those come from reviews' events alone (a demo hunter's too, from the demo reviews).
 */
export interface HunterRecord {
  totalSessions: number;
  featured: boolean;
  /** Whoever registers with this (lower-case) email becomes the hunter: see claimDemoHunter. Never answered. */
  demoEmail: string;
  /** The demo hunters are approved: the marketplace they show is the vetted one. */
  status: HunterStatus;
}
const RECORD_COLUMNS: Record<keyof HunterRecord, string> = {
  totalSessions: 'total_sessions',
  featured: 'featured',
  demoEmail: 'demo_email',
  status: 'status',
};
const RECORD_KEYS = Object.keys(RECORD_COLUMNS) as (keyof HunterRecord)[];

/**
 * A hunter as stored: with its owner (null for a demo hunter nobody has claimed) and where it stands with vetting.
 */
export type StoredHunter = Hunter & {
  userId: string | null;
  status: HunterStatus;
  statusReason: string | null;
  submittedAt: string;
};

interface HunterRow extends Omit<StoredHunter, 'createdAt' | 'updatedAt' | 'submittedAt'> {
  createdAt: Date;
  updatedAt: Date;
  submittedAt: Date;
}

function hunterOfRow(row: HunterRow): StoredHunter {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt.toISOString(),
  };
}

/** What a public read answers: neither the owner's user id nor the vetting behind `verified`. */
function publicHunterOf({ userId: _owner, status: _status, statusReason: _reason, submittedAt: _submitted, ...hunter }: StoredHunter): Hunter {
  return hunter;
}

/** What the owner's profile and the admin's hunter carry beside the stored row. */
export interface HunterHistory {
  /** Newest first. */
  decisions: HunterDecision[];
  revision: HunterRevision | null;
}

/**
 * The owner's own profile: with their id, the status and its reason, the history, and the latest revision (what
 * waits for review beside the live values the profile's fields are).
 */
export function ownHunterOf({ submittedAt: _submitted, ...hunter }: StoredHunter, userId: string, history: HunterHistory): OwnHunter {
  return { ...hunter, userId, revision: history.revision, decisions: history.decisions };
}

/** A hunter as the admin routes answer it: everything stored, its decisions (newest first), its pending revision. */
export function adminHunterOf(hunter: StoredHunter, decisions: HunterDecision[], pendingRevision: HunterRevision | null): AdminHunter {
  return { ...hunter, decisions, pendingRevision };
}

/**
 * The admin list's filters: a status (none: every hunter), a search (a tsquery text, as the listing's), and
 * `pendingRevision`: only hunters with a change waiting for review.
 */
export interface AdminHunterFilters {
  status?: HunterStatus;
  search?: string;
  pendingRevision?: boolean;
}

/** Where a hunter stands, as a decision on it reads it with the row locked. */
export interface HunterStanding {
  id: number;
  userId: string | null;
  status: HunterStatus;
}

/** A value as a statement parameter: the session-type map travels as JSON text. */
function paramOf(key: keyof HunterValues, value: unknown): unknown {
  return key === 'sessionTypes' ? JSON.stringify(value) : value;
}
const castOf = (key: keyof HunterValues) => (key === 'sessionTypes' ? '::jsonb' : '');

/**
 * The one owner of the hunters table: every feature of this service reads and writes hunters through it. Methods
 * that take an EntityManager run in the caller's transaction, so the events they record commit with the row.
 */
@Injectable()
export class HunterRepository implements SitemapSource {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly uploads: HunterUploadQuotas,
  ) {}

  /** The listing: filtered, in the sort's order, a page with the filters' total. */
  async list(query: HunterListQuery): Promise<{ hunters: Hunter[]; total: number }> {
    const { values, ...prepared } = listingStatement(query);
    const rows = await preparedQuery<HunterRow & { total?: number }>(this.dataSource, prepared, values);
    const hunters = rows.map(({ total: _total, ...row }) => publicHunterOf(hunterOfRow(row)));
    // A page past the end has no row to carry the total: count on its own then.
    const total = rows[0]?.total ?? (query.paging.offset > 0 ? await this.count(query.filters) : 0);
    return { hunters, total };
  }

  /**
   * Re-places in the listing's price bands and sorts the hunters whose currency's reference rate changed (the
   * hunter-currencies migration's trigger keeps `price_reference_pence` on every write of the row). Returns how many.
   */
  async placeByReferenceRates(): Promise<number> {
    const [, moved] = await this.dataSource.query<[unknown[], number]>(
      `update hunters h set price_reference_pence = round(h.price_per_session * r.pence_per_unit)
         from reference_rates r
        where r.currency = h.currency and h.price_reference_pence <> round(h.price_per_session * r.pence_per_unit)`,
    );
    return moved;
  }

  async count(filters: HunterFilters): Promise<number> {
    const { text, values } = countStatement(filters);
    const [row] = await this.dataSource.query<{ n: number }[]>(text, values);
    return row!.n;
  }

  /** The recruitment page's figures: listed hunters and the distinct locations they are in. */
  async figures(): Promise<HunterFigures> {
    const [row] = await this.dataSource.query<HunterFigures[]>(
      `select count(*)::int as "approvedHunters", count(distinct h.location)::int as countries
         from hunters h where ${LISTED}`,
    );
    return row!;
  }

  /** The hunter, or 404 'Hunter not found'. */
  async findById(id: number): Promise<Hunter> {
    const [row] = await this.dataSource.query<HunterRow[]>(
      `select ${HUNTER_COLUMNS} from hunters h where h.id = $1 and ${LISTED}`,
      [id],
    );
    if (!row) throw new NotFoundException(HUNTER_NOT_FOUND);
    return publicHunterOf(hunterOfRow(row));
  }

  /** Any hunter, whatever its status (the admin routes), or 404 'Hunter not found'. */
  async findStored(id: number, manager: EntityManager = this.dataSource.manager): Promise<StoredHunter> {
    const [row] = await manager.query<HunterRow[]>(`select ${HUNTER_COLUMNS} from hunters h where h.id = $1`, [id]);
    if (!row) throw new NotFoundException(HUNTER_NOT_FOUND);
    return hunterOfRow(row);
  }

  /**
   * The admin list: every hunter or one status's, searched as the listing searches (name, bio, lists). The pending
   * queue is first come, first served (oldest submittedAt first); any other list shows the newest first.
   */
  async listForAdmin(filters: AdminHunterFilters, paging: { limit: number; offset: number }): Promise<{ hunters: StoredHunter[]; total: number }> {
    const values: unknown[] = [];
    const conditions: string[] = [];
    if (filters.status !== undefined) {
      values.push(filters.status);
      conditions.push(`h.status = $${values.length}`);
    }
    if (filters.search !== undefined) {
      values.push(filters.search);
      conditions.push(`h.search_document @@ to_tsquery('simple', $${values.length})`);
    }
    // The queue of changes: hunters with a pending revision (one at most each), the oldest change first.
    const revisions = filters.pendingRevision
      ? `join hunter_profile_revisions r on r.hunter_id = h.id and r.status = 'pending'`
      : '';
    const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
    const order = filters.pendingRevision
      ? 'r.submitted_at, r.id'
      : filters.status === 'pending'
        ? 'h.submitted_at, h.id'
        : 'h.submitted_at desc, h.id desc';
    const [{ n: total }] = (await this.dataSource.query<{ n: number }[]>(
      `select count(*)::int as n from hunters h ${revisions} ${where}`,
      values,
    )) as [{ n: number }];
    const rows = await this.dataSource.query<HunterRow[]>(
      `select ${HUNTER_COLUMNS} from hunters h ${revisions} ${where} order by ${order}
       limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, paging.limit, paging.offset],
    );
    return { hunters: rows.map(hunterOfRow), total };
  }

  /** Locks the hunter's row for a decision, in the caller's transaction, and reads where it stands; 404 if none. */
  async lockForDecision(manager: EntityManager, id: number): Promise<HunterStanding> {
    const [row] = await manager.query<HunterStanding[]>(
      'select id, user_id as "userId", status from hunters where id = $1 for update',
      [id],
    );
    if (!row) throw new NotFoundException(HUNTER_NOT_FOUND);
    return row;
  }

  /**
   * Sets a decision's status and reason (the caller holds the row's lock) and records hunters.hunter.updated with
   * the new status, in the caller's transaction.
   */
  async setStatus(manager: EntityManager, id: number, status: HunterStatus, reason: string | null): Promise<StoredHunter> {
    const [rows] = await manager.query<[HunterRow[], number]>(
      `update hunters as h set status = $2, status_reason = $3, updated_at = now() where h.id = $1 returning ${HUNTER_COLUMNS}`,
      [id, status, reason],
    );
    if (!rows?.length) throw new NotFoundException(HUNTER_NOT_FOUND);
    const hunter = hunterOfRow(rows[0]!);
    await this.events.publish(manager, 'hunters.hunter.updated', eventOf(hunter));
    return hunter;
  }

  /**
   * Copies the payout account's `payoutsEnabled` (bookings.payout-account.updated, which happened at `occurredAt`)
   * into takes_paid_bookings, in the caller's transaction, unless a newer event was applied already (events may
   * arrive out of order). Returns whether it was applied. No event: nothing other services copy changed.
   */
  async applyPayoutAccount(manager: EntityManager, hunterId: number, payoutsEnabled: boolean, occurredAt: string): Promise<boolean> {
    const [rows] = await manager.query<[{ id: number }[], number]>(
      `update hunters set takes_paid_bookings = $2, payouts_updated_at = $3
       where id = $1 and (payouts_updated_at is null or payouts_updated_at < $3)
       returning id`,
      [hunterId, payoutsEnabled, occurredAt],
    );
    return (rows?.length ?? 0) > 0;
  }

  /**
   * Copies the hunter's rating as reviews computed it (reviews.hunter-rating.changed, which happened at
   * `occurredAt`): the average, the count and the sum of stars ('Our top picks' ranks on the sum), in the caller's
   * transaction, unless a newer event was applied already. A hunter unknown here is skipped. Returns whether it was
   * applied. No event: nothing other services copy changed.
   */
  async applyRating(
    manager: EntityManager,
    hunterId: number,
    { rating, reviewCount, ratingSum }: { rating: number | null; reviewCount: number; ratingSum: number },
    occurredAt: string,
  ): Promise<boolean> {
    // Ties go to the event applied last: one stream's events arrive in order, and two may share a millisecond.
    const [rows] = await manager.query<[{ id: number }[], number]>(
      `update hunters set rating = $2, review_count = $3, rating_sum = $4, rating_updated_at = $5
       where id = $1 and (rating_updated_at is null or rating_updated_at <= $5)
       returning id`,
      [hunterId, reviewCount > 0 ? rating : null, reviewCount, reviewCount > 0 ? ratingSum : 0, occurredAt],
    );
    return (rows?.length ?? 0) > 0;
  }

  /**
   * Sets whether the hunter shows first in 'Our top picks' (the caller holds the row's lock) and records
   * hunters.hunter.updated, as every change of a profile does, in the caller's transaction.
   */
  async setFeatured(manager: EntityManager, id: number, featured: boolean): Promise<StoredHunter> {
    const [rows] = await manager.query<[HunterRow[], number]>(
      `update hunters as h set featured = $2, updated_at = now() where h.id = $1 returning ${HUNTER_COLUMNS}`,
      [id, featured],
    );
    if (!rows?.length) throw new NotFoundException(HUNTER_NOT_FOUND);
    const hunter = hunterOfRow(rows[0]!);
    await this.events.publish(manager, 'hunters.hunter.updated', eventOf(hunter));
    return hunter;
  }

  /** The id of the user's own hunter, whatever its status; null when they have none. */
  async idOfUser(userId: string, manager: EntityManager = this.dataSource.manager): Promise<number | null> {
    const [row] = await manager.query<{ id: number }[]>('select id from hunters where user_id = $1', [userId]);
    return row?.id ?? null;
  }

  /** The id and status of the user's own hunter, or null without one. */
  async standingOfUser(userId: string, manager: EntityManager = this.dataSource.manager): Promise<{ id: number; status: HunterStatus } | null> {
    const [row] = await manager.query<{ id: number; status: HunterStatus }[]>('select id, status from hunters where user_id = $1', [userId]);
    return row ?? null;
  }

  /**
   * The id of the user's own hunter, whatever its status, for what only a hunter may do: without a profile, 404
   * `notFound` (by default the payout screens' 'Create a hunter profile first').
   */
  async requireIdOfUser(
    userId: string,
    { manager, notFound = PAYOUT_MESSAGES.noHunterProfile }: { manager?: EntityManager; notFound?: string } = {},
  ): Promise<number> {
    const id = await this.idOfUser(userId, manager);
    if (id === null) throw new NotFoundException(notFound);
    return id;
  }

  /** The user's own profile as stored, or 404 'Hunter not found'. */
  async findByUser(userId: string): Promise<StoredHunter> {
    const [row] = await this.dataSource.query<HunterRow[]>(`select ${HUNTER_COLUMNS} from hunters h where h.user_id = $1`, [userId]);
    if (!row) throw new NotFoundException(HUNTER_NOT_FOUND);
    return hunterOfRow(row);
  }

  /**
   * Locks the user's own profile for an edit, in the caller's transaction, and reads it; 404 'Hunter not found' when
   * there is no such hunter or it is someone else's.
   */
  async lockOwn(manager: EntityManager, id: number, userId: string): Promise<StoredHunter> {
    const [row] = await manager.query<HunterRow[]>(
      `select ${HUNTER_COLUMNS} from hunters h where h.id = $1 and h.user_id = $2 for update`,
      [id, userId],
    );
    if (!row) throw new NotFoundException(HUNTER_NOT_FOUND);
    return hunterOfRow(row);
  }

  /**
   * Applies an approved revision's values (stored already: a photo is its URL) and records hunters.hunter.updated,
   * in the caller's transaction (which holds the row's lock). The status stays as it is.
   */
  async applyRevision(manager: EntityManager, id: number, revised: HunterRevisionValues): Promise<StoredHunter> {
    // The values were read by the profile's schema when the hunter sent them.
    const values = revised as HunterChanges;
    const params: unknown[] = [id];
    const sets = VALUE_KEYS.filter((key) => values[key] !== undefined).map((key) => {
      params.push(paramOf(key, values[key]));
      return `${VALUE_COLUMNS[key]} = $${params.length}${castOf(key)}`;
    });
    const [rows] = await manager.query<[HunterRow[], number]>(
      `update hunters as h set ${[...sets, 'updated_at = now()'].join(', ')} where h.id = $1 returning ${HUNTER_COLUMNS}`,
      params,
    );
    if (!rows?.length) throw new NotFoundException(HUNTER_NOT_FOUND);
    const hunter = hunterOfRow(rows[0]!);
    await this.events.publish(manager, 'hunters.hunter.updated', eventOf(hunter));
    return hunter;
  }

  /**
   * Inserts a profile (the user's, or an unowned demo hunter's) and records hunters.hunter.created in the caller's
   * transaction. The unique user_id makes a second profile of the same user a 409, however many requests race.
   * `record` sets what the marketplace rather than the hunter sets, for the demo hunters only.
   */
  async insert(manager: EntityManager, userId: string | null, sent: HunterValues, record?: HunterRecord): Promise<StoredHunter> {
    const values = { ...sent, profileImageUrl: await storedPhotoUrl(manager, this.uploads.profilePhotos, sent.profileImageUrl, userId) };
    const columns = ['user_id', ...VALUE_KEYS.map((key) => VALUE_COLUMNS[key])];
    const params: unknown[] = [userId, ...VALUE_KEYS.map((key) => paramOf(key, values[key]))];
    const placeholders = ['$1', ...VALUE_KEYS.map((key, i) => `$${i + 2}${castOf(key)}`)];
    if (record) {
      for (const key of RECORD_KEYS) {
        params.push(record[key]);
        columns.push(RECORD_COLUMNS[key]);
        placeholders.push(`$${params.length}`);
      }
    }
    let row: HunterRow | undefined;
    try {
      [row] = await manager.query<HunterRow[]>(
        `insert into hunters as h (${columns.join(', ')}) values (${placeholders.join(', ')}) returning ${HUNTER_COLUMNS}`,
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

  /** Whether the table has any hunter (the demo hunters are loaded only into an empty one). */
  async any(manager: EntityManager): Promise<boolean> {
    const rows = await manager.query<unknown[]>('select 1 from hunters limit 1');
    return rows.length > 0;
  }

  /**
   * Makes a newly registered user the demo hunter whose email they registered with, and records
   * hunters.hunter.updated in the caller's transaction. Nothing happens (null) when no unclaimed demo hunter has
   * that email, or when the user already has a profile of their own (one per user).
   */
  async claimDemoHunter(manager: EntityManager, userId: string, email: string): Promise<StoredHunter | null> {
    const [rows] = await manager.query<[HunterRow[], number]>(
      `update hunters as h set user_id = $1, updated_at = now()
       where h.demo_email = lower(btrim($2)) and h.user_id is null
         and not exists (select 1 from hunters own where own.user_id = $1)
       returning ${HUNTER_COLUMNS}`,
      [userId, email],
    );
    if (!rows?.length) return null;
    const hunter = hunterOfRow(rows[0]!);
    await this.events.publish(manager, 'hunters.hunter.updated', eventOf(hunter));
    return hunter;
  }

  /**
   * Sets the changes on the user's own profile and records hunters.hunter.updated; 404 'Hunter not found' when
   * there is no such hunter or it is someone else's (an edit does not reveal whose a profile is). Editing a rejected
   * profile sends it back to the queue (pending, no reason, submitted now); any other status stays as it is (a
   * suspended hunter may edit but stays suspended). `fromStatus` is the status before the edit.
   */
  async updateOwn(
    manager: EntityManager,
    id: number,
    userId: string,
    sent: HunterChanges,
  ): Promise<{ hunter: StoredHunter; fromStatus: HunterStatus }> {
    // The row is locked first, so the photo it had is the one a concurrent edit does not replace meanwhile.
    const [before] = await manager.query<{ photo: string | null; status: HunterStatus }[]>(
      'select profile_image_url as photo, status from hunters where id = $1 and user_id = $2 for update',
      [id, userId],
    );
    if (!before) throw new NotFoundException(HUNTER_NOT_FOUND);
    const changes = { ...sent };
    if (sent.profileImageUrl !== undefined) {
      changes.profileImageUrl = await storedPhotoUrl(manager, this.uploads.profilePhotos, sent.profileImageUrl, userId, before.photo);
      await deleteReplacedPhoto(manager, userId, before.photo, changes.profileImageUrl);
    }
    const params: unknown[] = [id, userId];
    const sets = VALUE_KEYS.filter((key) => changes[key] !== undefined).map((key) => {
      params.push(paramOf(key, changes[key]));
      return `${VALUE_COLUMNS[key]} = $${params.length}${castOf(key)}`;
    });
    const [rows] = await manager.query<[HunterRow[], number]>(
      `update hunters as h set ${[...sets, 'updated_at = now()', ...RESUBMIT_SETS].join(', ')}
       where h.id = $1 and h.user_id = $2 returning ${HUNTER_COLUMNS}`,
      params,
    );
    if (!rows?.length) throw new NotFoundException(HUNTER_NOT_FOUND);
    const hunter = hunterOfRow(rows[0]!);
    await this.events.publish(manager, 'hunters.hunter.updated', eventOf(hunter));
    return { hunter, fromStatus: before.status };
  }

  /**
   * Counts a completed booking in the hunter's `total_sessions`, in the caller's transaction: once per booking
   * (hunter_completed_sessions), however often its completion arrives. A hunter that no longer exists counts
   * nothing. No event: hunters.hunter.updated carries what other services copy, and the count is none of it.
   * Returns whether the booking was counted now.
   */
  async countCompletedSession(manager: EntityManager, bookingId: string, hunterId: number, completedAt: string): Promise<boolean> {
    const [rows] = await manager.query<[{ id: number }[], number]>(
      `with counted as (
         insert into hunter_completed_sessions (booking_id, hunter_id, completed_at)
         select $1, h.id, $3 from hunters h where h.id = $2
         on conflict (booking_id) do nothing
         returning hunter_id
       )
       update hunters h set total_sessions = h.total_sessions + 1
       from counted where h.id = counted.hunter_id
       returning h.id`,
      [bookingId, hunterId, completedAt],
    );
    return (rows?.length ?? 0) > 0;
  }

  /**
   * Erases the member's hunter profile (their `identity.user.deleted`, in the inbox transaction), or does nothing
   * (null) when they have none, as on a second delivery. The row is deleted, so nothing of the profile is left to
   * answer (`GET /api/hunters/{id}` 404, gone from the listing, search and the sitemap); its weekly hours, dated
   * availability, joining details, go-to brands, vetting history, revisions, Hunter's Pick rota place and picks,
   * completed sessions and edits cascade. hunters.hunter.updated tells the services that copy hunters, with
   * erasedHunterEventOf: not approved any more, and nothing that names the person. Returns the profile as it was
   * (its photo is the caller's to delete with the member's other uploads).
   */
  async eraseOfUser(manager: EntityManager, userId: string): Promise<StoredHunter | null> {
    const [row] = await manager.query<HunterRow[]>(`select ${HUNTER_COLUMNS} from hunters h where h.user_id = $1 for update`, [userId]);
    if (!row) return null;
    const hunter = hunterOfRow(row);
    await manager.query('delete from hunters where id = $1', [hunter.id]);
    await this.events.publish(manager, 'hunters.hunter.updated', erasedHunterEventOf(hunter));
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

/** An edit of a rejected profile puts it back in the queue (the right-hand sides read the row before the edit). */
const RESUBMIT_SETS = [
  `status = case when h.status = 'rejected' then 'pending' else h.status end`,
  `status_reason = case when h.status = 'rejected' then null else h.status_reason end`,
  `submitted_at = case when h.status = 'rejected' then now() else h.submitted_at end`,
];

/** What hunters.hunter.created/updated carry. */
function eventOf(hunter: StoredHunter) {
  return {
    hunterId: hunter.id,
    userId: hunter.userId,
    name: hunter.name,
    profileImageUrl: hunter.profileImageUrl,
    location: hunter.location,
    timeZone: hunter.timeZone,
    availabilityStatus: hunter.availabilityStatus,
    sessionTypes: hunter.sessionTypes,
    pricePerSession: hunter.pricePerSession,
    currency: hunter.currency,
    status: hunter.status,
  };
}

/** The name other services show for a hunter whose member deleted their account (their copies of past bookings…). */
export const ERASED_HUNTER_NAME = 'Former hunter';

/**
 * What hunters.hunter.updated carries for an erased profile. The status is `suspended`, the existing status every
 * consumer already treats as not approved and not bookable (reviews answers the hunter's reviews 404, bookings
 * offers no slot and takes no hold, messaging closes the conversations) and its copies' checks accept; only
 * hunters.hunter.vetted starts what a real suspension does (refunds, the email), and none is sent. No member, no
 * photo, 'Former hunter' for the name, no session type on offer: the copies keep no more of the person than that.
 */
export function erasedHunterEventOf(hunter: StoredHunter): EventPayload<'hunters.hunter.updated'> {
  const sessionTypes = Object.fromEntries(
    Object.entries(hunter.sessionTypes).map(([key, type]) => [key, { ...type, enabled: false }]),
  ) as SessionTypes;
  return {
    ...eventOf(hunter),
    userId: null,
    name: ERASED_HUNTER_NAME,
    profileImageUrl: null,
    availabilityStatus: 'Unavailable',
    sessionTypes,
    status: 'suspended',
  };
}
