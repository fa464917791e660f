import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One vote. The database refuses a second by the same user for the same brand within 24 hours. */
@Entity({ name: 'votes' })
export class VoteEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'brand_id', type: 'integer' })
  brandId!: number;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'ip_address', type: 'varchar', length: 45 })
  ipAddress!: string;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt!: Date;

  @Column({ name: 'window_end', type: 'timestamptz', insert: false, update: false })
  windowEnd!: Date;
}
