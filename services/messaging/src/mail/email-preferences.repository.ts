import { Injectable } from '@nestjs/common';
import { DEFAULT_EMAIL_PREFERENCES, OPTIONAL_EMAIL_KINDS, type OptionalEmailKind } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

export type EmailPreferences = Record<OptionalEmailKind, boolean>;

/** The column of `email_preferences` that holds a kind's switch (`message-nudges` → `message_nudges`). */
function columnOf(kind: OptionalEmailKind): string {
  return kind.replace(/-/g, '_');
}

const SELECT_COLUMNS = OPTIONAL_EMAIL_KINDS.map((kind) => `${columnOf(kind)} as "${kind}"`).join(', ');

/**
 * The one owner of `email_preferences`: a member's switches, one boolean column per optional kind of email. A
 * member without a row has `DEFAULT_EMAIL_PREFERENCES` (everything on but news), so nothing needs writing for the
 * members who never changed a switch. Read by the email job when an email is due (not when it is planned).
 */
@Injectable()
export class EmailPreferencesRepository {
  async of(manager: EntityManager, userId: string): Promise<EmailPreferences> {
    const rows: EmailPreferences[] = await manager.query(`select ${SELECT_COLUMNS} from email_preferences where user_id = $1`, [
      userId,
    ]);
    return rows[0] ?? { ...DEFAULT_EMAIL_PREFERENCES };
  }

  /** Whether the member has a row (the export says whether they ever chose). */
  async stored(manager: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`select 1 from email_preferences where user_id = $1`, [userId]);
    return rows.length > 0;
  }

  /**
   * Sets the switches `changes` names and keeps the others (the defaults for a member without a row), in one
   * statement; answers them all as they now are.
   */
  async change(manager: EntityManager, userId: string, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
    const kinds = OPTIONAL_EMAIL_KINDS.filter((kind) => changes[kind] !== undefined);
    if (kinds.length === 0) return this.of(manager, userId);
    const columns = OPTIONAL_EMAIL_KINDS.map(columnOf);
    const inserted = OPTIONAL_EMAIL_KINDS.map((kind) => changes[kind] ?? DEFAULT_EMAIL_PREFERENCES[kind]);
    const rows: EmailPreferences[] = await manager.query(
      `insert into email_preferences (user_id, ${columns.join(', ')})
       values ($1, ${inserted.map((_, i) => `$${i + 2}`).join(', ')})
       on conflict (user_id) do update set
         ${kinds.map((kind) => `${columnOf(kind)} = excluded.${columnOf(kind)}`).join(', ')}, updated_at = now()
       returning ${SELECT_COLUMNS}`,
      [userId, ...inserted],
    );
    return rows[0]!;
  }

  async deleteFor(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`delete from email_preferences where user_id = $1`, [userId]);
  }
}
