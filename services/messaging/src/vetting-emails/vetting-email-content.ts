import type { HunterDecisionKind } from '@hunted/contracts';
import type { SendMailOptions } from 'nodemailer';
import { memberEmail, memberEmailText, siteLink } from '../mail/member-email.js';

/** What one vetting email says: the decision, the admin's reason when it has one, and to whom it goes. */
export interface VettingEmailInput {
  /** The ledger row's id: fixes the Message-ID, so a resend after a crash is recognisably the same mail. */
  emailId: string;
  decision: HunterDecisionKind;
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
    headers: { 'X-Hunted-Hunter': String(input.hunterId), 'X-Hunted-Email-Kind': `vetting_${input.decision}` },
  });
}
