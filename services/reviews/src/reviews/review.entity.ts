import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One member's review of one brand (unique per brand and user in the database). */
@Entity({ name: 'reviews' })
export class ReviewEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'brand_id', type: 'integer' })
  brandId: number;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** The rounded mean of the four category ratings, computed here, never taken from the client. */
  @Column({ type: 'smallint' })
  rating: number;

  @Column({ name: 'speed_rating', type: 'smallint' })
  speedRating: number;

  @Column({ name: 'ease_rating', type: 'smallint' })
  easeRating: number;

  @Column({ name: 'quality_rating', type: 'smallint' })
  qualityRating: number;

  @Column({ name: 'sustainability_rating', type: 'smallint' })
  sustainabilityRating: number;

  @Column({ name: 'review_text', type: 'varchar', length: 2000, nullable: true })
  reviewText: string | null;

  /** How many photos the review has (0–3): kept by a trigger on review_photos, summed into the brand's photo count. */
  @Column({ name: 'photo_count', type: 'smallint', default: 0 })
  photoCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
