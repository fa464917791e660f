import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { SendMailOptions } from 'nodemailer';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { EmailTemplates, memberEmailRetries, type EmailRetries, type EmailTemplate } from '../mail/email-templates.js';
import { keepMovedMessageId, memberRecipient } from '../mail/member-email.js';
import type { OutboundEmail } from '../mail/outbound-emails.repository.js';
import { MemberCopies } from '../users/member-copies.js';
import { editEmail } from './edit-email-content.js';

/**
 * What the client is told: an edit arrived, or its hunter asks to publish it; or what the hunter is told: today is
 * their Hunter's Pick (the same hunters-feature emails, one template).
 */
export const EDIT_EMAIL_KINDS = ['edit_sent', 'publish_requested', 'pick_chosen'] as const;
export type EditEmailKind = (typeof EDIT_EMAIL_KINDS)[number];

/** What an edit email keeps from its event: messaging keeps no copy of edits, so the names travel in the row. */
export interface EditEmailFacts {
  /** Null for a Hunter's Pick email (it is about a day, not an edit). */
  editId: number | null;
  hunterId: number;
  hunterName: string;
  /** The edit's title; for a Hunter's Pick email, the day (YYYY-MM-DD). */
  title: string;
}

/** The Hunter Edit and Hunter's Pick emails' template. */
@Injectable()
export class EditEmailTemplate implements EmailTemplate, OnModuleInit {
  readonly kinds = EDIT_EMAIL_KINDS;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: EmailTemplates,
    private readonly members: MemberCopies,
  ) {}

  onModuleInit(): void {
    this.templates.register(this);
  }

  /** Retried as the booking emails are. */
  retries(config: MessagingConfig): EmailRetries {
    return memberEmailRetries(config);
  }

  async compose(email: OutboundEmail): Promise<SendMailOptions> {
    const facts = email.facts as EditEmailFacts;
    const recipient = await memberRecipient(this.members, this.dataSource.manager, email.recipientUserId!);
    const mail = editEmail({
      emailId: email.id,
      kind: email.kind as EditEmailKind,
      editId: facts.editId,
      hunterName: facts.hunterName,
      title: facts.title,
      recipient,
      publicUrl: this.config.PUBLIC_URL,
      mailFrom: this.config.MAIL_FROM,
    });
    return keepMovedMessageId(mail, email.messageId);
  }
}
