import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event waiting to be relayed to its stream, written in the same transaction as the change it reports. */
@Entity({ name: 'outbox' })
export class OutboxEntry {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** Order of writing, so the relay publishes in the order changes were made. */
  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'integer' })
  version: number;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ type: 'jsonb' })
  data: unknown;

  /** The publish span's W3C trace context, carried to the stream entry (null when the publisher does not trace). */
  @Column({ type: 'text', nullable: true })
  traceparent: string | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
