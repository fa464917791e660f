import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A profile photo, stored once and served by URL so lists never carry it inline. */
@Entity({ name: 'images' })
export class ProfileImage {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'bytea' })
  bytes: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
