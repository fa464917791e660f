import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IntegrationEvent } from '@hunted/contracts';
import { SERVICE_CONFIG, type EventHandler } from '@hunted/platform';
import type { SendMailOptions } from 'nodemailer';
import { DataSource, type EntityManager } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { EmailPlanner } from '../mail/email-planner.js';
import { EmailTemplates, memberEmailRetries, type EmailRetries, type EmailTemplate } from '../mail/email-templates.js';
import { memberEmail, memberEmailText, memberRecipient, siteLink, type MemberRecipient } from '../mail/member-email.js';
import type { OutboundEmail } from '../mail/outbound-emails.repository.js';
import { dateTimeLabelIn } from '../mail/recipient-time.js';
import { MemberCopies } from '../users/member-copies.js';

export const EXPORT_READY_KIND = 'export_ready';
export const EXPORT_READY_SUBJECT = 'Your Hunted data is ready to download';

/** What the export-ready email keeps from identity's event. */
export interface ExportReadyFacts {
  exportId: string;
  expiresAt: string;
}

/** The email's whole text: where to download the archive, and until when. */
export function exportReadyEmail(input: {
  emailId: string;
  facts: ExportReadyFacts;
  recipient: MemberRecipient;
  publicUrl: string;
  mailFrom: string;
}): SendMailOptions {
  const link = siteLink(input.publicUrl, '/edit-profile#your-data');
  const text = memberEmailText(input.recipient.firstName, [
    'The copy of everything Hunted holds about you, which you asked for, is ready.',
    '',
    `Download it from ${link} (sign in first: only you can download it).`,
    '',
    `The download is available until ${dateTimeLabelIn(input.recipient.timeZone, new Date(input.facts.expiresAt))}. After that it is deleted; you can ask for a new one at any time.`,
  ]);
  return memberEmail({
    mailFrom: input.mailFrom,
    recipient: input.recipient,
    subject: EXPORT_READY_SUBJECT,
    text,
    messageId: `export-ready-${input.emailId}`,
    headers: { 'X-Hunted-Email-Kind': EXPORT_READY_KIND, 'X-Hunted-Export': input.facts.exportId },
  });
}

/** The export-ready email's template: always sent (the member asked for the export). */
@Injectable()
export class ExportReadyEmailTemplate implements EmailTemplate, OnModuleInit {
  readonly kinds = [EXPORT_READY_KIND] as const;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: EmailTemplates,
    private readonly members: MemberCopies,
  ) {}

  onModuleInit(): void {
    this.templates.register(this);
  }

  retries(config: MessagingConfig): EmailRetries {
    return memberEmailRetries(config);
  }

  async compose(email: OutboundEmail): Promise<SendMailOptions> {
    const recipient = await memberRecipient(this.members, this.dataSource.manager, email.recipientUserId!);
    return exportReadyEmail({
      emailId: email.id,
      facts: email.facts as ExportReadyFacts,
      recipient,
      publicUrl: this.config.PUBLIC_URL,
      mailFrom: this.config.MAIL_FROM,
    });
  }
}

/** Every part of a member's export is in: they are emailed the link, once per export (the export's id is the key). */
@Injectable()
export class DataExportReadyHandler implements EventHandler<'identity.data-export.ready'> {
  readonly type = 'identity.data-export.ready' as const;

  constructor(
    private readonly emails: EmailPlanner,
    private readonly members: MemberCopies,
  ) {}

  async handle(event: IntegrationEvent<'identity.data-export.ready'>, manager: EntityManager): Promise<void> {
    const { exportId, userId, expiresAt } = event.data;
    // A member this service has no copy of (not registered here yet, or erased since) has nobody to write to.
    if (!(await this.members.find(manager, userId))) return;
    const facts: ExportReadyFacts = { exportId, expiresAt };
    await this.emails.plan(manager, [
      { kind: EXPORT_READY_KIND, role: 'client', recipientUserId: userId, facts, sendAt: new Date(), dedupeKey: exportId },
    ]);
  }
}
