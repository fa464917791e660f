import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ConversationRole } from '@hunted/contracts';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { SendMailOptions } from 'nodemailer';
import { DataSource, type EntityManager } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { EmailPlanner } from '../mail/email-planner.js';
import { EmailTemplates, memberEmailRetries, type EmailRetries, type EmailSkip, type EmailTemplate } from '../mail/email-templates.js';
import { OutboundEmailsRepository, type OutboundEmail } from '../mail/outbound-emails.repository.js';
import { fullName, MemberCopies } from '../users/member-copies.js';
import { MessageRepository } from './message.repository.js';

/** The ledger's kind of the email about messages left unread. */
export const MESSAGE_NUDGE_KIND = 'message_nudge';

/** What the email is about: the conversation, and the message that began the receiver's run of unread ones. */
export interface MessageNudgeFacts {
  conversationId: string;
  messageId: string;
}

/** Rounds a preview to a length an email subject line and a phone's notification can show. */
function preview(content: string, max = 200): string {
  return content.length <= max ? content : `${content.slice(0, max - 1).trimEnd()}…`;
}

/** What one unread-message email says, and to whom it goes. */
export interface MessageNudgeInput {
  conversationId: string;
  to: string;
  firstName: string | null;
  senderName: string;
  content: string;
  /** The site's address, `PUBLIC_URL`. */
  publicUrl: string;
  /** The From header, `Hunted <no-reply@…>`. */
  mailFrom: string;
}

/** The email about a message left unread: the one place its text lives. */
export function messageNudgeEmail(input: MessageNudgeInput): SendMailOptions {
  const link = new URL(`/messages?conversation=${encodeURIComponent(input.conversationId)}`, input.publicUrl).toString();
  return {
    from: input.mailFrom,
    to: input.to,
    subject: `New message from ${input.senderName}`,
    text: [
      `Hi ${input.firstName ?? 'there'},`,
      '',
      `${input.senderName} sent you a message on Hunted:`,
      '',
      `"${preview(input.content)}"`,
      '',
      `Read and reply: ${link}`,
      '',
      'You get at most one email an hour about each conversation, and none once you have read it.',
    ].join('\n'),
    headers: { 'X-Hunted-Conversation': input.conversationId, 'X-Hunted-Email-Kind': 'message-nudge' },
  };
}

/**
 * Plans the email about a message left unread: the message that begins a run of unread ones (the receiver's
 * unread count for the conversation goes from 0 to 1) writes its row in the message's own transaction, due
 * MESSAGE_NUDGE_DELAY_MS later, once per such message. Redis being away only delays it (the email job's sweep).
 */
@Injectable()
export class MessageNudges {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    private readonly emails: EmailPlanner,
  ) {}

  async plan(
    manager: EntityManager,
    run: { conversationId: string; messageId: string; receiverId: string; receiverRole: ConversationRole },
  ): Promise<void> {
    const facts: MessageNudgeFacts = { conversationId: run.conversationId, messageId: run.messageId };
    await this.emails.plan(manager, [
      {
        kind: MESSAGE_NUDGE_KIND,
        role: run.receiverRole,
        recipientUserId: run.receiverId,
        facts,
        sendAt: new Date(Date.now() + this.config.MESSAGE_NUDGE_DELAY_MS),
        dedupeKey: run.messageId,
      },
    ]);
  }
}

/**
 * The unread-message email's template. When due it checks again: nothing goes if that message was read meanwhile,
 * if the receiver has no address, or if they were emailed about this conversation within
 * MESSAGE_NUDGE_INTERVAL_MS (at most one such email per conversation and person per interval).
 */
@Injectable()
export class MessageNudgeTemplate implements EmailTemplate, OnModuleInit {
  readonly kinds = [MESSAGE_NUDGE_KIND] as const;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: EmailTemplates,
    private readonly ledger: OutboundEmailsRepository,
    private readonly messages: MessageRepository,
    private readonly members: MemberCopies,
  ) {}

  onModuleInit(): void {
    this.templates.register(this);
  }

  /** Retried as the booking emails are. */
  retries(config: MessagingConfig): EmailRetries {
    return memberEmailRetries(config);
  }

  async compose(email: OutboundEmail, now: Date): Promise<SendMailOptions | EmailSkip> {
    const { conversationId, messageId } = email.facts as MessageNudgeFacts;
    const receiverId = email.recipientUserId!;
    const message = await this.messages.findForNudge(conversationId, messageId, receiverId);
    if (!message) return { skip: 'no such message' };
    if (message.is_read) return { skip: 'read' };
    const manager = this.dataSource.manager;
    const receiver = await this.members.find(manager, receiverId);
    if (!receiver?.email) return { skip: 'no email address known' };
    const last = await this.ledger.lastSent(MESSAGE_NUDGE_KIND, receiverId, { conversationId });
    if (last && new Date(last).getTime() > now.getTime() - this.config.MESSAGE_NUDGE_INTERVAL_MS)
      return { skip: 'emailed about this conversation recently' };
    const sender = await this.members.find(manager, message.sender_id);
    return messageNudgeEmail({
      conversationId,
      to: receiver.email,
      firstName: receiver.firstName,
      senderName: (sender && fullName(sender)) ?? 'A Hunted member',
      content: message.content,
      publicUrl: this.config.PUBLIC_URL,
      mailFrom: this.config.MAIL_FROM,
    });
  }
}
