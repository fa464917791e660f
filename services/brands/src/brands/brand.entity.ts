import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** numeric comes back from pg as a string; the API speaks numbers. */
const numericAsNumber = { to: (value: number) => value, from: (value: string | null) => (value === null ? 0 : Number(value)) };

@Entity({ name: 'brands' })
export class BrandEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 255 })
  category!: string;

  @Column({ type: 'varchar', length: 255 })
  location!: string;

  @Column({ type: 'varchar', length: 50 })
  delivery!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 500 })
  imageUrl!: string;

  @Column({ name: 'instagram_url', type: 'varchar', length: 500, nullable: true })
  instagramUrl!: string | null;

  @Column({ name: 'etsy_url', type: 'varchar', length: 500, nullable: true })
  etsyUrl!: string | null;

  @Column({ name: 'website_url', type: 'varchar', length: 500, nullable: true })
  websiteUrl!: string | null;

  @Column({ name: 'tiktok_url', type: 'varchar', length: 500, nullable: true })
  tiktokUrl!: string | null;

  @Column({ type: 'integer', default: 0 })
  votes!: number;

  @Column({ type: 'numeric', precision: 4, scale: 3, default: 0, transformer: numericAsNumber })
  rating!: number;

  @Column({ name: 'rating_count', type: 'integer', default: 0 })
  ratingCount!: number;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  tags!: string[];

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  hashtags!: string[];

  @Column({ name: 'price_category', type: 'varchar', length: 10, default: '££' })
  priceCategory!: string;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  /** A London calendar day, YYYY-MM-DD (pg `date` is read as a string, never shifted by time zones). */
  @Column({ name: 'featured_date', type: 'date', nullable: true })
  featuredDate!: string | null;

  @Column({ type: 'integer', default: 0 })
  views!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
