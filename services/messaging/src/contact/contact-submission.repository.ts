import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactCategory, ContactInput, ContactSubmission } from '@hunted/contracts';
import type { Page } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

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
  createdAt: Date;
  updatedAt: Date;
}

const SUBMISSION_COLUMNS = `id, name, email, subject, category, message, status,
  created_at as "createdAt", updated_at as "updatedAt"`;

/**
 * The one owner of `contact_submissions`: the stored messages of the contact form. Their support emails are rows of
 * the one email ledger (`outbound_emails`, kind `contact_submission`, once per submission).
 */
@Injectable()
export class ContactSubmissionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores a submission (status 'new') in the caller's transaction and answers its id. */
  async insert(manager: EntityManager, input: ContactInput): Promise<number> {
    const [row] = (await manager.query(
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

  /** The submissions sent with an address (any case), for its member's export. */
  async sentWith(manager: EntityManager, email: string): Promise<unknown[]> {
    return manager.query(
      `select id, name, email, subject, category, message, created_at as "sentAt"
         from contact_submissions where lower(email) = lower($1) order by created_at, id`,
      [email],
    );
  }

  /** The submissions of an erased member keep their message for support, not who sent it. */
  async anonymise(manager: EntityManager, email: string, name: string, erasedEmail: string): Promise<void> {
    await manager.query(
      `update contact_submissions set name = $2, email = $3, updated_at = now() where lower(email) = lower($1)`,
      [email, name, erasedEmail],
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
