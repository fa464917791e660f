import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A review photo, stored once and served by URL (`/api/media/review-photos/{id}`); lists never carry its bytes. */
@Entity({ name: 'review_photos' })
export class ReviewPhoto {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'review_id', type: 'integer' })
  reviewId: number;

  /** Order within the review, 0–2. */
  @Column({ type: 'smallint' })
  position: number;

  /** The type the bytes showed when they were uploaded. */
  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'bytea' })
  bytes: Buffer;

  @Column({ name: 'byte_length', type: 'integer' })
  byteLength: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
