import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { BrandRepository } from '../brands/brand.repository.js';

export interface ReviewRating {
  reviewId: number;
  brandId: number;
  rating: number;
  /** The review's author (the style passport's reviewed brands). */
  userId: string;
  /** The event's occurredAt: the review's state at that time. */
  occurredAt: string;
}

/**
 * Keeps `brands.rating` (mean of the reviews' overall ratings, 0 when none) and `rating_count` equal to what the
 * reviews service says, from its review events. Each call runs in the event's inbox transaction: the review's row
 * in brand_review_ratings is upserted by review id and the brand's figures are recomputed from those rows, so a
 * duplicated, late or reordered event can never count a review twice.
 */
@Injectable()
export class BrandRatingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandRepository,
  ) {}

  /**
   * A review's first rating; one already known (from a later update that overtook it) is kept, and only learns its
   * author if it had none. A row that knows only the review's visibility (its hide overtook its creation) takes the
   * rating and keeps the visibility.
   */
  async reviewCreated(manager: EntityManager, review: ReviewRating): Promise<void> {
    if (!(await this.lockBrand(manager, review.brandId))) return;
    await manager.query(
      `insert into brand_review_ratings as r (review_id, brand_id, rating, occurred_at, user_id) values ($1, $2, $3, $4, $5)
       on conflict (review_id) do update set
         rating = case when r.rating is null and not r.deleted then excluded.rating else r.rating end,
         occurred_at = case when r.rating is null and not r.deleted then excluded.occurred_at else r.occurred_at end,
         user_id = coalesce(r.user_id, excluded.user_id)
       where r.user_id is null or (r.rating is null and not r.deleted)`,
      [review.reviewId, review.brandId, review.rating, review.occurredAt, review.userId],
    );
    await this.recompute(manager, review.brandId);
  }

  /**
   * A changed rating, unless the review is deleted or a newer state was applied already. The author is learnt
   * whenever the row has none (rows from before the style passport; reviews republishes every review once).
   */
  async reviewUpdated(manager: EntityManager, review: ReviewRating): Promise<void> {
    if (!(await this.lockBrand(manager, review.brandId))) return;
    await manager.query(
      `insert into brand_review_ratings (review_id, brand_id, rating, occurred_at, user_id) values ($1, $2, $3, $4, $5)
       on conflict (review_id) do update set
         rating = case when brand_review_ratings.occurred_at <= excluded.occurred_at
                       then excluded.rating else brand_review_ratings.rating end,
         occurred_at = greatest(brand_review_ratings.occurred_at, excluded.occurred_at),
         user_id = coalesce(brand_review_ratings.user_id, excluded.user_id)
       where not brand_review_ratings.deleted
         and (brand_review_ratings.occurred_at <= excluded.occurred_at or brand_review_ratings.user_id is null)`,
      [review.reviewId, review.brandId, review.rating, review.occurredAt, review.userId],
    );
    await this.recompute(manager, review.brandId);
  }

  /** The review stops counting for good: a tombstone, so its created or updated event arriving later is ignored. */
  async reviewDeleted(manager: EntityManager, review: Omit<ReviewRating, 'rating' | 'userId'>): Promise<void> {
    if (!(await this.lockBrand(manager, review.brandId))) return;
    await manager.query(
      `insert into brand_review_ratings (review_id, brand_id, rating, occurred_at, deleted) values ($1, $2, null, $3, true)
       on conflict (review_id) do update set deleted = true, rating = null,
         occurred_at = greatest(brand_review_ratings.occurred_at, excluded.occurred_at)`,
      [review.reviewId, review.brandId, review.occurredAt],
    );
    await this.recompute(manager, review.brandId);
  }

  /**
   * An admin hid the review or showed it again (reviews.review.visibility-changed, at `occurredAt`): applied unless
   * a newer visibility event was applied already (ties: the one applied last, as one stream delivers them in
   * order), never to a deleted review (its tombstone is final). A review not known yet gets a row holding only its
   * visibility ('-infinity' as its rating's time: its created or updated fills the rating in). The brand's rating is
   * then recomputed from the shown reviews, under the brand's lock, so a hide racing a new review leaves it right.
   */
  async reviewVisibilityChanged(
    manager: EntityManager,
    change: { reviewId: number; brandId: number; hidden: boolean; occurredAt: string },
  ): Promise<void> {
    if (!(await this.lockBrand(manager, change.brandId))) return;
    await manager.query(
      `insert into brand_review_ratings as r (review_id, brand_id, rating, occurred_at, hidden, visibility_at)
       values ($1, $2, null, '-infinity', $3, $4)
       on conflict (review_id) do update set hidden = excluded.hidden, visibility_at = excluded.visibility_at
       where not r.deleted and (r.visibility_at is null or r.visibility_at <= excluded.visibility_at)`,
      [change.reviewId, change.brandId, change.hidden, change.occurredAt],
    );
    await this.recompute(manager, change.brandId);
  }

  /**
   * Locks the brand's row until the transaction ends, so events for one brand applied at once (several replicas)
   * recompute one after the other and each sees the rows the previous one committed. False when the brand is gone:
   * the event is then acknowledged with no effect (its rows went with the brand).
   */
  private lockBrand(manager: EntityManager, brandId: number): Promise<boolean> {
    return this.brands.lock(manager, brandId);
  }

  /**
   * The brands member `userId` reviewed (not deleted, not hidden), the most recently reviewed first, at most `limit`: the
   * passport's reviewed brands, on brand_review_ratings_user_idx.
   */
  async reviewedBrandIds(userId: string, limit: number): Promise<number[]> {
    const rows = await this.dataSource.query<{ brandId: number }[]>(
      `select brand_id as "brandId" from brand_review_ratings
       where user_id = $1 and not deleted and not hidden order by occurred_at desc, review_id desc limit $2`,
      [userId, limit],
    );
    return rows.map((row) => row.brandId);
  }

  /** The mean is read as numeric text, so the brand's rating is rounded once, by its own column. */
  /**
   * A deleted member's reviews stay counted (the reviews service keeps them as 'Former member'): the copy keeps each
   * rating and forgets its author, so the brand's rating and count do not move and no event is needed.
   */
  async forgetAuthor(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('update brand_review_ratings set user_id = null where user_id = $1', [userId]);
  }

  private async recompute(manager: EntityManager, brandId: number): Promise<void> {
    const [figures] = await manager.query<{ mean: string | null; n: number }[]>(
      // The shown reviews only: a hidden one leaves the rating; a row with no rating yet is not a review to count.
      `select avg(rating)::text as mean, count(rating)::int as n from brand_review_ratings
       where brand_id = $1 and not deleted and not hidden`,
      [brandId],
    );
    await this.brands.setRating(manager, brandId, figures!.mean, figures!.n);
  }
}
