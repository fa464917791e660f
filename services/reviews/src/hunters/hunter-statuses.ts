import { Injectable } from '@nestjs/common';
import type { HunterStatus } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The one owner of `hunter_statuses`: this service's copy of each hunter's vetting status, from hunters'
 * `hunters.hunter.created`/`updated` (both carry it), so a hunter's reviews are shown only while their profile is
 * (decision 0096). Ordered by the event's `occurredAt`, as messaging's and bookings' copies of hunters are: an older
 * event never overwrites a newer status, whatever order they arrive in, and a repeat changes nothing.
 */
@Injectable()
export class HunterStatuses {
  async apply(manager: EntityManager, hunterId: number, status: HunterStatus, occurredAt: string): Promise<void> {
    await manager.query(
      `insert into hunter_statuses (hunter_id, status, updated_at) values ($1, $2, $3)
       on conflict (hunter_id) do update set status = excluded.status, updated_at = excluded.updated_at
       where hunter_statuses.updated_at < excluded.updated_at`,
      [hunterId, status, occurredAt],
    );
  }

  /** Whether the hunter's profile is public (approved); false for one this service has not heard of. */
  async isApproved(manager: EntityManager, hunterId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `select 1 from hunter_statuses where hunter_id = $1 and status = 'approved'`,
      [hunterId],
    );
    return rows.length > 0;
  }
}
