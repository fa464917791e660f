import { Injectable, Logger } from '@nestjs/common';
import { honeypotFilled, type ContactInputBody, type ContactSubmission } from '@hunted/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Page } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { EmailPlanner } from '../mail/email-planner.js';
import { contactEmailRow } from './contact-email.template.js';
import { ContactSubmissionRepository } from './contact-submission.repository.js';

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly submissions: ContactSubmissionRepository,
    private readonly emails: EmailPlanner,
  ) {}

  /**
   * Stores the submission with its email's ledger row, then queues the email (after the commit, not awaited: the
   * answer does not depend on Redis, and the sweep covers a failed add): a message is kept even when the email
   * cannot go yet. One with the honeypot filled is answered the same way (an id like the next real one) but
   * neither stored nor emailed.
   */
  async submit(input: ContactInputBody): Promise<{ id: number }> {
    if (honeypotFilled(input)) {
      const domain = input.email.split('@')[1] ?? '?';
      this.logger.warn(`contact submission dropped: the honeypot field was filled (sender's domain ${domain})`);
      return { id: await this.submissions.nextId() };
    }
    const id = await this.dataSource.transaction(async (manager) => {
      const submissionId = await this.submissions.insert(manager, input);
      await this.emails.plan(manager, [contactEmailRow(submissionId)]);
      return submissionId;
    });
    return { id };
  }

  /** A page of the admin inbox, newest first, and how many submissions there are in all. */
  list(page: Page): Promise<{ items: ContactSubmission[]; total: number }> {
    return this.submissions.page(page);
  }
}
