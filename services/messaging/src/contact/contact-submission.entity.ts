import type { ContactCategory } from '@hunted/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Where the support email of a submission stands: queued or retrying, delivered to SMTP, or given up on. */
export type EmailStatus = 'pending' | 'sent' | 'failed';

@Entity({ name: 'contact_submissions' })
export class ContactSubmissionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 500 })
  subject: string;

  @Column({ type: 'varchar', length: 100, default: 'general' })
  category: ContactCategory;

  @Column({ type: 'text' })
  message: string;

  /** The inbox's own workflow state; 'new' until an operator changes it (no transition is built yet). */
  @Column({ type: 'varchar', length: 50, default: 'new' })
  status: string;

  @Column({ name: 'email_status', type: 'varchar', length: 20, default: 'pending' })
  emailStatus: EmailStatus;

  @Column({ name: 'email_attempts', type: 'integer', default: 0 })
  emailAttempts: number;

  @Column({ name: 'email_last_error', type: 'text', nullable: true })
  emailLastError: string | null;

  @Column({ name: 'email_sent_at', type: 'timestamptz', nullable: true })
  emailSentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
