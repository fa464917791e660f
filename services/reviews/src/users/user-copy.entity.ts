import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What identity last said about a user; names are joined at read time so a rename shows everywhere at once. */
@Entity({ name: 'users' })
export class UserCopy {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl: string | null;

  /** When identity made the change (the event's occurredAt): older news never overwrites newer. */
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
