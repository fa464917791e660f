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
import { Mailer } from '../mail/mailer.js';
import { fullName, MemberCopies } from '../users/member-copies.js';

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
    private readonly members: MemberCopies,
    private readonly mailer: Mailer,
  ) {}

  async run(job: JobRun<MessageNudgeData>): Promise<{ sent: boolean; skipped?: string }> {
    const { conversationId, messageId, receiverId } = job.data;
    const manager = this.dataSource.manager;
    const [message] = (await manager.query(
      `select m.is_read, m.sender_id, m.content, c.client_user_id
         from messages m join conversations c on c.id = m.conversation_id
        where m.id = $1 and m.conversation_id = $2 and m.receiver_id = $3`,
      [messageId, conversationId, receiverId],
    )) as { is_read: boolean; sender_id: string; content: string; client_user_id: string }[];
    if (!message) return { sent: false, skipped: 'no such message' };
    if (message.is_read) return { sent: false, skipped: 'read' };
    const receiver = await this.members.find(manager, receiverId);
    if (!receiver?.email) return { sent: false, skipped: 'no email address known' };
    const sender = await this.members.find(manager, message.sender_id);

    const column = message.client_user_id === receiverId ? 'client_nudged_at' : 'hunter_nudged_at';
    const [[claimed]] = (await manager.query(
      `update conversations c set ${column} = now()
         from (select ${column} as previous from conversations where id = $1) earlier
        where c.id = $1 and (c.${column} is null or c.${column} < now() - make_interval(secs => $2 / 1000.0))
        returning earlier.previous`,
      [conversationId, this.config.MESSAGE_NUDGE_INTERVAL_MS],
    )) as [[{ previous: Date | null } | undefined], number];
    if (!claimed) return { sent: false, skipped: 'emailed about this conversation recently' };

    const senderName = (sender && fullName(sender)) ?? 'A Hunted member';
    const link = new URL(`/messages?conversation=${encodeURIComponent(conversationId)}`, this.config.PUBLIC_URL).toString();
    try {
      await this.mailer.send({
        from: this.config.MAIL_FROM,
        to: receiver.email,
        subject: `New message from ${senderName}`,
        text: [
          `Hi ${receiver.firstName ?? 'there'},`,
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
      });
    } catch (error) {
      // Give the claim back so the retry (or the next run of unread messages) can send.
      await manager.query(`update conversations set ${column} = $2 where id = $1`, [conversationId, claimed.previous]);
      throw error;
    }
    return { sent: true };
  }

  /**
   * Runs of unread messages that are due an email and may have no job: the first unread message of each side that
   * has been waiting the delay, where that side has an address and was not emailed within the interval.
   */
  async pending(): Promise<PendingJob<MessageNudgeData>[]> {
    const rows = (await this.dataSource.query(
      `select c.id as conversation_id, first_unread.id::text as message_id, first_unread.receiver_id
         from conversations c
         cross join lateral (values (c.client_user_id, c.client_unread, c.client_nudged_at),
                                    (c.hunter_user_id, c.hunter_unread, c.hunter_nudged_at)) side(user_id, unread, nudged_at)
         cross join lateral (
           select m.id, m.receiver_id, m.created_at from messages m
            where m.conversation_id = c.id and m.receiver_id = side.user_id and not m.is_read
            order by m.seq limit 1) first_unread
        where (c.client_unread > 0 or c.hunter_unread > 0)
          and side.unread > 0
          and first_unread.created_at < now() - make_interval(secs => $1 / 1000.0)
          and (side.nudged_at is null or side.nudged_at < now() - make_interval(secs => $2 / 1000.0))
          and exists (select 1 from users u where u.user_id = side.user_id and u.email is not null)
        limit ${SWEEP_BATCH}`,
      [this.config.MESSAGE_NUDGE_DELAY_MS, this.config.MESSAGE_NUDGE_INTERVAL_MS],
    )) as { conversation_id: string; message_id: string; receiver_id: string }[];
    return rows.map((row) => {
      const data = { conversationId: row.conversation_id, messageId: row.message_id, receiverId: row.receiver_id };
      return { jobId: messageNudgeJobId(data), data };
    });
  }
}

export const messageNudge = defineJob<MessageNudgeData, MessagingConfig>({
  queue: MESSAGE_NUDGE_QUEUE,
  handler: MessageNudgeJob,
  concurrency: 2,
  jobOptions: (config) => ({
    attempts: config.BOOKING_EMAIL_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.BOOKING_EMAIL_BACKOFF_MS },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  }),
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
