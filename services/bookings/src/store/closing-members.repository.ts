import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The sentence a hold or free booking by (or of the hunter profile of) a member being deleted is refused with. */
export const ACCOUNT_CLOSING = 'This account is being deleted.';

/**
 * The one owner of closing_members: the members bookings cleared for deletion (issue 36). From the clearance to the
 * erasure, nothing new may open for them, so nothing can stand between the check's answer and the deletion.
 *
 * The check and every new booking meet on one advisory lock per member (`bookings:closing:<user id>`): the check
 * takes it exclusively while it counts what is open and records the member; a hold or free booking takes it shared
 * for its client and for its hunter's member, in its own transaction, before it reads this table. Either the
 * booking committed first (the check, waiting on the lock, then counts it and refuses the deletion), or the check
 * did (the booking, waiting on the lock, then reads the member here and is refused with 409). Holds never wait on
 * each other for it (shared), and a check holds only its one member's lock, so no cycle forms.
 */
@Injectable()
export class ClosingMembersRepository {
  /** The deletion check's side: no booking of the member is on its way while it counts (exclusive). */
  async lockForCheck(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtextextended('bookings:closing:' || $1, 0))`, [userId]);
  }

  /**
   * A new booking's side: the members it involves (its client, its hunter's member) cannot be cleared until it
   * commits (shared, so bookings do not wait on each other); answers whether any of them is already closing.
   * Ids are locked in order, the same order every transaction uses.
   */
  async lockOpenAndIsClosing(manager: EntityManager, userIds: readonly (string | null)[]): Promise<boolean> {
    const ids = [...new Set(userIds.filter((id): id is string => id !== null))].sort();
    for (const id of ids) {
      await manager.query(`select pg_advisory_xact_lock_shared(hashtextextended('bookings:closing:' || $1, 0))`, [id]);
    }
    if (ids.length === 0) return false;
    const rows = await manager.query<unknown[]>(`select 1 from closing_members where user_id = any($1::text[])`, [ids]);
    return rows.length > 0;
  }

  /** Records the member as closing (a redelivered clearance keeps the first row). */
  async record(manager: EntityManager, userId: string, deletionId: string): Promise<void> {
    await manager.query(
      `insert into closing_members (user_id, deletion_id) values ($1, $2) on conflict (user_id) do nothing`,
      [userId, deletionId],
    );
  }

  /** The member's deletion is done (or the check refused it): nothing is held back for them any more. */
  async remove(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`delete from closing_members where user_id = $1`, [userId]);
  }
}
