import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../auth/internal-token.js';
import type { EntityManager } from 'typeorm';

export interface UserFacts {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/**
 * The one writer of a service's copy of identity's users (the `users` table: names and pictures, joined at read
 * time so a rename shows everywhere at once). Identity's events and a member's own sign-in feed it. Shared by the
 * services that keep such a copy; each creates the table in its own schema with a migration running
 * CREATE_USERS_COPY_TABLE.
 */
/**
 * The users copy's table, as the migrations of the services that keep one create it (reviews, hunters). Migrations
 * are immutable: never edit this text (it would differ from what existing schemas ran); change the table with a
 * new migration in each service.
 */
export const CREATE_USERS_COPY_TABLE = `
      create table users (
        user_id text primary key,
        first_name text,
        last_name text,
        profile_image_url text,
        updated_at timestamptz not null
      )`;

@Injectable()
export class UserCopies {
  /** Applies what identity says about a user, unless the copy already holds something it said later. */
  async apply(manager: EntityManager, user: UserFacts, occurredAt: string): Promise<void> {
    await manager.query(
      `insert into users (user_id, first_name, last_name, profile_image_url, updated_at)
       values ($1, $2, $3, $4, $5)
       on conflict (user_id) do update set
         first_name = excluded.first_name,
         last_name = excluded.last_name,
         profile_image_url = excluded.profile_image_url,
         updated_at = excluded.updated_at
       where users.updated_at < excluded.updated_at`,
      [user.userId, user.firstName, user.lastName, user.profileImageUrl, occurredAt],
    );
  }

  /**
   * A deleted member's row goes (their `identity.user.deleted`, in the inbox transaction): the copy keeps names and a
   * picture of people who have an account, and this one no longer does.
   */
  async forget(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('delete from users where user_id = $1', [userId]);
  }

  /**
   * A member can write before identity's registration event has reached this service: the names their sign-in
   * carries fill the gap, dated '-infinity' so any event from identity replaces them.
   */
  async rememberSignedIn(manager: EntityManager, user: AuthenticatedUser): Promise<void> {
    await manager.query(
      `insert into users (user_id, first_name, last_name, profile_image_url, updated_at)
       values ($1, $2, $3, null, '-infinity') on conflict (user_id) do nothing`,
      [user.id, user.firstName, user.lastName],
    );
  }
}
