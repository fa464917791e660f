import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { BookingEmailKind, BookingFacts } from './booking-email-rows.js';

export type OutboundEmailStatus = 'pending' | 'sent' | 'skipped' | 'suppressed' | 'failed';

/** Who an email is for: a member in one of their roles, or the support inbox (`SUPPORT_EMAIL`, no member). */
export type EmailRecipientRole = 'client' | 'hunter' | 'support';

/** What the booking emails need of their recipients beside the facts: who the client and the hunter's member are. */
export interface EmailFacts extends BookingFacts {
  clientUserId: string;
  hunterUserId: string | null;
}

/**
 * One email to write. Its `kind` names its template (`EmailTemplates`); `facts` are what the template needs that
 * must not change by the time it goes (the booking at that sequence, the event's names and reason). The row is
 * once per booking email (booking, kind, sequence, recipient, `dedupeKey`: `outbound_emails_once`) or, for every
 * other kind, once per (kind, `dedupeKey`) (`outbound_emails_once_per_key`).
 */
export interface NewOutboundEmail<Facts = unknown> {
  kind: string;
  role: EmailRecipientRole;
  /** The member it goes to; null for the support inbox. */
  recipientUserId: string | null;
  facts: Facts;
  sendAt: Date;
  /**
   * Joins the once-key. For a booking email: the id of the one-off event it tells of, '' (the default) for the
   * booking's own. For every other kind: what the email is once per (the event's id, the submission's id, the
   * message that began a run of unread ones).
   */
  dedupeKey?: string;
  /** Booking emails only: the booking and the sequence the email is about. */
  bookingId?: string;
  sequence?: number;
}

/** A booking email to write: about a booking, at a sequence, to one of its two members. */
export interface NewBookingEmail extends NewOutboundEmail<EmailFacts> {
  kind: BookingEmailKind;
  role: 'client' | 'hunter';
  recipientUserId: string;
  bookingId: string;
  sequence: number;
}

export interface OutboundEmail<Facts = unknown> {
  id: string;
  kind: string;
  role: EmailRecipientRole;
  recipientUserId: string | null;
  facts: Facts;
  sendAt: Date;
  dedupeKey: string;
  bookingId: string | null;
  sequence: number | null;
  status: OutboundEmailStatus;
  attempts: number;
  /** The Message-ID's local part a row moved from an older ledger keeps; null: the template's own. */
  messageId: string | null;
}

export type BookingEmail = OutboundEmail<EmailFacts> & { kind: BookingEmailKind; bookingId: string; sequence: number };

/** A row just written: what queueing its job needs. */
export interface PlannedEmail {
  id: string;
  kind: string;
  sendAt: Date;
}

export interface ChangesSoFar {
  newestSequence: number | null;
  unsent: BookingEmail | null;
  lastSentAt: Date | null;
}

const EMAIL_COLUMNS = `id::text as id, kind, recipient_role as role, recipient_user_id as "recipientUserId", facts,
  send_at as "sendAt", dedupe_key as "dedupeKey", booking_id as "bookingId", sequence, status, attempts,
  message_id as "messageId"`;

/**
 * The one owner of `outbound_emails`, the ledger of every email this service sends: one row per email, written in
 * the transaction of what calls for it, sent once by the email job (`EmailSendJob`), its delivery state
 * (`pending → sent | skipped | failed`) recorded here. Every record touches only a row still pending, so a
 * duplicate job, a sweep race or a retry after a crash never undoes a sent email.
 */
@Injectable()
export class OutboundEmailsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Inserts the emails that do not exist yet (a replayed event inserts none) and answers those it inserted, to be
   * queued once the transaction commits.
   */
  async insert(manager: EntityManager, emails: readonly NewOutboundEmail[]): Promise<PlannedEmail[]> {
    if (emails.length === 0) return [];
    const values: unknown[] = [];
    const tuples = emails.map((email, index) => {
      values.push(
        email.bookingId ?? null,
        email.kind,
        email.sequence ?? null,
        email.role,
        email.recipientUserId,
        JSON.stringify(email.facts),
        email.sendAt,
        email.dedupeKey ?? '',
      );
      const at = index * 8;
      return `($${at + 1}, $${at + 2}, $${at + 3}::int, $${at + 4}, $${at + 5}, $${at + 6}::jsonb, $${at + 7}::timestamptz, $${at + 8})`;
    });
    // Either once-key may refuse a row (a booking email's or another kind's): a replay writes nothing.
    const rows: { id: string; kind: string; send_at: Date }[] = await manager.query(
      `insert into outbound_emails (booking_id, kind, sequence, recipient_role, recipient_user_id, facts, send_at,
                                    dedupe_key)
       values ${tuples.join(', ')}
       on conflict do nothing
       returning id::text as id, kind, send_at`,
      values,
    );
    return rows.map((row) => ({ id: row.id, kind: row.kind, sendAt: row.send_at }));
  }

