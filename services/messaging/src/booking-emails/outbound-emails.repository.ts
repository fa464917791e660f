import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { BOOKING_ACTION_RULES } from '@hunted/contracts';
import type { EmailFailure, EmailLedger } from '../mail/email-ledger.js';
import type { BookingEmailKind, BookingFacts, RecipientRole } from './booking-email-content.js';
import { REVIEW_REQUEST_DELAY_MS } from './email-rules.js';

export type OutboundEmailStatus = 'pending' | 'sent' | 'skipped' | 'failed';

/** What the booking emails need of their recipients beside the facts: who the client and the hunter's member are. */
export interface EmailFacts extends BookingFacts {
  clientUserId: string;
  hunterUserId: string | null;
}

export interface NewOutboundEmail {
  bookingId: string;
  kind: BookingEmailKind;
  sequence: number;
  role: RecipientRole;
  recipientUserId: string;
  facts: EmailFacts;
  sendAt: Date;
  /** Joins the once-key: the id of the one-off event the email tells of; '' (the default) for the booking's own. */
  dedupeKey?: string;
}

/** A request is useful only while the review can still be written. */
const REVIEW_WINDOW_DAYS = BOOKING_ACTION_RULES.reviewWindowDays;

export interface OutboundEmail extends NewOutboundEmail {
  id: string;
  status: OutboundEmailStatus;
  attempts: number;
}

export interface ChangesSoFar {
  newestSequence: number | null;
  unsent: OutboundEmail | null;
  lastSentAt: Date | null;
}

/**
 * The one owner of `outbound_emails`: one row per (booking, kind, sequence, recipient), sent at most once, and the
 * ledger of their sending (`sent`/`failed`, keyed by the row's id).
 */
