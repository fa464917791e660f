import { Injectable } from '@nestjs/common';
import type { SendMailOptions } from 'nodemailer';
import type { MessagingConfig } from '../config.js';
import { switchOf } from './email-kinds.js';
import type { OutboundEmail } from './outbound-emails.repository.js';

/** A template's answer when its email, due now, should not go (the booking moved, the message was read…). */
export interface EmailSkip {
  skip: string;
}

/** How often a kind's sends are tried, and the first wait between two tries (it doubles). */
export interface EmailRetries {
  attempts: number;
  backoffMs: number;
}

/**
 * One kind of email (or a family of kinds, as the booking emails): how a due `outbound_emails` row becomes a mail.
 * `compose` reads what the mail needs now (the recipient's address, a copy, the submission) and the row's facts;
 * it answers the mail, or a skip when the email has become pointless, and throws when it cannot be written yet (an
 * address not known yet), which is retried as a failed send is. Each feature registers its templates in its module
 * (`EmailTemplates.register`); the email job sends through them.
 */
export interface EmailTemplate {
  readonly kinds: readonly string[];
  retries(config: MessagingConfig): EmailRetries;
  compose(email: OutboundEmail, now: Date): Promise<SendMailOptions | EmailSkip>;
}

/** The retries of every member email: the booking emails' settings (`BOOKING_EMAIL_ATTEMPTS`, `…_BACKOFF_MS`). */
export function memberEmailRetries(config: MessagingConfig): EmailRetries {
  return { attempts: config.BOOKING_EMAIL_ATTEMPTS, backoffMs: config.BOOKING_EMAIL_BACKOFF_MS };
}

export function isSkip(composed: SendMailOptions | EmailSkip): composed is EmailSkip {
  return typeof (composed as Partial<EmailSkip>).skip === 'string';
}

/** Every kind's template, registered by the feature that plans that kind, looked up by the row's kind. */
@Injectable()
export class EmailTemplates {
  private readonly byKind = new Map<string, EmailTemplate>();

  register(template: EmailTemplate): void {
    for (const kind of template.kinds) {
      if (this.byKind.has(kind)) throw new Error(`two email templates for the kind ${kind}`);
      // Throws for a kind nobody said is optional or always sent: the service does not start until it is.
      switchOf(kind);
      this.byKind.set(kind, template);
    }
  }

  /** The template of a kind; a row of a kind nobody registered is a wiring mistake, failed loudly. */
  of(kind: string): EmailTemplate {
    const template = this.byKind.get(kind);
    if (!template) throw new Error(`no email template for the kind ${kind}`);
    return template;
  }
}
