import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A brand id that exists in the directory, copied from brands.brand.created; reviews and comments hang off it. */
@Entity({ name: 'brands' })
export class BrandCopy {
  @PrimaryColumn({ name: 'brand_id', type: 'integer' })
  brandId: number;

  /** How many reviews, review photos and comments the brand has: kept by triggers, read as a list's total. */
  @Column({ name: 'review_count', type: 'integer', default: 0 })
  reviewCount: number;

  @Column({ name: 'photo_count', type: 'integer', default: 0 })
  photoCount: number;

  @Column({ name: 'comment_count', type: 'integer', default: 0 })
  commentCount: number;
}
