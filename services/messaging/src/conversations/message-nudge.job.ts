import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ConversationMessage } from '@hunted/contracts';
import {
  defineJob,
  InjectJobQueue,
  SERVICE_CONFIG,
  type JobHandler,
  type JobQueue,
  type JobRun,
  type PendingJob,
} from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { emailJobOptions, sendRecorded } from '../mail/email-ledger.js';
import { Mailer } from '../mail/mailer.js';
import { fullName, MemberCopies } from '../users/member-copies.js';
import { ConversationRepository } from './conversation.repository.js';
import { roleIn } from './conversation-views.js';
import { MessageRepository } from './message.repository.js';

export const MESSAGE_NUDGE_QUEUE = 'messaging-message-nudge';
const SWEEP_BATCH = 100;

export interface MessageNudgeData {
  conversationId: string;
  /** The message that began the receiver's run of unread messages. */
  messageId: string;
  receiverId: string;
}

/** One job per run of unread messages: keyed by the message that began it. */
export function messageNudgeJobId(data: MessageNudgeData): string {
  return `nudge-${data.conversationId}-${data.messageId}`;
}

/** Rounds a preview to a length an email subject line and a phone's notification can show. */
function preview(content: string, max = 200): string {
  return content.length <= max ? content : `${content.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Emails a member who has left a message unread for MESSAGE_NUDGE_DELAY_MS, at most once per
 * MESSAGE_NUDGE_INTERVAL_MS per conversation. A job is planned when a message begins a run of unread ones (the
 * receiver's unread count for the conversation goes from 0 to 1) and re-checks when it runs: nothing is sent if
 * that message was read meanwhile. The send is claimed on the conversation row first (so two replicas never both
 * send) and the claim is given back if the mail server refuses, for the retry. A sweep finds runs whose job Redis
 * never took (it was away when the message was sent), so an outage only delays the email.
 */
@Injectable()
export class MessageNudgeJob implements JobHandler<MessageNudgeData> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly members: MemberCopies,
    private readonly mailer: Mailer,
  ) {}

  async run(job: JobRun<MessageNudgeData>): Promise<{ sent: boolean; skipped?: string }> {
    const { conversationId, messageId, receiverId } = job.data;
    const message = await this.messages.findForNudge(conversationId, messageId, receiverId);
    if (!message) return { sent: false, skipped: 'no such message' };
    if (message.is_read) return { sent: false, skipped: 'read' };
    const manager = this.dataSource.manager;
    const receiver = await this.members.find(manager, receiverId);
    if (!receiver?.email) return { sent: false, skipped: 'no email address known' };
    const { email: to, firstName } = receiver;
    const sender = await this.members.find(manager, message.sender_id);

    const side = roleIn(message, receiverId);
    const claimed = await this.conversations.claimNudge(conversationId, side, this.config.MESSAGE_NUDGE_INTERVAL_MS);
    if (!claimed) return { sent: false, skipped: 'emailed about this conversation recently' };

    const senderName = (sender && fullName(sender)) ?? 'A Hunted member';
    const link = new URL(`/messages?conversation=${encodeURIComponent(conversationId)}`, this.config.PUBLIC_URL).toString();
    // The claim is the email's record in the ledger, given back if the mail server refuses.
    await sendRecorded(this.mailer, this.conversations, claimed, job, () => ({
      from: this.config.MAIL_FROM,
      to,
      subject: `New message from ${senderName}`,
      text: [
        `Hi ${firstName ?? 'there'},`,
        '',
        `${senderName} sent you a message on Hunted:`,
        '',
        `"${preview(message.content)}"`,
        '',
        `Read and reply: ${link}`,
        '',
        'You get at most one email an hour about each conversation, and none once you have read it.',
      ].join('\n'),
      headers: { 'X-Hunted-Conversation': conversationId, 'X-Hunted-Email-Kind': 'message-nudge' },
    }));
    return { sent: true };
  }

  /**
   * Runs of unread messages that are due an email and may have no job: the first unread message of each side that
   * has been waiting the delay, where that side has an address and was not emailed within the interval.
   */
  async pending(): Promise<PendingJob<MessageNudgeData>[]> {
    const due = await this.conversations.nudgesDue(
      this.config.MESSAGE_NUDGE_DELAY_MS,
      this.config.MESSAGE_NUDGE_INTERVAL_MS,
      SWEEP_BATCH,
    );
    return due.map((data) => ({ jobId: messageNudgeJobId(data), data }));
  }
}

export const messageNudge = defineJob<MessageNudgeData, MessagingConfig>({
  queue: MESSAGE_NUDGE_QUEUE,
  handler: MessageNudgeJob,
  concurrency: 2,
  jobOptions: (config) => emailJobOptions(config.BOOKING_EMAIL_ATTEMPTS, config.BOOKING_EMAIL_BACKOFF_MS),
  sweepEveryMs: (config) => config.MESSAGE_NUDGE_SWEEP_MS,
});

/** Plans the email about a message left unread; if Redis is away, the sweep plans it once Redis is back. */
@Injectable()
export class MessageNudges {
  private readonly logger = new Logger(MessageNudges.name);

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectJobQueue(messageNudge) private readonly queue: JobQueue<MessageNudgeData>,
  ) {}

  plan(conversationId: string, message: ConversationMessage): void {
    const data = { conversationId, messageId: message.id, receiverId: message.receiverId };
    this.queue
      .tryAdd(data, { jobId: messageNudgeJobId(data), delay: this.config.MESSAGE_NUDGE_DELAY_MS })
      .then((added) => {
        if (!added) this.logger.warn(`Redis did not take the unread-message email for ${conversationId}; the sweep will`);
      })
      .catch(() => undefined);
  }
}
