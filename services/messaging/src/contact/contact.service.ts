import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactSubmission } from '@hunted/contracts';
import { InjectJobQueue, JobQueue, type Page } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { contactEmailSend, contactEmailJobId, type ContactEmailData } from './contact-email.job.js';
import { ContactSubmissionEntity } from './contact-submission.entity.js';
import { honeypotFilled, type ContactInputDto } from './dto/contact-input.dto.js';

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectJobQueue(contactEmailSend) private readonly emails: JobQueue<ContactEmailData>,
  ) {}

  private get submissions() {
    return this.dataSource.getRepository(ContactSubmissionEntity);
  }

  /**
   * Stores the submission, then queues its email: a message is kept even when the email cannot go yet. One with
   * the honeypot filled is answered the same way (an id like the next real one) but neither stored nor emailed.
   */
  async submit(input: ContactInputDto): Promise<{ id: number }> {
    if (honeypotFilled(input)) {
      const domain = input.email.split('@')[1] ?? '?';
      this.logger.warn(`contact submission dropped: the honeypot field was filled (sender's domain ${domain})`);
      const rows: { next: string }[] = await this.dataSource.query(
        'select last_value + 1 as next from contact_submissions_id_seq',
      );
      return { id: Number(rows[0]?.next ?? 1) };
    }
    const { id } = await this.submissions.save({
      name: input.name,
      email: input.email,
      subject: input.subject,
      category: input.category,
      message: input.message,
    });
    // Not awaited: the answer does not depend on Redis; the sweep covers a failed add.
    void this.emails.tryAdd({ submissionId: id }, { jobId: contactEmailJobId(id) });
    return { id };
  }

  /** A page of the admin inbox, newest first, and how many submissions there are in all. */
  async list(page: Page): Promise<{ items: ContactSubmission[]; total: number }> {
    const [rows, total] = await this.submissions.findAndCount({
      order: { createdAt: 'DESC', id: 'DESC' },
      take: page.limit,
      skip: page.offset,
    });
    return { items: rows.map(toContactSubmission), total };
  }
}

export function toContactSubmission(row: ContactSubmissionEntity): ContactSubmission {
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