@Injectable()
export class OutboundEmailsRepository implements EmailLedger<string> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Inserts the emails that do not exist yet (a replayed event inserts none) and answers those it inserted, to be
   * queued once the transaction commits.
   */
  async insert(manager: EntityManager, emails: NewOutboundEmail[]): Promise<{ id: string; sendAt: Date }[]> {
    if (emails.length === 0) return [];
    const values: unknown[] = [];
    const tuples = emails.map((email, index) => {
      values.push(
        email.bookingId,
        email.kind,
        email.sequence,
        email.role,
        email.recipientUserId,
        JSON.stringify(email.facts),
        email.sendAt,
        email.dedupeKey ?? '',
      );
      const at = index * 8;
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}::jsonb, $${at + 7}, $${at + 8})`;
    });
    const rows: { id: string; send_at: Date }[] = await manager.query(
      `insert into outbound_emails (booking_id, kind, sequence, recipient_role, recipient_user_id, facts, send_at,
                                    dedupe_key)
       values ${tuples.join(', ')}
       on conflict on constraint outbound_emails_once do nothing
       returning id::text as id, send_at`,
      values,
    );
    return rows.map((row) => ({ id: row.id, sendAt: row.send_at }));
  }

  /**
   * Writes the review requests due at `sessionNow` (the clock of session rules): one to the client of each booking
   * (as the copy has it) that ended at least REVIEW_REQUEST_DELAY_MS ago, while its review window is open, not
   * cancelled, not marked a no-show, and not yet asked about at its current times (a request skipped because the
   * booking moved later does not stand in the way). A moved booking is asked at its new end; one cancelled or
   * marked a no-show before its request goes is skipped by the job. Answers the rows written, to queue.
   */
  async insertReviewRequests(
    manager: EntityManager,
    sessionNow: Date,
    sendAt: Date,
    limit: number,
  ): Promise<{ id: string; sendAt: Date }[]> {
    const rows: { id: string; send_at: Date }[] = await manager.query(
      `insert into outbound_emails (booking_id, kind, sequence, recipient_role, recipient_user_id, facts, send_at)
       select b.booking_id, 'review_request', b.sequence, 'client', b.client_user_id,
              jsonb_build_object(
                'bookingId', b.booking_id, 'hunterId', b.hunter_id, 'hunterUserId', b.hunter_user_id,
                'clientUserId', b.client_user_id, 'sessionType', b.session_type,
                'startsAt', to_char(b.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'endsAt', to_char(b.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'pricePence', b.price_pence, 'sequence', b.sequence),
              $4
         from bookings b
        where b.ends_at <= $1::timestamptz - make_interval(secs => $2 / 1000.0)
          and b.ends_at > $1::timestamptz - make_interval(days => $3)
          and b.status <> 'cancelled'
          and b.attendance is distinct from 'no_show'
          and not exists (select 1 from outbound_emails e
                           where e.booking_id = b.booking_id and e.kind = 'review_request'
                             and (e.status <> 'skipped' or e.sequence = b.sequence))
        order by b.ends_at
        limit $5
       on conflict on constraint outbound_emails_once do nothing
       returning id::text as id, send_at`,
      [sessionNow, REVIEW_REQUEST_DELAY_MS, REVIEW_WINDOW_DAYS, sendAt, limit],
    );
    return rows.map((row) => ({ id: row.id, sendAt: row.send_at }));
  }

  /**
   * Marks pending emails of a booking that a change made pointless as skipped (reminders of an older time or a
   * cancelled booking, a confirmation not yet sent when the booking was cancelled): their jobs then do nothing.
   * Answers the ids it skipped, so their delayed jobs can be taken out of Redis.
   */
  async skipPending(
    manager: EntityManager,
    bookingId: string,
    kinds: readonly BookingEmailKind[],
    olderThanSequence: number | null,
    reason: string,
  ): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `update outbound_emails set status = 'skipped', skipped_reason = $4
        where booking_id = $1 and status = 'pending' and kind = any($2::text[])
          and ($3::int is null or sequence < $3::int)
        returning id::text as id`,
      [bookingId, kinds, olderThanSequence, reason],
    );
    return rows.map(({ id }) => id);
  }

  /**
   * What one recipient was already sent or is about to be sent about a booking's changes (`kinds`): the newest
   * sequence planned, the unsent email a new change merges into, and when the last one went.
   */
  async changesSoFar(
    manager: EntityManager,
    bookingId: string,
    recipientUserId: string,
    kinds: readonly BookingEmailKind[],
  ): Promise<ChangesSoFar> {
    const rows: (OutboundEmail & { sentAt: Date | null })[] = await manager.query(
      `select id::text as id, booking_id as "bookingId", kind, sequence, recipient_role as role,
              recipient_user_id as "recipientUserId", facts, send_at as "sendAt", status, attempts, sent_at as "sentAt"
         from outbound_emails
        where booking_id = $1 and recipient_user_id = $2 and kind = any($3::text[])
        order by sequence desc, id desc`,
      [bookingId, recipientUserId, kinds],
    );
    const sent = rows
      .filter((row) => row.status === 'sent' && row.sentAt)
      .map((row) => new Date(row.sentAt!).getTime());
    return {
      newestSequence: rows[0]?.sequence ?? null,
      unsent: rows.find((row) => row.status === 'pending') ?? null,
      lastSentAt: sent.length > 0 ? new Date(Math.max(...sent)) : null,
    };
  }

  /** Marks one pending email skipped (merged into a later one). */
  async skip(manager: EntityManager, id: string, reason: string): Promise<void> {
    await manager.query(
      `update outbound_emails set status = 'skipped', skipped_reason = $2 where id = $1 and status = 'pending'`,
      [id, reason],
    );
  }

  async find(manager: EntityManager, id: string): Promise<OutboundEmail | null> {
    const rows: OutboundEmail[] = await manager.query(
      `select id::text as id, booking_id as "bookingId", kind, sequence, recipient_role as role,
              recipient_user_id as "recipientUserId", facts, send_at as "sendAt", status, attempts
         from outbound_emails where id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Pending emails already due, oldest first: the sweep queues those without a live job. */
  async due(manager: EntityManager, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `select id::text as id from outbound_emails where status = 'pending' and send_at <= now() order by send_at, id limit $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /** The ledger: the email went. */
  async sent(id: string): Promise<void> {
    await this.record(this.dataSource.manager, id, { status: 'sent', countAttempt: true });
  }

  /** The ledger: an attempt failed; the row stays pending for the retry, or is given up on after the last one. */
  async failed(id: string, failure: EmailFailure): Promise<void> {
    await this.record(this.dataSource.manager, id, {
      status: failure.final ? 'failed' : 'pending',
      error: failure.error,
      countAttempt: true,
    });
  }

  /** Records an attempt's outcome, only on a row still pending (a duplicate job never overwrites `sent`). */
  async record(
    manager: EntityManager,
    id: string,
    outcome: { status: OutboundEmailStatus; error?: string | null; skippedReason?: string; countAttempt: boolean },
  ): Promise<void> {
    await manager.query(
      `update outbound_emails set
         status = $2,
         last_error = $3,
         skipped_reason = $4,
         sent_at = case when $2 = 'sent' then now() else sent_at end,
         attempts = attempts + $5
       where id = $1 and status = 'pending'`,
      [id, outcome.status, outcome.error ?? null, outcome.skippedReason ?? null, outcome.countAttempt ? 1 : 0],
    );
  }
}
