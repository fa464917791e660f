import { Injectable } from '@nestjs/common';
import { jsonFile, textFile, type DataExportContributor, type ExportFile } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { ContactSubmissionRepository } from '../contact/contact-submission.repository.js';
import { ConversationRepository } from '../conversations/conversation.repository.js';
import { MessageRepository } from '../conversations/message.repository.js';
import { EmailPreferencesRepository } from '../mail/email-preferences.repository.js';
import { OutboundEmailsRepository } from '../mail/outbound-emails.repository.js';
import { FORMER_MEMBER_NAME, isFormerMember } from '../users/former-members.js';
import { MemberCopies } from '../users/member-copies.js';

const README = `# messaging

What Hunted's messaging service holds about you.

- conversations.json: each conversation you are in (as a client or as a hunter), the other person's name as
  Hunted shows it, and every message in it in both directions (yours and theirs), with attachments' links and
  whether it was read.
- emails.json: every email Hunted sent you or planned to send you: its kind, its state (sent, skipped because it
  no longer applied, suppressed because you had turned that kind off, failed), its subject and when it went, and
  its text while Hunted still keeps it (sent emails' text is deleted after a retention period; the row stays).
- contact-submissions.json: the messages you sent through the contact form with this account's email address.
- email-preferences.json: your email switches, and whether you ever changed them (if not, they are the defaults).
`;

/**
 * Messaging's part of a member's archive (UK GDPR Art. 15 and 20), read in the request's inbox transaction:
 * conversations with their messages, the emails sent to them, their contact form submissions and their email
 * preferences, with a README.
 */
@Injectable()
export class MessagingDataExport implements DataExportContributor {
  constructor(
    private readonly members: MemberCopies,
    private readonly preferences: EmailPreferencesRepository,
    private readonly conversationRows: ConversationRepository,
    private readonly messageRows: MessageRepository,
    private readonly emailRows: OutboundEmailsRepository,
    private readonly submissions: ContactSubmissionRepository,
  ) {}

  async collect(manager: EntityManager, userId: string): Promise<ExportFile[]> {
    const member = await this.members.find(manager, userId);
    return [
      textFile('messaging', 'README.md', README),
      jsonFile('messaging', 'conversations.json', await this.conversations(manager, userId)),
      jsonFile('messaging', 'emails.json', await this.emails(manager, userId)),
      jsonFile('messaging', 'contact-submissions.json', member?.email ? await this.contactSubmissions(manager, member.email) : []),
      jsonFile('messaging', 'email-preferences.json', {
        preferences: await this.preferences.of(manager, userId),
        changedByYou: await this.preferences.stored(manager, userId),
      }),
    ];
  }

  private async conversations(manager: EntityManager, userId: string): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const conversation of await this.conversationRows.ofMemberForExport(manager, userId)) {
      const messages = await this.messageRows.allOf(manager, conversation.id);
      out.push({
        id: conversation.id,
        yourRole: conversation.role,
        hunterId: conversation.hunterId,
        with: isFormerMember(conversation.otherUserId) ? FORMER_MEMBER_NAME : conversation.otherName,
        startedAt: conversation.createdAt,
        messages: messages.map((message) => ({
          id: message.id,
          from: message.sender_id === userId ? 'you' : 'them',
          content: message.content,
          attachments: message.attachments ?? [],
          read: message.is_read,
          sentAt: message.created_at,
        })),
      });
    }
    return out;
  }

  private async emails(manager: EntityManager, userId: string): Promise<unknown[]> {
    return this.emailRows.ofRecipientForExport(manager, userId);
  }

  private async contactSubmissions(manager: EntityManager, email: string): Promise<unknown[]> {
    return this.submissions.sentWith(manager, email);
  }
}