/**
   * Writes the review requests due at `sessionNow` (the clock of session rules): one to the client of each booking
   * that ended by `endedBy` (the booking emails' delay before asking) and is reviewable by the outcome bookings published (held by
   * then, within its review window: the shared copy's `held_from` and `reviewable_until`, compared, never worked
   * out) and whose review would count (`review_qualifies`, decision 0090: a free session waits for its hunter's
   * 'held' mark, the next sweep after it asks), and not yet asked about at its current sequence (a request skipped because the booking moved later does
   * not stand in the way). A moved booking is asked at its new end; one cancelled or marked a no-show before its
   * request goes is skipped by the job. Answers the rows written, to queue.
   */
  async insertReviewRequests(
    manager: EntityManager,
    sessionNow: Date,
    endedBy: Date,
    sendAt: Date,
    limit: number,
  ): Promise<PlannedEmail[]> {
    const rows: { id: string; kind: string; send_at: Date }[] = await manager.query(
      `insert into outbound_emails (booking_id, kind, sequence, recipient_role, recipient_user_id, facts, send_at)
       select b.booking_id, 'review_request', b.sequence, 'client', c.client_user_id,
              jsonb_build_object(
                'bookingId', b.booking_id, 'hunterId', c.hunter_id, 'hunterUserId', c.hunter_user_id,
                'clientUserId', c.client_user_id, 'sessionType', c.session_type,
                'startsAt', to_char(c.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'endsAt', to_char(c.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'pricePence', b.price_pence, 'sequence', b.sequence),
              $3
         from bookings b join booking_copies c on c.booking_id = b.booking_id
        where c.ends_at <= $2::timestamptz
          and c.held_from <= $1::timestamptz
          and $1::timestamptz <= c.reviewable_until
          and c.review_qualifies
          and not exists (select 1 from outbound_emails e
                           where e.booking_id = b.booking_id and e.kind = 'review_request'
                             and (e.status <> 'skipped' or e.sequence = b.sequence))
        order by c.ends_at
        limit $4
       on conflict on constraint outbound_emails_once do nothing
       returning id::text as id, kind, send_at`,
      [sessionNow, endedBy, sendAt, limit],
    );
    return rows.map((row) => ({ id: row.id, kind: row.kind, sendAt: row.send_at }));
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
    const rows: (BookingEmail & { sentAt: Date | null })[] = await manager.query(
      `select ${EMAIL_COLUMNS}, sent_at as "sentAt"
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
    const rows: OutboundEmail[] = await manager.query(`select ${EMAIL_COLUMNS} from outbound_emails where id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Pending emails due at `now`, oldest first: the sweep queues those without a live job. `now` is the session
   * clock (`now()` of the platform), not PostgreSQL's: `send_at` is a time on it, and a test that moves it
   * expects a reminder now inside its window to go.
   */
  async due(limit: number, now: Date): Promise<PlannedEmail[]> {
    const rows: { id: string; kind: string; send_at: Date }[] = await this.dataSource.query(
      `select id::text as id, kind, send_at from outbound_emails
        where status = 'pending' and send_at <= $2 order by send_at, id limit $1`,
      [limit, now],
    );
    return rows.map((row) => ({ id: row.id, kind: row.kind, sendAt: row.send_at }));
  }

  /**
   * When a member was last sent an email of `kind` whose facts say `about` (a conversation's unread-message email,
   * say): what keeps such emails at most one per interval.
   */
  async lastSent(kind: string, recipientUserId: string, about: Record<string, string>): Promise<Date | null> {
    const rows: { sent_at: Date | null }[] = await this.dataSource.query(
      `select max(sent_at) as sent_at from outbound_emails
        where kind = $1 and recipient_user_id = $2 and status = 'sent' and facts @> $3::jsonb`,
      [kind, recipientUserId, JSON.stringify(about)],
    );
    return rows[0]?.sent_at ?? null;
  }

  /**
   * The email went: its subject and text are kept with the row (the member's export shows them) until the
   * retention job prunes the body.
   */
  async sent(id: string, what: { subject: string | null; text: string | null } = { subject: null, text: null }): Promise<void> {
    await this.record(id, { status: 'sent', countAttempt: true, subject: what.subject, text: what.text });
  }

  /** Not sent: the member had turned this kind of email off by the time it was due (`reason` says which). */
  async suppressed(id: string, reason: string): Promise<void> {
    await this.record(id, { status: 'suppressed', skippedReason: reason, countAttempt: false });
  }

  /** An attempt failed; the row stays pending for the retry, or is given up on after the last one (`final`). */
  async failed(id: string, failure: { error: string; final: boolean }): Promise<void> {
    await this.record(id, { status: failure.final ? 'failed' : 'pending', error: failure.error, countAttempt: true });
  }

  /** Not sent, and never will be: its template found it pointless when it was due (`reason`). */
  async skipped(id: string, reason: string): Promise<void> {
    await this.record(id, { status: 'skipped', skippedReason: reason, countAttempt: false });
  }

  /** Records an attempt's outcome, only on a row still pending (a duplicate job never overwrites `sent`). */
  private async record(
    id: string,
    outcome: {
      status: OutboundEmailStatus;
      error?: string | null;
      skippedReason?: string;
      countAttempt: boolean;
      /** What a sent email said, kept for the member's export until the retention job prunes the text. */
      subject?: string | null;
      text?: string | null;
    },
  ): Promise<void> {
    await this.dataSource.query(
      `update outbound_emails set
         status = $2,
         last_error = $3,
         skipped_reason = $4,
         sent_at = case when $2 = 'sent' then now() else sent_at end,
         attempts = attempts + $5,
         subject = case when $2 = 'sent' then $6 else subject end,
         body_text = case when $2 = 'sent' then $7 else body_text end
       where id = $1 and status = 'pending'`,
      [
        id,
        outcome.status,
        outcome.error ?? null,
        outcome.skippedReason ?? null,
        outcome.countAttempt ? 1 : 0,
        outcome.subject ?? null,
        outcome.text ?? null,
      ],
    );
  }

  /** The emails addressed to a member, for their export: what, in what state, when, and the text while kept. */
  async ofRecipientForExport(manager: EntityManager, userId: string): Promise<unknown[]> {
    return manager.query(
      `select id::text as id, kind, status, subject, sent_at as "sentAt", created_at as "plannedAt",
              body_text as "text", body_pruned_at as "textDeletedAt"
         from outbound_emails where recipient_user_id = $1 order by created_at, id`,
      [userId],
    );
  }

  /**
   * An erased member: the emails addressed to them go (whatever their state); other people's emails whose facts
   * name them by id (a booking email names both sides) name `formerId` instead, and the kept subject, text and facts
   * of those emails say `replacement` where they said one of `mentions` (the member's full name, their address,
   * their hunter profile's name).
   */
  async forgetRecipient(
    manager: EntityManager,
    userId: string,
    formerId: string,
    mentions: readonly string[],
    replacement: string,
  ): Promise<void> {
    await manager.query(`delete from outbound_emails where recipient_user_id = $1`, [userId]);
    await manager.query(
      `update outbound_emails set facts = replace(facts::text, $1, $2)::jsonb where strpos(facts::text, $1) > 0`,
      [JSON.stringify(userId).slice(1, -1), formerId],
    );
    // Longest first, so a full name is replaced before a shorter mention inside it.
    const named = mentions.filter((text) => text.trim().length > 1).sort((a, b) => b.length - a.length);
    for (const mention of named) {
      await manager.query(
        `update outbound_emails set subject = replace(subject, $1, $2), body_text = replace(body_text, $1, $2),
                facts = replace(facts::text, $3, $4)::jsonb
          where strpos(subject, $1) > 0 or strpos(body_text, $1) > 0 or strpos(facts::text, $3) > 0`,
        [mention, replacement, JSON.stringify(mention).slice(1, -1), JSON.stringify(replacement).slice(1, -1)],
      );
    }
  }

  /**
   * Prunes, at most `limit` at a time, the text and facts of emails no longer pending whose send (or plan) is older
   * than `days`; the row keeps kind, recipient, state, subject and times. Answers how many it pruned.
   */
  async pruneBodies(days: number, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown[], number]>(
      `update outbound_emails set body_text = null, facts = '{}'::jsonb, body_pruned_at = now()
        where id in (select id from outbound_emails
                      where body_pruned_at is null and status <> 'pending'
                        and coalesce(sent_at, created_at) < now() - make_interval(days => $1)
                      limit $2)`,
      [days, limit],
    );
    return count;
  }
}
