import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { SendMailOptions } from 'nodemailer';
import type { MessagingConfig } from '../config.js';
import { EmailTemplates, type EmailRetries, type EmailSkip, type EmailTemplate } from '../mail/email-templates.js';
import type { NewOutboundEmail, OutboundEmail } from '../mail/outbound-emails.repository.js';
import { contactEmail } from './contact-email.js';
import { ContactSubmissionRepository } from './contact-submission.repository.js';

/** The ledger's kind of the support team's copy of a submission. */
export const CONTACT_EMAIL_KIND = 'contact_submission';

export interface ContactEmailFacts {
  submissionId: number;
}

/** The support email of a submission: to `SUPPORT_EMAIL`, once per submission (its id is the dedupe key), now. */
export function contactEmailRow(submissionId: number): NewOutboundEmail<ContactEmailFacts> {
  return {
    kind: CONTACT_EMAIL_KIND,
    role: 'support',
    recipientUserId: null,
    facts: { submissionId },
    sendAt: new Date(),
    dedupeKey: String(submissionId),
  };
}

/**
 * Emails each contact submission to the support inbox, from the stored submission (committed with its ledger row).
 * Retried with the contact form's own settings (`CONTACT_EMAIL_ATTEMPTS`, `CONTACT_EMAIL_BACKOFF_MS`); the
 * Message-ID is fixed per submission, so a resend after a crash is recognisably the same mail.
 */
@Injectable()
export class ContactEmailTemplate implements EmailTemplate, OnModuleInit {
  readonly kinds = [CONTACT_EMAIL_KIND] as const;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    private readonly templates: EmailTemplates,
    private readonly submissions: ContactSubmissionRepository,
  ) {}

  onModuleInit(): void {
    this.templates.register(this);
  }

  retries(config: MessagingConfig): EmailRetries {
    return { attempts: config.CONTACT_EMAIL_ATTEMPTS, backoffMs: config.CONTACT_EMAIL_BACKOFF_MS };
  }

  async compose(email: OutboundEmail): Promise<SendMailOptions | EmailSkip> {
    const { submissionId } = email.facts as ContactEmailFacts;
    const submission = await this.submissions.find(submissionId);
    if (!submission) return { skip: 'submission gone' };
    return contactEmail(submission, { supportEmail: this.config.SUPPORT_EMAIL, mailFrom: this.config.MAIL_FROM });
  }
}
