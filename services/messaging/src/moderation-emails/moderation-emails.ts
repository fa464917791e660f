import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IntegrationEvent } from '@hunted/contracts';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { SendMailOptions } from 'nodemailer';
import { DataSource, type EntityManager } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { EmailPlanner } from '../mail/email-planner.js';
import { EmailTemplates, memberEmailRetries, type EmailRetries, type EmailTemplate } from '../mail/email-templates.js';
import { keepMovedMessageId, memberRecipient } from '../mail/member-email.js';
import type { NewOutboundEmail, OutboundEmail } from '../mail/outbound-emails.repository.js';
import { MemberCopies } from '../users/member-copies.js';
import {
  AUTHOR_ACTIONS,
  MODERATION_AUTHOR_KIND,
  MODERATION_EMAIL_KINDS,
  MODERATION_REPORTER_KIND,
  moderationEmail,
  REPORTER_ACTIONS,
  type ModerationEmailFacts,
} from './moderation-email-content.js';

type DecidedEvent = IntegrationEvent<'brands.moderation.decided'> | IntegrationEvent<'reviews.moderation.decided'>;

/**
 * Writes the emails an admin's moderation decision calls for (issue 37 item 8), in the event's inbox transaction:
 * to the author (hidden, restored, appeal rejected) and to each reporter it answers (hidden, dismissed). Necessary
 * emails (always sent, like the vetting notices): they tell a member what became of their content or their report.
 * Each is once per (decision event, member): a replayed event, or a member named twice, writes nothing more. A
 * member this service has no copy of (never registered here, or erased since) has nobody to write to and is skipped.
 */
@Injectable()
export class ModerationEmailPlanner {
  constructor(
    private readonly emails: EmailPlanner,
    private readonly members: MemberCopies,
  ) {}

  async decided(manager: EntityManager, event: DecidedEvent): Promise<void> {
    const { kind, itemId, action, reason, itemTitle, noticePath, authorUserId, reporterUserIds } = event.data;
    const facts: ModerationEmailFacts = { kind, itemId, action, reason, itemTitle, noticePath };
    const planned: NewOutboundEmail<ModerationEmailFacts>[] = [];
    const write = async (emailKind: string, userId: string) => {
      if (!(await this.members.find(manager, userId))) return;
      planned.push({ kind: emailKind, role: 'client', recipientUserId: userId, facts, sendAt: new Date(), dedupeKey: `${event.id}:${userId}` });
    };
    if (authorUserId && AUTHOR_ACTIONS.includes(action)) await write(MODERATION_AUTHOR_KIND, authorUserId);
    if (REPORTER_ACTIONS.includes(action)) {
      for (const reporter of new Set(reporterUserIds)) if (reporter !== authorUserId) await write(MODERATION_REPORTER_KIND, reporter);
    }
    await this.emails.plan(manager, planned);
  }
}

/** The moderation emails' template: each row's text to its member, once their address is known. */
@Injectable()
export class ModerationEmailTemplate implements EmailTemplate, OnModuleInit {
  readonly kinds = MODERATION_EMAIL_KINDS;

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
    const mail = moderationEmail({
      emailId: email.id,
      emailKind: email.kind as (typeof MODERATION_EMAIL_KINDS)[number],
      facts: email.facts as ModerationEmailFacts,
      recipient,
      publicUrl: this.config.PUBLIC_URL,
      mailFrom: this.config.MAIL_FROM,
    });
    return keepMovedMessageId(mail, email.messageId);
  }
}
