import { SESSION_TYPE_LABELS, type SessionTypeKey } from '@hunted/contracts';
import type { SendMailOptions } from 'nodemailer';
import { bookingCalendar, type IcsMethod } from './ics.js';
import { londonSpan, londonTime, pounds } from './london-time.js';

export const BOOKING_EMAIL_KINDS = [
  'confirmation',
  'rescheduled',
  'reminder_24h',
  'reminder_1h',
  'cancellation',
  'refund',
] as const;
export type BookingEmailKind = (typeof BOOKING_EMAIL_KINDS)[number];
export type RecipientRole = 'client' | 'hunter';

/** What an email says about its booking: the booking as the event that asked for the email left it. */
export interface BookingFacts {
  bookingId: string;
  hunterId: number;
  sessionType: SessionTypeKey;
  startsAt: string;
  endsAt: string;
  pricePence: number;
  sequence: number;
  previousStartsAt?: string;
  previousEndsAt?: string;
  cancelledBy?: 'client' | 'hunter' | 'system';
  refundPence?: number;
  refundReason?: 'cancelled' | 'late_payment';
  /** Why the system cancelled: the hunter was suspended (only the client is emailed, with a full refund). */
  cause?: 'hunter_suspended';
}

export interface BookingEmailInput {
  /** The outbound_emails row's id: fixes the Message-ID, so a resend after a crash is recognisably the same mail. */
  emailId: string;
  kind: BookingEmailKind;
  role: RecipientRole;
  facts: BookingFacts;
  recipient: { email: string; firstName: string | null; name: string };
  hunterName: string;
  clientName: string;
  /** The site's address, `PUBLIC_URL`. */
  publicUrl: string;
  /** The From header, `Hunted <no-reply@…>`. */
  mailFrom: string;
}

/** The address part of a From header like `Hunted <no-reply@hunted.example>`. */
function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

function link(publicUrl: string, role: RecipientRole): string {
  return `${publicUrl.replace(/\/+$/, '')}${role === 'client' ? '/my-bookings' : '/hunter-dashboard'}`;
}

/** Which calendar method, if any, an email carries. */
export function calendarMethodOf(kind: BookingEmailKind): IcsMethod | null {
  if (kind === 'confirmation' || kind === 'rescheduled') return 'REQUEST';
  if (kind === 'cancellation') return 'CANCEL';
  return null;
}

function refundLine(facts: BookingFacts, role: RecipientRole): string | null {
  if (facts.pricePence === 0) return null;
  const refund = facts.refundPence ?? 0;
  if (facts.cause === 'hunter_suspended' && role === 'client' && refund > 0)
    return `You will get a full refund of ${pounds(refund)} to your original payment method; it can take 5–10 working days to appear.`;
  if (role === 'hunter')
    return refund > 0 ? `The client is refunded ${pounds(refund)}.` : 'No refund is due to the client.';
  return refund > 0
    ? `You will be refunded ${pounds(refund)} to your original payment method; it can take 5–10 working days to appear.`
    : 'No refund is due: the session was cancelled less than 24 hours before it started.';
}

function cancelledByLine(facts: BookingFacts, input: BookingEmailInput): string {
  if (facts.cause === 'hunter_suspended')
    return `${input.hunterName} is no longer available on Hunted, so this session is cancelled.`;
  const by = facts.cancelledBy ?? 'system';
  if (by === 'system') return 'This booking has been cancelled.';
  if (by === input.role) return 'You cancelled this booking.';
  return by === 'client'
    ? `${input.clientName} cancelled this booking.`
    : `${input.hunterName} cancelled this booking.`;
}

/**
 * Subject and plain-text body of one booking email, and its calendar invite when it has one. Short on purpose:
 * who, what, when in London time with GMT/BST, the price, and the page where the booking can be seen.
 */
