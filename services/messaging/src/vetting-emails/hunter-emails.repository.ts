import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HunterDecisionKind } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { EmailFailure, EmailLedger } from '../mail/email-ledger.js';

export interface NewHunterEmail {
  /** The `hunters.hunter.vetted` event's id: one email per event, however often it is delivered. */
  eventId: string;
  hunterId: number;
  recipientUserId: string;
  decision: HunterDecisionKind;
  hunterName: string;
  reason: string | null;
}

export interface HunterEmail extends NewHunterEmail {
  id: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
}

/**
 * The one owner of `hunter_emails`: one row per vetting decision emailed to a hunter, and the ledger of its sending
 * (`sent`/`failed`, keyed by the row's id), as `outbound_emails` is for the booking emails.
 */
@Injectable()
export class HunterEmailsRepository implements EmailLedger<string> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the email unless its event already has one; answers the new row's id, or null for a replay. */
  async insert(manager: EntityManager, email: NewHunterEmail): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `insert into hunter_emails (event_id, hunter_id, recipient_user_id, decision, hunter_name, reason)
       values ($1, $2, $3, $4, $5, $6)
       on conflict on constraint hunter_emails_once do nothing
       returning id::text as id`,
      [email.eventId, email.hunterId, email.recipientUserId, email.decision, email.hunterName, email.reason],
    );
    return rows[0]?.id ?? null;
  }

  async find(id: string): Promise<HunterEmail | null> {
    const rows: HunterEmail[] = await this.dataSource.query(
      `select id::text as id, event_id as "eventId", hunter_id as "hunterId", recipient_user_id as "recipientUserId",
              decision, hunter_name as "hunterName", reason, status, attempts
         from hunter_emails where id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Pending emails, oldest first: the sweep queues those without a live job. */
  async pending(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `select id::text as id from hunter_emails where status = 'pending' order by created_at, id limit $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** The ledger: the email went (only a row still pending is touched, so a duplicate job changes nothing). */
  async sent(id: string): Promise<void> {
    await this.dataSource.query(
      `update hunter_emails set status = 'sent', sent_at = now(), last_error = null, attempts = attempts + 1
        where id = $1 and status = 'pending'`,
      [id],
    );
  }

  /** The ledger: an attempt failed; the row stays pending for the retry, or is given up on after the last one. */
  async failed(id: string, failure: EmailFailure): Promise<void> {
    await this.dataSource.query(
      `update hunter_emails set status = $2, last_error = $3, attempts = attempts + 1
        where id = $1 and status = 'pending'`,
      [id, failure.final ? 'failed' : 'pending', failure.error],
    );
  }
}
