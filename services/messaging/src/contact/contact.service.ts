import { Injectable, Logger } from '@nestjs/common';
import { honeypotFilled, type ContactInputBody, type ContactSubmission } from '@hunted/contracts';
import { InjectJobQueue, JobQueue, type Page } from '@hunted/platform';
import { contactEmailSend, contactEmailJobId, type ContactEmailData } from './contact-email.job.js';
import { ContactSubmissionRepository } from './contact-submission.repository.js';

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly submissions: ContactSubmissionRepository,
    @InjectJobQueue(contactEmailSend) private readonly emails: JobQueue<ContactEmailData>,
  ) {}

  /**
   * Stores the submission, then queues its email: a message is kept even when the email cannot go yet. One with
   * the honeypot filled is answered the same way (an id like the next real one) but neither stored nor emailed.
   */
  async submit(input: ContactInputBody): Promise<{ id: number }> {
    if (honeypotFilled(input)) {
      const domain = input.email.split('@')[1] ?? '?';
      this.logger.warn(`contact submission dropped: the honeypot field was filled (sender's domain ${domain})`);
      return { id: await this.submissions.nextId() };
    }
    const id = await this.submissions.insert(input);
    // Not awaited: the answer does not depend on Redis; the sweep covers a failed add.
    void this.emails.tryAdd({ submissionId: id }, { jobId: contactEmailJobId(id) });
    return { id };
  }

  /** A page of the admin inbox, newest first, and how many submissions there are in all. */
  list(page: Page): Promise<{ items: ContactSubmission[]; total: number }> {
    return this.submissions.page(page);
  }
}