export function bookingEmailText(input: BookingEmailInput): { subject: string; text: string } {
  const { facts, role, kind } = input;
  const label = SESSION_TYPE_LABELS[facts.sessionType] ?? facts.sessionType;
  const startsAt = new Date(facts.startsAt);
  const when = londonSpan(startsAt, new Date(facts.endsAt));
  const start = londonTime(startsAt);
  const other = role === 'client' ? input.hunterName : input.clientName;
  const withWhom = role === 'client' ? `with ${input.hunterName}` : `with ${input.clientName}`;
  const page = link(input.publicUrl, role);
  const pageName = role === 'client' ? 'My bookings' : 'Your hunter dashboard';
  const price = facts.pricePence === 0 ? 'Free' : pounds(facts.pricePence);
  const details = [
    `Session: ${label}`,
    `${role === 'client' ? 'Hunter' : 'Client'}: ${other}`,
    `When: ${when} (London time)`,
    `Price: ${price}`,
  ];

  let subject: string;
  let opening: string[];
  switch (kind) {
    case 'confirmation':
      subject = role === 'client' ? `Booking confirmed: ${label} ${withWhom}` : `New booking: ${label} ${withWhom}`;
      opening = [role === 'client' ? 'Your session is booked.' : `${input.clientName} has booked a session with you.`];
      break;
    case 'rescheduled': {
      subject = `Booking moved: ${label} ${withWhom}`;
      const before =
        facts.previousStartsAt && facts.previousEndsAt
          ? ` from ${londonSpan(new Date(facts.previousStartsAt), new Date(facts.previousEndsAt))}`
          : '';
      opening = [`Your session has moved${before} to the time below.`];
      break;
    }
    case 'reminder_24h':
      subject = `Reminder: ${label} ${withWhom} tomorrow at ${start.time} ${start.zone}`;
      opening = ['Your session is tomorrow.'];
      break;
    case 'reminder_1h':
      subject = `Reminder: ${label} ${withWhom} at ${start.time} ${start.zone}`;
      opening = ['Your session starts in one hour.'];
      break;
    case 'cancellation': {
      subject = `Booking cancelled: ${label} ${withWhom}`;
      opening = [cancelledByLine(facts, input)];
      const refund = refundLine(facts, role);
      if (refund) opening.push(refund);
      break;
    }
    case 'refund': {
      const refund = facts.refundPence ?? 0;
      subject = `Refund of ${pounds(refund)} issued`;
      opening =
        facts.refundReason === 'late_payment'
          ? [
              `Your payment arrived after the hold on this time had expired and the time was taken, so we have refunded ${pounds(refund)} in full.`,
            ]
          : [`We have refunded ${pounds(refund)} for your cancelled booking.`];
      opening.push('It can take 5–10 working days to appear on your statement.');
      break;
    }
  }

  const greeting = input.recipient.firstName ? `Hi ${input.recipient.firstName},` : 'Hello,';
  const calendarNote =
    kind === 'confirmation' || kind === 'rescheduled'
      ? ['The calendar invite is attached.', '']
      : kind === 'cancellation'
        ? ['The attached calendar update removes it from your calendar.', '']
        : [];
  const text = [
    greeting,
    '',
    ...opening,
    '',
    ...details,
    '',
    ...calendarNote,
    `${pageName}: ${page}`,
    '',
    '-- ',
    'Hunted',
  ].join('\n');
  return { subject, text };
}

/** The whole email: From, To, subject, text, a fixed Message-ID and, for confirmations, moves and cancellations, the `.ics`. */
export function bookingEmail(input: BookingEmailInput, stamp: Date = new Date()): SendMailOptions {
  const { subject, text } = bookingEmailText(input);
  const from = addressOf(input.mailFrom);
  const domain = from.split('@')[1] ?? 'hunted.example';
  const message: SendMailOptions = {
    from: input.mailFrom,
    to: { name: input.recipient.name, address: input.recipient.email },
    subject,
    text,
    messageId: `<booking-email-${input.emailId}@${domain}>`,
    headers: {
      'X-Hunted-Booking': input.facts.bookingId,
      'X-Hunted-Email-Kind': input.kind,
    },
  };
  const method = calendarMethodOf(input.kind);
  if (method) {
    const label = SESSION_TYPE_LABELS[input.facts.sessionType] ?? input.facts.sessionType;
    const other = input.role === 'client' ? input.hunterName : input.clientName;
    const calendar = bookingCalendar(
      {
        bookingId: input.facts.bookingId,
        sequence: input.facts.sequence,
        startsAt: new Date(input.facts.startsAt),
        endsAt: new Date(input.facts.endsAt),
        summary: `${label} with ${other} (Hunted)`,
        description: `${label} with ${other}. ${link(input.publicUrl, input.role)}`,
        url: link(input.publicUrl, input.role),
        organizer: { name: 'Hunted', email: from },
        attendee: { name: input.recipient.name, email: input.recipient.email },
      },
      method,
      stamp,
    );
    // Nodemailer sends it twice, as calendar servers do: a text/calendar alternative (with the method) that lets
    // Gmail and Outlook show the invite's own buttons, and an `.ics` attachment any mail client can open.
    message.icalEvent = { method, filename: method === 'CANCEL' ? 'cancelled.ics' : 'invite.ics', content: calendar };
  }
  return message;
}
