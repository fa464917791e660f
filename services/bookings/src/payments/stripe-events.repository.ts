import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface StripeEventRecord {
  id: string;
  type: string;
  /** Stripe's `created`, Unix seconds. */
  created: number;
}

/** The one owner of stripe_events: which webhook events bookings has handled. */
@Injectable()
export class StripeEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records the event in the caller's transaction; false when it was already recorded. A second delivery racing
   * this one waits on the row until this transaction ends, then finds it (or, if this one rolled back, takes over).
   */
  async recordOnce(manager: EntityManager, event: StripeEventRecord): Promise<boolean> {
    const rows = await manager.query<{ id: string }[]>(
      `insert into stripe_events (id, type, stripe_created_at) values ($1, $2, to_timestamp($3))
       on conflict (id) do nothing
       returning id`,
      [event.id, event.type, event.created],
    );
    return rows.length === 1;
  }

  /** Deletes up to `batch` events received more than `days` days ago; answers how many it deleted. */
  async pruneOlderThan(days: number, batch: number): Promise<number> {
    const rows = await this.dataSource.query<{ count: number }[]>(
      `with pruned as (
         delete from stripe_events where id in (
           select id from stripe_events where received_at < now() - make_interval(days => $1) limit $2)
         returning 1)
       select count(*)::int as count from pruned`,
      [days, batch],
    );
    return rows[0]?.count ?? 0;
  }
}
