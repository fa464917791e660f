import type { HunterHistoryEntryKind } from '@hunted/contracts';
import type { SendMailOptions } from 'nodemailer';
import { memberEmail, memberEmailText, siteLink } from '../mail/member-email.js';

/** The emailed decisions: the admins'; the hunter's own steps (a resubmission, a revision sent or withdrawn) get none. */
export type VettingDecision = Exclude<HunterHistoryEntryKind, 'resubmit' | 'revise' | 'withdraw-revision'>;

/** Whether a history entry is emailed (an admin's decision). */
export function isEmailedDecision(decision: HunterHistoryEntryKind): decision is VettingDecision {
  return decision !== 'resubmit' && decision !== 'revise' && decision !== 'withdraw-revision';
}

/** The ledger's kind of each decision's email, as its `X-Hunted-Email-Kind` header names it. */
export const VETTING_EMAIL_KINDS = ['vetting_approve', 'vetting_reject', 'vetting_suspend', 'vetting_reinstate'] as const;

/**
 * A decision on a revision (decision 0089) is emailed under its profile decision's kind (`vetting_approve`,
 * `vetting_reject`): the facts' decision tells the texts apart, and the ledger's kinds stay as they are.
 */
export function vettingEmailKind(decision: VettingDecision): (typeof VETTING_EMAIL_KINDS)[number] {
  if (decision === 'approve-revision') return 'vetting_approve';
  if (decision === 'reject-revision') return 'vetting_reject';
  return `vetting_${decision}`;
}

/** What one vetting email says: the decision, the admin's reason when it has one, and to whom it goes. */
export interface VettingEmailInput {
  /** The ledger row's id: fixes the Message-ID, so a resend after a crash is recognisably the same mail. */
  emailId: string;
  decision: VettingDecision;
  hunterId: number;
  hunterName: string;
  reason: string | null;
  recipient: { email: string; firstName: string | null; name: string };
  /** The site's address, `PUBLIC_URL`. */
  publicUrl: string;
  /** The From header, `Hunted <no-reply@…>`. */
  mailFrom: string;
}

function dashboard(publicUrl: string, query = ''): string {
  return siteLink(publicUrl, `/hunter-dashboard${query}`);
}

/**
 * Subject and plain-text body of the email a hunter gets for each admin decision on their profile: the one place
 * these texts live. A resubmission (the hunter's own edit) gets none.
 */
export function vettingEmailText(input: VettingEmailInput): { subject: string; text: string } {
  const reason = input.reason?.trim() ? [`Reason: ${input.reason.trim()}`, ''] : [];
  let subject: string;
  let body: string[];
  switch (input.decision) {
    case 'approve':
      subject = 'Your Hunted profile is approved';
      body = [
        `Your hunter profile "${input.hunterName}" is approved: it is now listed on Hunted, clients can find and book you, and it shows as Verified.`,
        '',
        'To get paid for paid sessions, connect your payout account:',
        dashboard(input.publicUrl, '?tab=earnings'),
      ];
      break;
    case 'reject':
      subject = 'Your Hunted profile was not approved';
      body = [
        `We reviewed your hunter profile "${input.hunterName}" and could not approve it yet.`,
        '',
        ...reason,
        'Edit your profile to send it back for review:',
        dashboard(input.publicUrl),
      ];
      break;
    case 'suspend':
      subject = 'Your Hunted profile is suspended';
      body = [
        `Your hunter profile "${input.hunterName}" is suspended: it is no longer listed, it cannot be booked, and your conversations are closed to new messages.`,
        'Your upcoming bookings are cancelled and the clients refunded in full.',
        '',
        ...reason,
        'If you think this is a mistake, reply to this email or contact us through the site.',
        dashboard(input.publicUrl),
      ];
      break;
    case 'approve-revision':
      subject = 'Your Hunted profile changes are approved';
      body = [
        `We reviewed the changes to your hunter profile "${input.hunterName}" and approved them: your profile now shows them.`,
        '',
        dashboard(input.publicUrl),
      ];
      break;
    case 'reject-revision':
      subject = 'Your Hunted profile changes were not approved';
      body = [
        `We reviewed the changes to your hunter profile and could not approve them: your profile still shows "${input.hunterName}" as it was approved.`,
        '',
        ...reason,
        'Edit your profile to send new changes for review:',
        dashboard(input.publicUrl),
      ];
      break;
    case 'reinstate':
      subject = 'Your Hunted profile is reinstated';
      body = [
        `Your hunter profile "${input.hunterName}" is reinstated: it is listed again, clients can book you, and your conversations are open again.`,
        '',
        dashboard(input.publicUrl),
      ];
      break;
  }
  return { subject, text: memberEmailText(input.recipient.firstName, body) };
}

/** The whole email: From, To, subject, text and a fixed Message-ID. */
export function vettingEmail(input: VettingEmailInput): SendMailOptions {
  return memberEmail({
    ...vettingEmailText(input),
    mailFrom: input.mailFrom,
    recipient: input.recipient,
    messageId: `hunter-email-${input.emailId}`,
    headers: { 'X-Hunted-Hunter': String(input.hunterId), 'X-Hunted-Email-Kind': vettingEmailKind(input.decision) },
  });
}
