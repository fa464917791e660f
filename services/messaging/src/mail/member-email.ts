import type { SendMailOptions } from 'nodemailer';
import type { EntityManager } from 'typeorm';
import { fullName, type MemberCopies } from '../users/member-copies.js';
import { readerTimeZone } from './recipient-time.js';

/**
 * Who a member email goes to: their address, the first name the greeting uses, the name on the To line, and the
 * zone the email states times in (theirs, or London's while identity knows none).
 */
export interface MemberRecipient {
  email: string;
  firstName: string | null;
  name: string;
  timeZone: string;
}

/**
 * The member an email goes to, as the users copy has them now. Throws while their address is not known (identity's
 * event may not have arrived yet): the email job records the failure and the retry finds it.
 */
export async function memberRecipient(members: MemberCopies, manager: EntityManager, userId: string): Promise<MemberRecipient> {
  const member = await members.find(manager, userId);
  if (!member?.email) throw new Error(`no email address known yet for member ${userId}`);
  return {
    email: member.email,
    firstName: member.firstName,
    name: fullName(member) ?? member.email,
    timeZone: readerTimeZone(member),
  };
}

/** The address part of a From header like `Hunted <no-reply@hunted.example>`. */
export function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** A page of the site from `PUBLIC_URL` (with or without its trailing slash) and a path. */
export function siteLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** The plain text every member email shares: the greeting by first name, the body, the signature. */
export function memberEmailText(firstName: string | null, body: readonly string[]): string {
  const greeting = firstName ? `Hi ${firstName},` : 'Hello,';
  return [greeting, '', ...body, '', '-- ', 'Hunted'].join('\n');
}

/**
 * A whole member email: From, To, subject, text, and a Message-ID fixed by its ledger row (`<{id}@{the From
 * domain}>`), so a resend after a crash is recognisably the same mail.
 */
export function memberEmail(parts: {
  mailFrom: string;
  recipient: Pick<MemberRecipient, 'email' | 'name'>;
  subject: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}): SendMailOptions {
  const domain = addressOf(parts.mailFrom).split('@')[1] ?? 'hunted.example';
  return {
    from: parts.mailFrom,
    to: { name: parts.recipient.name, address: parts.recipient.email },
    subject: parts.subject,
    text: parts.text,
    messageId: `<${parts.messageId}@${domain}>`,
    headers: parts.headers,
  };
}

/**
 * The mail with the Message-ID its row was given in the ledger it was moved from (`outbound_emails.message_id`),
 * when it has one: an email pending at the move that had been tried before keeps the Message-ID of its first try.
 */
export function keepMovedMessageId(mail: SendMailOptions, movedMessageId: string | null): SendMailOptions {
  if (!movedMessageId || typeof mail.messageId !== 'string') return mail;
  return { ...mail, messageId: mail.messageId.replace(/^<[^@]*@/, `<${movedMessageId}@`) };
}
