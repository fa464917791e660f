import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The spec's board_items (a member's pinned items). Stored for the data model; no screen or call uses it yet. */
@Entity({ name: 'board_items' })
export class BoardItemEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'item_name', type: 'varchar', length: 255 })
  itemName!: string;

  @Column({ name: 'brand_name', type: 'varchar', length: 255 })
  brandName!: string;

  @Column({ name: 'item_url', type: 'varchar', length: 500 })
  itemUrl!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
