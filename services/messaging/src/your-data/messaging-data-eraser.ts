import { Injectable } from '@nestjs/common';
import type { UserDataEraser } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { ContactSubmissionRepository } from '../contact/contact-submission.repository.js';
import { ConversationRepository } from '../conversations/conversation.repository.js';
import { MessageRepository } from '../conversations/message.repository.js';
import { EmailPreferencesRepository } from '../mail/email-preferences.repository.js';
import { OutboundEmailsRepository } from '../mail/outbound-emails.repository.js';
import { FORMER_MEMBER_NAME, newFormerMemberId } from '../users/former-members.js';
import { fullName, MemberCopies } from '../users/member-copies.js';

/** What a contact submission's address becomes: not anyone's, and plainly so (`.invalid`, RFC 2606). */
export const ERASED_CONTACT_EMAIL = 'former-member@erased.invalid';

/**
 * Erases what messaging holds about a deleted member, in the inbox transaction of `identity.user.deleted` (the
 * table in the README's "Your data"):
 * - conversations and messages are kept for the other person, the member's id replaced by a `former-member-…` id
 *   (shown as 'Former member'; the thread is closed);
 * - the emails addressed to them are deleted (kind, time and body alike: an erased member has no one to prove a
 *   send to), and other people's emails that named them (by id in the facts, by full name or address in the kept
 *   subject and text) say `former-member-…` / 'Former member' instead;
 * - their contact form submissions keep the message for support but lose the name and address;
 * - their preferences, unread totals, members copy row, and their side of the booking copies go; a hunter profile of
 *   theirs in the hunters copy loses its member, name and photo.
 * A second run finds nothing with the member's id and changes nothing.
 */
@Injectable()
export class MessagingDataEraser implements UserDataEraser {
  constructor(
    private readonly members: MemberCopies,
    private readonly preferences: EmailPreferencesRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly emails: OutboundEmailsRepository,
    private readonly submissions: ContactSubmissionRepository,
  ) {}

  async erase(manager: EntityManager, userId: string): Promise<void> {
    const member = await this.members.find(manager, userId);
    const formerId = newFormerMemberId();

    await this.conversations.forgetMember(manager, userId, formerId);
    await this.messages.forgetMember(manager, userId, formerId);
    const named = member ? fullName(member) : null;
    // A hunter profile's name is how other people's emails named them as a hunter.
    const hunterNames = (await manager.query<{ name: string }[]>(`select name from hunters where user_id = $1`, [userId])).map(
      (row) => row.name,
    );
    await this.emails.forgetRecipient(
      manager,
      userId,
      formerId,
      [named ?? '', member?.email ?? '', ...hunterNames],
      FORMER_MEMBER_NAME,
    );

    // The client's bookings: their question (notes, photos) and the copy of who booked go; the hunter side of
    // bookings they took as a hunter loses its member (a booking email then goes to the client alone).
    await manager.query(
      `delete from bookings where booking_id in (select booking_id from booking_copies where client_user_id = $1)`,
      [userId],
    );
    await manager.query(`delete from booking_copies where client_user_id = $1`, [userId]);
    await manager.query(`update booking_copies set hunter_user_id = null where hunter_user_id = $1`, [userId]);
    await manager.query(
      `update hunters set user_id = null, name = $2, profile_image_url = null where user_id = $1`,
      [userId, FORMER_MEMBER_NAME],
    );

    if (member?.email) await this.submissions.anonymise(manager, member.email, FORMER_MEMBER_NAME, ERASED_CONTACT_EMAIL);
    await this.preferences.deleteFor(manager, userId);
    await this.members.forget(manager, userId);
  }
}
