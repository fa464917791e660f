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
import { VETTING_EMAIL_KINDS, vettingEmail, type VettingDecision } from './vetting-email-content.js';

export { isEmailedDecision, VETTING_EMAIL_KINDS, vettingEmailKind, type VettingDecision } from './vetting-email-content.js';

/** What a vetting email keeps from its event: the decision, the hunter as named then, and the admin's reason. */
export interface VettingEmailFacts {
  hunterId: number;
  decision: VettingDecision;
  hunterName: string;
  reason: string | null;
}

/** The vetting emails' template: the decision's text to the hunter's member, once their address is known. */
@Injectable()
export class VettingEmailTemplate implements EmailTemplate, OnModuleInit {
  readonly kinds = VETTING_EMAIL_KINDS;

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
    const facts = email.facts as VettingEmailFacts;
    const recipient = await memberRecipient(this.members, this.dataSource.manager, email.recipientUserId!);
    const mail = vettingEmail({
      emailId: email.id,
      decision: facts.decision,
      hunterId: facts.hunterId,
      hunterName: facts.hunterName,
      reason: facts.reason,
      recipient,
      publicUrl: this.config.PUBLIC_URL,
      mailFrom: this.config.MAIL_FROM,
    });
    return keepMovedMessageId(mail, email.messageId);
  }
}
