import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A member's comment on a brand: plain text, stored trimmed, never rendered as HTML. */
@Entity({ name: 'comments' })
export class CommentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'brand_id', type: 'integer' })
  brandId: number;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'varchar', length: 500 })
  content: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
