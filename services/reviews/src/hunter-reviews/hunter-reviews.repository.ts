import { Injectable } from '@nestjs/common';
import { sessionMonthLabel, type HunterReview, type PublicHunterReview } from '@hunted/contracts';
import { now, type ModeratedItem, type Page } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { hunterReviewerName } from '../users/user-name.js';

/** A review with what its rules need: its session's hunter member and whether it is hidden. */
export interface StoredHunterReview {
  review: HunterReview;
  /** Null once the reviewer deleted their account. */
  clientUserId: string | null;
  hunterUserId: string | null;
  hiddenAt: Date | null;
}

/** A hunter's visible reviews that count (decision 0090): how many and their stars' sum. */
export interface RatingTotals {
  reviewCount: number;
  ratingSum: number;
}

interface ReviewRow {
  id: number;
  hunter_id: number;
  booking_id: string;
  client_user_id: string | null;
  rating: number;
  text: string;
  created_at: Date;
  reply_text: string | null;
  reply_created_at: Date | null;
  hidden_at: Date | null;
  qualifies: boolean | null;
  session_type: string;
  starts_at: Date;
  hunter_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** A new review, as the service decided it may be written. */
export interface NewHunterReview {
  bookingId: string;
  hunterId: number;
  clientUserId: string;
  rating: number;
  text: string;
  /**
   * The demo seeder dates its reviews; the API's are dated by the service clock (`now()`, which a test moves), the
   * clock the daily limit counts them by.
   */
  createdAt?: Date;
}

// The reviewer's name is joined now (a rename shows at once); the session's type and time from the copy.
const COLUMNS = `
  r.id, r.hunter_id, r.booking_id, r.client_user_id, r.rating, r.text, r.created_at, r.reply_text, r.reply_created_at,
  r.hidden_at, r.qualifies, s.session_type, s.starts_at, s.hunter_user_id, u.first_name, u.last_name`;
const FROM = `
  from hunter_reviews r
  join booking_copies s on s.booking_id = r.booking_id
  left join users u on u.user_id = r.client_user_id`;
const SELECT_REVIEWS = `select ${COLUMNS} ${FROM}`;

/** A review counts in the rating and the count (decision 0090); an undecided earlier one (null) does not. */
const COUNTS = `(r.qualifies is true)`;

/** The public page's review: what toReview gives less the booking id, and the session's month in place of its time. */
function toPublicReview(row: ReviewRow): PublicHunterReview {
  const { bookingId: _bookingId, sessionStartsAt: _sessionStartsAt, ...shown } = toReview(row);
  return { ...shown, sessionMonth: sessionMonthLabel(row.starts_at) };
}

function toReview(row: ReviewRow): HunterReview {
  return {
    id: row.id,
    hunterId: row.hunter_id,
    bookingId: row.booking_id,
    rating: row.rating,
    text: row.text,
    reviewerName: hunterReviewerName(row.client_user_id, row.first_name, row.last_name),
    sessionType: row.session_type,
    sessionStartsAt: row.starts_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    reply:
      row.reply_text !== null && row.reply_created_at !== null
        ? { text: row.reply_text, createdAt: row.reply_created_at.toISOString() }
        : null,
  };
}

/**
 * The one owner of `hunter_reviews`. It reads the session copy (a review shows its
 * session) and the users copy (the reviewer's name) by joining them; the rules live in HunterReviewsService.
 */
@Injectable()
export class HunterReviewsRepository {
  /**
   * Serialises the changes of one hunter's visible reviews until the transaction ends, so each change's rating
   * event is computed after the one before it committed: two reviews written at once never both announce a count
   * that leaves the other out.
   */
  async lockHunter(manager: EntityManager, hunterId: number): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtext('hunter-reviews.rating'), $1)`, [hunterId]);
  }

  /** The hunter's visible reviews that count: their count and the sum of their stars. */
  async totals(manager: EntityManager, hunterId: number): Promise<RatingTotals> {
    const rows: { count: number; sum: number }[] = await manager.query(
      `select count(*)::int as count, coalesce(sum(r.rating), 0)::int as sum
         from hunter_reviews r where r.hunter_id = $1 and r.hidden_at is null and ${COUNTS}`,
      [hunterId],
    );
    return { reviewCount: rows[0]!.count, ratingSum: rows[0]!.sum };
  }

  /** A page of the hunter's visible reviews that count (or, `counted` false, of those that do not), newest first. */
  async visiblePage(manager: EntityManager, hunterId: number, page: Page, counted = true): Promise<PublicHunterReview[]> {
    const rows: ReviewRow[] = await manager.query(
      `${SELECT_REVIEWS}
        where r.hunter_id = $1 and r.hidden_at is null and ${counted ? COUNTS : `not ${COUNTS}`}
        order by r.created_at desc, r.id desc
        limit $2 offset $3`,
      [hunterId, page.limit, page.offset],
    );
    return rows.map(toPublicReview);
  }

  /**
   * Serialises one member's review writes until the transaction ends, so the count of what they wrote today is read
   * after any concurrent write of theirs committed: two requests at once can never both take the last place.
   */
  async lockAuthor(manager: EntityManager, clientUserId: string): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtext('hunter-reviews.author'), hashtext($1))`, [clientUserId]);
  }

  /** How many reviews of hunters the member wrote after `since` (hidden ones too: they were written). */
  async countWrittenSince(manager: EntityManager, clientUserId: string, since: Date): Promise<number> {
    const rows: { n: number }[] = await manager.query(
      `select count(*)::int as n from hunter_reviews where client_user_id = $1 and created_at > $2`,
      [clientUserId, since],
    );
    return rows[0]!.n;
  }

  /** How many of the hunter's visible reviews do not count (earlier ones, decision 0090). */
  async uncountedTotal(manager: EntityManager, hunterId: number): Promise<number> {
    const rows: { n: number }[] = await manager.query(
      `select count(*)::int as n from hunter_reviews r where r.hunter_id = $1 and r.hidden_at is null and not ${COUNTS}`,
      [hunterId],
    );
    return rows[0]!.n;
  }

  /**
   * Decides, once, whether the earlier review of the booking counts (decision 0090): a review already decided is
   * left as it is. Answers the hunter of the review decided now, or null when there was nothing to decide.
   */
  async decideQualifies(manager: EntityManager, bookingId: string, qualifies: boolean): Promise<number | null> {
    // An update answers [rows, count] through TypeORM.
    const [rows] = await manager.query<[{ hunter_id: number }[], number]>(
      `update hunter_reviews set qualifies = $2 where booking_id = $1 and qualifies is null returning hunter_id`,
      [bookingId, qualifies],
    );
    return rows[0]?.hunter_id ?? null;
  }

  /** Whether the booking has its review already. */
  async existsForBooking(manager: EntityManager, bookingId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`select 1 from hunter_reviews where booking_id = $1`, [bookingId]);
    return rows.length > 0;
  }

  /**
   * Writes the review, counting (only a qualifying session gets one now, decision 0090); null when the booking has
   * one already (the unique key decides a race).
   */
  async insert(manager: EntityManager, review: NewHunterReview): Promise<number | null> {
    const rows: { id: number }[] = await manager.query(
      `insert into hunter_reviews (booking_id, hunter_id, client_user_id, rating, text, created_at, qualifies)
       values ($1, $2, $3, $4, $5, $6, true)
       on conflict (booking_id) do nothing
       returning id`,
      [review.bookingId, review.hunterId, review.clientUserId, review.rating, review.text, review.createdAt ?? now()],
    );
    return rows[0]?.id ?? null;
  }

  async find(manager: EntityManager, reviewId: number): Promise<StoredHunterReview | null> {
    const rows: ReviewRow[] = await manager.query(`${SELECT_REVIEWS} where r.id = $1`, [reviewId]);
    const row = rows[0];
    if (!row) return null;
    return { review: toReview(row), clientUserId: row.client_user_id, hunterUserId: row.hunter_user_id, hiddenAt: row.hidden_at };
  }

  /** The hunter's one reply; false when the review has a reply already. */
  async reply(manager: EntityManager, reviewId: number, text: string, at?: Date): Promise<boolean> {
    // An update answers [rows, count] through TypeORM.
    const [rows] = await manager.query<[unknown[], number]>(
      `update hunter_reviews set reply_text = $2, reply_created_at = coalesce($3::timestamptz, now())
        where id = $1 and reply_text is null
        returning id`,
      [reviewId, text, at ?? null],
    );
    return rows.length > 0;
  }

  /** Every review the member wrote (hidden ones too: the author still sees what they wrote), newest first. */
  async writtenBy(manager: EntityManager, userId: string): Promise<HunterReview[]> {
    const rows: ReviewRow[] = await manager.query(
      `${SELECT_REVIEWS} where r.client_user_id = $1 order by r.created_at desc, r.id desc`,
      [userId],
    );
    return rows.map(toReview);
  }

  /** The visible reviews of the sessions the member held as a hunter, newest first. */
  async receivedBy(manager: EntityManager, userId: string): Promise<HunterReview[]> {
    const rows: ReviewRow[] = await manager.query(
      `${SELECT_REVIEWS} where s.hunter_user_id = $1 and r.hidden_at is null order by r.created_at desc, r.id desc`,
      [userId],
    );
    return rows.map(toReview);
  }

  /** The hunter profiles the member holds, as the booking copy knows them (a claimed hunter's sessions). */
  async hunterIdsOfMember(manager: EntityManager, userId: string): Promise<number[]> {
    const rows: { hunterId: number }[] = await manager.query(
      `select distinct hunter_id as "hunterId" from booking_copies
        where hunter_user_id = $1 and hunter_id is not null order by 1`,
      [userId],
    );
    return rows.map((row) => row.hunterId);
  }

  /** Every review of the sessions the member held as a hunter, hidden ones too, with their replies (their export). */
  async aboutMember(manager: EntityManager, userId: string): Promise<HunterReview[]> {
    const rows: ReviewRow[] = await manager.query(
      `${SELECT_REVIEWS} where s.hunter_user_id = $1 order by r.created_at, r.id`,
      [userId],
    );
    return rows.map(toReview);
  }

  /** The bookings whose reviews the member wrote: their sessions' copies stay with the reviews. */
  async bookingIdsWrittenBy(manager: EntityManager, userId: string): Promise<string[]> {
    const rows: { bookingId: string }[] = await manager.query(
      'select booking_id as "bookingId" from hunter_reviews where client_user_id = $1',
      [userId],
    );
    return rows.map((row) => row.bookingId);
  }

  /** Every review of these hunters goes, with its reply (their profiles are gone with their member). */
  async deleteOfHunters(manager: EntityManager, hunterIds: readonly number[]): Promise<void> {
    if (hunterIds.length === 0) return;
    await manager.query('delete from hunter_reviews where hunter_id = any($1::int[])', [hunterIds]);
  }

  /** The member's reviews of hunters stay as a former member's (no id). */
  async forgetMember(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('update hunter_reviews set client_user_id = null where client_user_id = $1', [userId]);
  }

  /** The reviews as the moderation kit shows them (hidden ones too), by id; gone ones are absent. */
  async moderatedItems(manager: EntityManager, reviewIds: readonly number[]): Promise<Map<number, ModeratedItem & { hunterId: number }>> {
    if (reviewIds.length === 0) return new Map();
    const rows: ReviewRow[] = await manager.query(`${SELECT_REVIEWS} where r.id = any($1::int[])`, [reviewIds]);
    return new Map(
      rows.map((row) => {
        const review = toReview(row);
        const item = {
          hunterId: row.hunter_id,
          authorUserId: row.client_user_id,
          hidden: row.hidden_at !== null,
          content: {
            title: `Review of hunter ${row.hunter_id}`,
            text: row.text,
            authorName: row.client_user_id === null ? null : review.reviewerName,
            href: `/hunters/${row.hunter_id}`,
            createdAt: review.createdAt,
            imageUrl: null,
          },
        };
        return [row.id, item];
      }),
    );
  }

  /** Hides or shows the review (decision 0101); answers its hunter, or null when it is gone. */
  async setHidden(manager: EntityManager, reviewId: number, hidden: boolean): Promise<number | null> {
    const [rows] = await manager.query<[{ hunter_id: number }[], number]>(
      `update hunter_reviews set hidden_at = case when $2::boolean then now() end where id = $1 returning hunter_id`,
      [reviewId, hidden],
    );
    return rows[0]?.hunter_id ?? null;
  }
}
