import { longDateLabel } from '@hunted/contracts';
import type { SendMailOptions } from 'nodemailer';
import { memberEmail, memberEmailText, siteLink } from '../mail/member-email.js';
import type { EditEmailKind } from './edit-email.template.js';

/** What one Hunter Edit email says, and to whom it goes. */
export interface EditEmailInput {
  /** The ledger row's id: fixes the Message-ID, so a resend after a crash is recognisably the same mail. */
  emailId: string;
  kind: EditEmailKind;
  editId: number | null;
  hunterName: string;
  /** The edit's title; for a Hunter's Pick email, the day (YYYY-MM-DD). */
  title: string;
  recipient: { email: string; firstName: string | null; name: string };
  /** The site's address, `PUBLIC_URL`. */
  publicUrl: string;
  /** The From header, `Hunted <no-reply@…>`. */
  mailFrom: string;
}

/** The client finds their edits, and answers a request to publish one, on My bookings (its edits section). */
function myBookings(publicUrl: string): string {
  return siteLink(publicUrl, '/my-bookings#edits');
}

/** Subject and plain-text body of the client's Hunter Edit emails: the one place these texts live. */
export function editEmailText(input: EditEmailInput): { subject: string; text: string } {
  let subject: string;
  let body: string[];
  switch (input.kind) {
    case 'edit_sent':
      subject = `${input.hunterName} sent you an edit: ${input.title}`;
      body = [
        `${input.hunterName} has put together an edit for you after your session: "${input.title}".`,
        'Each item links to its brand, and you can save all its brands to your favourites at once.',
        '',
        'See it on My bookings:',
        myBookings(input.publicUrl),
      ];
      break;
    case 'pick_chosen':
      subject = "Today is your Hunter's Pick";
      body = [
        `You are today's Hunter's Pick on Hunted (${longDateLabel(input.title)}).`,
        "Choose one brand from the directory, with a note of up to two lines: it shows on Today beside the crowd's #1 until midnight, London time, with a link to your page and your open times.",
        '',
        'Make your pick on your dashboard:',
        siteLink(input.publicUrl, '/hunter-dashboard'),
      ];
      break;
    case 'publish_requested':
      subject = `${input.hunterName} would like to publish your edit`;
      body = [
        `${input.hunterName} would like to show the edit "${input.title}" on their public page, and on the pages of the brands it names.`,
        'It would show the items and the note, never your name or your booking. Your edit stays private unless you agree.',
        '',
        'Answer on My bookings:',
        myBookings(input.publicUrl),
      ];
      break;
  }
  return { subject, text: memberEmailText(input.recipient.firstName, body) };
}

/** The whole email: From, To, subject, text and a fixed Message-ID. */
export function editEmail(input: EditEmailInput): SendMailOptions {
  return memberEmail({
    ...editEmailText(input),
    mailFrom: input.mailFrom,
    recipient: input.recipient,
    messageId: `edit-email-${input.emailId}`,
    headers: { ...(input.editId === null ? {} : { 'X-Hunted-Edit': String(input.editId) }), 'X-Hunted-Email-Kind': input.kind },
  });
}
