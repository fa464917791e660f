import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Review, ReviewInputFields, ReviewPhoto } from '@hunted/contracts';
import {
  chargeUploadQuota,
  type ModeratedItem,
  dailyUploadQuota,
  EventPublisher,
  SERVICE_CONFIG,
  UserCopies,
  type AuthenticatedUser,
  type DailyUploadQuota,
  type Page,
  type PreparedStatement,
} from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { BrandCopies, brandListStatement } from '../brands/brand-copies.js';
import type { ReviewsConfig } from '../config.js';
import { authorName } from '../users/user-name.js';
import { decodeReviewPhotos, REVIEW_PHOTO_PATH } from './review-photos.js';

export const ALREADY_REVIEWED = 'You have already reviewed this brand.';

/** The bytes of the review photo whose id is `$1`, as the photos route (ReviewPhotosController) reads them. */
export const REVIEW_PHOTO_BYTES: PreparedStatement = {
  name: 'review-photos.bytes',
  // A hidden review's photos are not served either (decision 0101).
  text: 'select p.bytes from review_photos p join reviews r on r.id = p.review_id where p.id = $1 and r.hidden_at is null',
};

interface ReviewRow {
  id: number;
  brand_id: number;
  user_id: string | null;
  rating: number;
  speed_rating: number;
  ease_rating: number;
  quality_rating: number;
  sustainability_rating: number;
  review_text: string | null;
  created_at: Date;
  updated_at: Date;
  first_name: string | null;
  last_name: string | null;
  photo_ids: string[];
}

// Names are joined now (a rename shows at once); photos are listed as ids, never as bytes.
const SELECT_REVIEWS = `
  select r.id, r.brand_id, r.user_id, r.rating, r.speed_rating, r.ease_rating, r.quality_rating,
         r.sustainability_rating, r.review_text, r.created_at, r.updated_at, u.first_name, u.last_name,
         array(select p.id::text from review_photos p where p.review_id = r.id order by p.position) as photo_ids
  from reviews r
  left join users u on u.user_id = r.user_id`;

const REVIEWS_PAGE = brandListStatement(
  'reviews.page',
  'review_count',
  `${SELECT_REVIEWS} where r.brand_id = b.brand_id and r.hidden_at is null order by r.created_at desc, r.id desc`,
);

interface PhotoRow {
  id: string;
  review_id: number;
  user_id: string | null;
  position: number;
  first_name: string | null;
  last_name: string | null;
  total: number;
}

const PHOTOS_PAGE = brandListStatement(
  'photos.page',
  'photo_count',
  `select p.id::text as id, r.id as review_id, r.user_id, p.position, u.first_name, u.last_name
   from reviews r
   join review_photos p on p.review_id = r.id
   left join users u on u.user_id = r.user_id
   where r.brand_id = b.brand_id and r.hidden_at is null
   order by r.created_at desc, r.id desc, p.position`,
);

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    brandId: row.brand_id,
    userId: row.user_id,
    userName: authorName(row.user_id, row.first_name, row.last_name),
    rating: row.rating,
    speedRating: row.speed_rating,
    easeRating: row.ease_rating,
    qualityRating: row.quality_rating,
    sustainabilityRating: row.sustainability_rating,
    reviewText: row.review_text,
    photos: row.photo_ids.map((id) => `${REVIEW_PHOTO_PATH}/${id}`),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The overall rating: the rounded mean of the four category ratings. */
export function overallRating(
  input: Pick<ReviewInputFields, 'speedRating' | 'easeRating' | 'qualityRating' | 'sustainabilityRating'>,
): number {
  return Math.round((input.speedRating + input.easeRating + input.qualityRating + input.sustainabilityRating) / 4);
}

