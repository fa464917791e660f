import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactCategory, ContactInput, ContactSubmission } from '@hunted/contracts';
import type { Page } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { EmailFailure, EmailLedger } from '../mail/email-ledger.js';

/** Where the support email of a submission stands: queued or retrying, delivered to SMTP, or given up on. */
export type EmailStatus = 'pending' | 'sent' | 'failed';

/** A stored submission, as its email and the admin inbox read it. */
export interface ContactSubmissionRecord {
  id: number;
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
  message: string;
  /** The inbox's own workflow state; 'new' until an operator changes it (no transition is built yet). */
  status: string;
  emailStatus: EmailStatus;
  createdAt: Date;
  updatedAt: Date;
}

const SUBMISSION_COLUMNS = `id, name, email, subject, category, message, status, email_status as "emailStatus",
  created_at as "createdAt", updated_at as "updatedAt"`;

/**
 * The one owner of `contact_submissions`: the stored messages of the contact form, and the ledger of their support
 * emails (`email_status`, `email_attempts`, `email_last_error`, `email_sent_at`), keyed by the submission's id.
 */
@Injectable()
export class ContactSubmissionRepository implements EmailLedger<number> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores a submission (status 'new', its email pending) and answers its id. */
  async insert(input: ContactInput): Promise<number> {
    const [row] = (await this.dataSource.query(
      `insert into contact_submissions (name, email, subject, category, message)
       values ($1, $2, $3, $4, $5) returning id`,
      [input.name, input.email, input.subject, input.category, input.message],
    )) as { id: number }[];
    return row!.id;
  }

  /** The id the next stored submission will get: what a dropped one (the honeypot) is answered with. */
  async nextId(): Promise<number> {
    const rows: { next: string }[] = await this.dataSource.query(
      'select last_value + 1 as next from contact_submissions_id_seq',
    );
    return Number(rows[0]?.next ?? 1);
  }

  async find(id: number): Promise<ContactSubmissionRecord | null> {
    const rows: ContactSubmissionRecord[] = await this.dataSource.query(
      `select ${SUBMISSION_COLUMNS} from contact_submissions where id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** A page of the admin inbox, newest first, and how many submissions there are in all. */
  async page(page: Page): Promise<{ items: ContactSubmission[]; total: number }> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `select ${SUBMISSION_COLUMNS} from contact_submissions order by created_at desc, id desc limit $1 offset $2`,
        [page.limit, page.offset],
      ) as Promise<ContactSubmissionRecord[]>,
      this.dataSource.query('select count(*)::int as total from contact_submissions') as Promise<{ total: number }[]>,
    ]);
    return { items: rows.map(toContactSubmission), total: counted[0]?.total ?? 0 };
  }

  /** Submissions whose email is still pending, oldest first: the sweep queues those without a live job. */
  async pendingEmailIds(limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `select id from contact_submissions where email_status = 'pending' order by id limit $1`,
      [limit],
    );
    return rows.map(({ id }) => id);
  }

  /** The ledger: the email went (only a row still pending changes, so a duplicate job never overwrites it). */
  async sent(id: number): Promise<void> {
    await this.recordAttempt(id, 'sent', null, true);
  }

  /** The ledger: an attempt failed; the row stays pending for the retry, or is given up on after the last one. */
  async failed(id: number, failure: EmailFailure): Promise<void> {
    await this.recordAttempt(id, failure.final ? 'failed' : 'pending', failure.error, false);
  }

  private async recordAttempt(id: number, status: EmailStatus, error: string | null, sent: boolean): Promise<void> {
    await this.dataSource.query(
      `update contact_submissions set
         email_status = $2,
         email_last_error = $3,
         email_sent_at = case when $4 then now() else email_sent_at end,
         email_attempts = email_attempts + 1,
         updated_at = now()
       where id = $1 and email_status = 'pending'`,
      [id, status, error, sent],
    );
  }
}

export function toContactSubmission(row: ContactSubmissionRecord): ContactSubmission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    category: row.category,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
