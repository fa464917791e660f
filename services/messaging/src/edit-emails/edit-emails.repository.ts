import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EmailFailure, EmailLedger } from '../mail/email-ledger.js';

/**
 * What the client is told: an edit arrived, or its hunter asks to publish it; or what the hunter is told: today is
 * their Hunter's Pick (the same hunters-feature emails, one ledger).
 */
export type EditEmailKind = 'edit_sent' | 'publish_requested' | 'pick_chosen';

export interface NewEditEmail {
  /** The hunters event's id: one email per event, however often it is delivered. */
  eventId: string;
  kind: EditEmailKind;
  /** Null for a Hunter's Pick email (it is about a day, not an edit). */
  editId: number | null;
  hunterId: number;
  recipientUserId: string;
  hunterName: string;
  title: string;
}

export interface EditEmail extends NewEditEmail {
  id: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
}

/**
 * The one owner of `edit_emails`: one row per Hunter Edit email to a client, and the ledger of its sending
 * (`sent`/`failed`, keyed by the row's id), as `hunter_emails` is for the vetting emails.
 */
@Injectable()
export class EditEmailsRepository implements EmailLedger<string> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the email unless its event already has one; answers the new row's id, or null for a replay. */
  async insert(manager: EntityManager, email: NewEditEmail): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `insert into edit_emails (event_id, kind, edit_id, hunter_id, recipient_user_id, hunter_name, title)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict on constraint edit_emails_once do nothing
       returning id::text as id`,
      [email.eventId, email.kind, email.editId, email.hunterId, email.recipientUserId, email.hunterName, email.title],
    );
    return rows[0]?.id ?? null;
  }

  async find(id: string): Promise<EditEmail | null> {
    const rows: EditEmail[] = await this.dataSource.query(
      `select id::text as id, event_id as "eventId", kind, edit_id as "editId", hunter_id as "hunterId",
              recipient_user_id as "recipientUserId", hunter_name as "hunterName", title, status, attempts
         from edit_emails where id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Pending emails, oldest first: the sweep queues those without a live job. */
  async pending(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `select id::text as id from edit_emails where status = 'pending' order by created_at, id limit $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** The ledger: the email went (only a row still pending is touched, so a duplicate job changes nothing). */
  async sent(id: string): Promise<void> {
    await this.dataSource.query(
      `update edit_emails set status = 'sent', sent_at = now(), last_error = null, attempts = attempts + 1
        where id = $1 and status = 'pending'`,
      [id],
    );
  }

  /** The ledger: an attempt failed; the row stays pending for the retry, or is given up on after the last one. */
  async failed(id: string, failure: EmailFailure): Promise<void> {
    await this.dataSource.query(
      `update edit_emails set status = $2, last_error = $3, attempts = attempts + 1
        where id = $1 and status = 'pending'`,
      [id, failure.final ? 'failed' : 'pending', failure.error],
    );
  }
}
