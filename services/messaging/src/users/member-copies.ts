import { Injectable } from '@nestjs/common';
import { UserCopies, type UserFacts } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

/** A member as the emails need them: where to write, and what to call them. */
export interface Member {
  userId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** Their own time zone (IANA) from identity, which their emails state times in; null while identity knows none. */
  timeZone: string | null;
}

/** `Ada Lovelace`, or null when identity knows no name. */
export function fullName(member: Pick<Member, 'firstName' | 'lastName'>): string | null {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/**
 * Messaging's copy of identity's users: the platform's UserCopies (names and photo, latest event wins) plus the
 * email address and time zone, which only messaging keeps because only it writes to members. They are set in the
 * same transaction, only when this event is the one the copy now holds, so an older event never brings back an old
 * address or zone. An event without a zone (a registration, or an update from before zones were kept) leaves the
 * zone the copy has.
 */
@Injectable()
export class MemberCopies {
  constructor(private readonly users: UserCopies) {}

  async apply(
    manager: EntityManager,
    user: UserFacts & { email: string; timeZone?: string | null },
    occurredAt: string,
  ): Promise<void> {
    await this.users.apply(manager, user, occurredAt);
    await manager.query(
      `update users set email = $2, time_zone = case when $4 then $5 else time_zone end
        where user_id = $1 and updated_at = $3`,
      [user.userId, user.email, occurredAt, user.timeZone !== undefined, user.timeZone ?? null],
    );
  }

  async find(manager: EntityManager, userId: string): Promise<Member | null> {
    const rows: Member[] = await manager.query(
      `select user_id as "userId", email, first_name as "firstName", last_name as "lastName",
              profile_image_url as "profileImageUrl", time_zone as "timeZone"
         from users where user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * An erased member's copy goes (names, photo, address): a later unsubscribe link of theirs finds nobody, and
   * their name shows nowhere.
   */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`delete from users where user_id = $1`, [userId]);
  }
}
