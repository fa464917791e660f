import { Injectable } from '@nestjs/common';
import type { HunterCreatedV1, HunterStatus } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

export interface HunterCopy {
  hunterId: number;
  userId: string | null;
  name: string;
  profileImageUrl: string | null;
  /** Only an approved hunter gets new conversations; a conversation with one that is not is closed. */
  status: HunterStatus;
}

/**
 * Messaging's copy of hunters: id, member, name, photo and vetting status, for the emails and conversations. Fed by
 * hunters' created/updated events; a newer copy is never overwritten by an older event.
 */
@Injectable()
export class HunterCopies {
  /** True when the copy took the event (it was not older than what the copy held). */
  async apply(manager: EntityManager, hunter: HunterCreatedV1, occurredAt: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `insert into hunters (hunter_id, user_id, name, profile_image_url, status, updated_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (hunter_id) do update set
         user_id = excluded.user_id,
         name = excluded.name,
         profile_image_url = excluded.profile_image_url,
         status = excluded.status,
         updated_at = excluded.updated_at
       where hunters.updated_at < excluded.updated_at
       returning hunter_id`,
      [hunter.hunterId, hunter.userId, hunter.name, hunter.profileImageUrl, hunter.status, occurredAt],
    );
    return rows.length > 0;
  }

  async find(manager: EntityManager, hunterId: number): Promise<HunterCopy | null> {
    const rows: HunterCopy[] = await manager.query(
      `select hunter_id as "hunterId", user_id as "userId", name, profile_image_url as "profileImageUrl", status
         from hunters where hunter_id = $1`,
      [hunterId],
    );
    return rows[0] ?? null;
  }
}
