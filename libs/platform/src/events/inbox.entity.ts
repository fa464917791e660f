import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event this service has applied; its id being here is what makes a redelivery a no-op. */
@Entity({ name: 'inbox' })
export class InboxEntry {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt: Date;
}