@Injectable()
export class ReviewsService {
  private readonly photoQuota: DailyUploadQuota;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly brands: BrandCopies,
    private readonly users: UserCopies,
    @Inject(SERVICE_CONFIG) config: ReviewsConfig,
  ) {
    this.photoQuota = dailyUploadQuota('review-photos', 'review photos', config.REVIEW_PHOTOS_PER_DAY, config.REVIEW_PHOTOS_MB_PER_DAY);
  }

  /** The brand's reviews, newest first; 404 for a brand that does not exist. */
  async list(brandId: number, page: Page | null = null): Promise<{ items: Review[]; total: number | undefined }> {
    const { rows, total } = await this.brands.readList<ReviewRow & { total: number }>(REVIEWS_PAGE, brandId, page);
    return { items: rows.map(toReview), total: page ? total : undefined };
  }

  /** The caller's review of the brand, or null when they have not written one; 404 for an unknown brand. */
  async mine(brandId: number, userId: string): Promise<Review | null> {
    const manager = this.dataSource.manager;
    await this.brands.require(manager, brandId, false);
    const rows: ReviewRow[] = await manager.query(`${SELECT_REVIEWS} where r.brand_id = $1 and r.user_id = $2`, [
      brandId,
      userId,
    ]);
    return rows[0] ? toReview(rows[0]) : null;
  }

  /**
   * The brand's review photos, newest review first and each review's photos in their order, credited to the
   * reviewer's name now; a page of them (with the total) for the carousel and gallery, or all when unpaged.
   */
  async photos(brandId: number, page: Page | null = null): Promise<{ items: ReviewPhoto[]; total: number | undefined }> {
    const { rows, total } = await this.brands.readList<PhotoRow>(PHOTOS_PAGE, brandId, page);
    const items = rows.map((row) => ({
      url: `${REVIEW_PHOTO_PATH}/${row.id}`,
      credit: authorName(row.user_id, row.first_name, row.last_name),
      reviewId: row.review_id,
      position: row.position,
    }));
    return { items, total: page ? total : undefined };
  }

  /** Writes the member's one review of the brand with its photos and announces it, all in one transaction. */
  async create(brandId: number, author: AuthenticatedUser, input: ReviewInputFields): Promise<Review> {
    // Decoded before the transaction: a refused photo costs no database work.
    const photos = await decodeReviewPhotos(input.photos ?? []);
    const reviewText = input.reviewText?.trim() ? input.reviewText : null;
    const rating = overallRating(input);

    return this.dataSource.transaction(async (manager) => {
      await this.brands.require(manager, brandId, true);
      await this.users.rememberSignedIn(manager, author);
      // The unique (brand_id, user_id) key decides a race between two first reviews: the loser inserts nothing.
      const inserted: { id: number }[] = await manager.query(
        `insert into reviews (brand_id, user_id, rating, speed_rating, ease_rating, quality_rating,
                              sustainability_rating, review_text)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (brand_id, user_id) do nothing
         returning id`,
        [
          brandId,
          author.id,
          rating,
          input.speedRating,
          input.easeRating,
          input.qualityRating,
          input.sustainabilityRating,
          reviewText,
        ],
      );
      const reviewId = inserted[0]?.id;
      if (reviewId === undefined) throw new ConflictException(ALREADY_REVIEWED);
      // Over the day's allowance the whole review is refused (429), its row and photos rolled back with it.
      const bytes = photos.reduce((sum, photo) => sum + photo.bytes.length, 0);
      await chargeUploadQuota(manager, author.id, this.photoQuota, { uploads: photos.length, bytes });
      for (const [position, photo] of photos.entries()) {
        await manager.query(
          `insert into review_photos (id, review_id, position, content_type, bytes, byte_length)
           values ($1, $2, $3, $4, $5, $6)`,
          [randomUUID(), reviewId, position, photo.contentType, photo.bytes, photo.bytes.length],
        );
      }
      await this.events.publish(manager, 'reviews.review.created', { reviewId, brandId, userId: author.id, rating });
      return this.findOne(manager, reviewId);
    });
  }

  /** The reviews as the moderation kit shows them (hidden ones too), by id; gone ones are absent. */
  async moderatedItems(manager: EntityManager, reviewIds: readonly number[]): Promise<Map<number, ModeratedItem>> {
    if (reviewIds.length === 0) return new Map();
    const rows: (ReviewRow & { hidden_at: Date | null })[] = await manager.query(
      `select q.*, h.hidden_at from (${SELECT_REVIEWS} where r.id = any($1::int[])) q join reviews h on h.id = q.id`,
      [reviewIds],
    );
    return new Map(
      rows.map((row) => {
        const review = toReview(row);
        const item: ModeratedItem = {
          authorUserId: row.user_id,
          hidden: row.hidden_at !== null,
          content: {
            title: `Review of brand ${row.brand_id}`,
            text: row.review_text,
            authorName: row.user_id === null ? null : review.userName,
            href: `/brands/${row.brand_id}`,
            createdAt: review.createdAt,
            imageUrl: review.photos[0] ?? null,
          },
        };
        return [row.id, item];
      }),
    );
  }

  /**
   * Hides or shows the review in the moderation decision's transaction (decision 0101): it leaves (or rejoins) the
   * brand's lists and their counts (the count triggers follow `hidden_at`), its photos stop (or start) being served,
   * and brands hears of it to recompute the brand's rating from the shown reviews.
   */
  async setHidden(manager: EntityManager, reviewId: number, hidden: boolean): Promise<void> {
    const [rows] = await manager.query<[{ brand_id: number }[], number]>(
      `update reviews set hidden_at = case when $2::boolean then now() end where id = $1 returning brand_id`,
      [reviewId, hidden],
    );
    const brandId = rows[0]?.brand_id;
    if (brandId === undefined) return;
    await this.events.publish(manager, 'reviews.review.visibility-changed', { reviewId, brandId, hidden });
  }

  private async findOne(manager: EntityManager, reviewId: number): Promise<Review> {
    const rows: ReviewRow[] = await manager.query(`${SELECT_REVIEWS} where r.id = $1`, [reviewId]);
    return toReview(rows[0]!);
  }

  /** Every brand review the member wrote, oldest first, with their photos' bytes (their export). */
  async ofAuthor(manager: EntityManager, userId: string): Promise<AuthoredReview[]> {
    const rows: ReviewRow[] = await manager.query(`${SELECT_REVIEWS} where r.user_id = $1 order by r.created_at, r.id`, [
      userId,
    ]);
    const photos: (StoredPhoto & { reviewId: number })[] = await manager.query(
      `select p.id::text as id, p.review_id as "reviewId", p.position, p.content_type as "contentType", p.bytes
         from review_photos p join reviews r on r.id = p.review_id
        where r.user_id = $1 order by p.review_id, p.position`,
      [userId],
    );
    return rows.map((row) => ({
      ...toReview(row),
      photoFiles: photos
        .filter((photo) => photo.reviewId === row.id)
        .map(({ id, position, contentType, bytes }) => ({ id, position, contentType, bytes })),
    }));
  }

  /**
   * A deleted member's brand reviews stay for the community as 'Former member': text and ratings unchanged (so the
   * brand's rating and count, brands' copy of them, do not move and no event is sent), the author gone. Their photos
   * go: they may show the person or their home. The list totals follow by the tables' triggers.
   */
  async eraseAuthor(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(
      'delete from review_photos p using reviews r where r.id = p.review_id and r.user_id = $1',
      [userId],
    );
    await manager.query('update reviews set user_id = null where user_id = $1', [userId]);
  }
}

/** A review as its author's export holds it: the review and its photos' bytes. */
export interface AuthoredReview extends Review {
  photoFiles: StoredPhoto[];
}

/** A review photo's stored bytes. */
export interface StoredPhoto {
  id: string;
  position: number;
  contentType: string;
  bytes: Buffer;
}
