import {
  BOOKING_ACTION_RULES,
  CANCELLATION_POLICY,
  joiningLaterMessage,
  joiningReleasesAt,
  SESSION_TYPE_LABELS,
  spanLabelIn,
  wallClockIn,
  type BookingJoining,
  type SiteOperator,
} from '@hunted/contracts';
import type { SendMailOptions } from 'nodemailer';
import { bookingCalendar, type IcsMethod } from './ics.js';
import { amountIn } from './money.js';
import { zoneName } from '../mail/recipient-time.js';
import type { BookingEmailKind, BookingFacts } from '../mail/booking-email-rows.js';
import { addressOf } from '../mail/member-email.js';

export type RecipientRole = 'client' | 'hunter';

export interface BookingEmailInput {
  /** The outbound_emails row's id: fixes the Message-ID, so a resend after a crash is recognisably the same mail. */
  emailId: string;
  kind: BookingEmailKind;
  role: RecipientRole;
  facts: BookingFacts;
  /** `timeZone`: the zone every time of the email is written in, the recipient's own (or London's, readerTimeZone). */
  recipient: { email: string; firstName: string | null; name: string; timeZone: string };
  hunterName: string;
  clientName: string;
  /** The site's address, `PUBLIC_URL`. */
  publicUrl: string;
  /** The From header, `Hunted <no-reply@…>`. */
  mailFrom: string;
  /** Who runs Hunted (OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL): the client's confirmation is their receipt. */
  operator: SiteOperator;
  /**
   * How the client joins the session (from the hunter's joining details): said in the client's confirmation, move
   * and reminders, and the invite's LOCATION. Never given for the hunter's emails.
   */
  joining?: BookingJoining | null;
}

/** The emails that tell the client how to join. */
const JOINING_KINDS: readonly BookingEmailKind[] = ['confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h'];

/** The joining details this email may carry: only the client's, and only about the session ahead. */
export function joiningOf(input: Pick<BookingEmailInput, 'kind' | 'role' | 'joining'>): BookingJoining | null {
  if (input.role !== 'client' || !JOINING_KINDS.includes(input.kind)) return null;
  return input.joining ?? { kind: 'pending' };
}

/**
 * The details are held back from this client email (decision 0088): a session with something private to join by
 * (not a question), still cancellable for a full refund at `now` (ms, the session clock), in an email that is not a
 * reminder (the 24 h reminder goes as the booking enters the window and is the release; a late 1 h one too).
 */
export function joiningHeldBack(
  kind: BookingEmailKind,
  facts: Pick<BookingFacts, 'sessionType' | 'startsAt'>,
  now: number,
): boolean {
  if (facts.sessionType === 'askQuestion' || kind === 'reminder_24h' || kind === 'reminder_1h') return false;
  return now <= joiningReleasesAt(facts.startsAt);
}

/** What the client is told instead, while held back. */
export function joiningLater(facts: Pick<BookingFacts, 'sessionType' | 'startsAt'>): BookingJoining {
  return {
    kind: 'later',
    releasesAt: new Date(joiningReleasesAt(facts.startsAt)).toISOString(),
    message: joiningLaterMessage(facts.sessionType),
  };
}

/** The "How to join" lines of the client's email. */
export function joiningLines(joining: BookingJoining, hunterName: string): string[] {
  switch (joining.kind) {
    case 'whatsapp':
      return [`How to join: WhatsApp ${joining.phone}`, `Open the chat: ${joining.link}`];
    case 'inPerson':
      return [
        'How to join: in person',
        ...(joining.area ? [`Area: ${joining.area}`] : []),
        ...(joining.address ? [`Address: ${joining.address}`] : []),
      ];
    case 'messages':
      return [`How to join: ${hunterName} answers your question in Messages on Hunted.`];
    case 'pending':
      return [`How to join: ${hunterName} will message you the details before the session.`];
    case 'later':
      return [`How to join: ${joining.message}, in your reminder email.`];
  }
}

/** The invite's LOCATION: the wa.me link and number, or the meeting place; none while the details are not set. */
export function joiningLocation(joining: BookingJoining | null): string | null {
  if (!joining) return null;
  switch (joining.kind) {
    case 'whatsapp':
      return `WhatsApp ${joining.phone} ${joining.link}`;
    case 'inPerson':
      return [joining.area, joining.address].filter(Boolean).join(', ');
    case 'messages':
      return 'Messages on Hunted';
    case 'pending':
    case 'later':
      return null;
  }
}

function spanOf(zone: string, startsAt: string | undefined, endsAt: string | undefined): string {
  return startsAt && endsAt ? spanLabelIn(zone, new Date(startsAt), new Date(endsAt)) : 'another time';
}

function link(publicUrl: string, role: RecipientRole): string {
  return `${publicUrl.replace(/\/+$/, '')}${role === 'client' ? '/my-bookings' : '/hunter-dashboard'}`;
}

/**
 * The client's 24 h reminder releases the joining details (decision 0088), so it carries the invite again with
 * them in LOCATION, one SEQUENCE above the booking's (calendars keep the highest; a later cancellation or accepted
 * proposal reaches the same SEQUENCE with a later DTSTAMP, which RFC 5546 orders after it).
 */
function isReleaseInvite(input: Pick<BookingEmailInput, 'kind' | 'role' | 'facts'>): boolean {
  return input.kind === 'reminder_24h' && input.role === 'client' && input.facts.sessionType !== 'askQuestion';
}

/** Which calendar method, if any, an email carries. */
export function calendarMethodOf(input: Pick<BookingEmailInput, 'kind' | 'role' | 'facts'>): IcsMethod | null {
  const { kind } = input;
  if (kind === 'confirmation' || kind === 'rescheduled' || isReleaseInvite(input)) return 'REQUEST';
  if (kind === 'cancellation') return 'CANCEL';
  return null;
}

function refundLine(facts: BookingFacts, role: RecipientRole): string | null {
  if (facts.pricePence === 0) return null;
  const refund = facts.refundPence ?? 0;
  if ((facts.cause === 'hunter_suspended' || facts.cancelledBy === 'hunter') && role === 'client' && refund > 0)
    return `You will get a full refund of ${amountIn(refund, facts.currency)} to your original payment method; it can take 5–10 working days to appear.`;
  if (role === 'hunter')
    return refund > 0 ? `The client is refunded ${amountIn(refund, facts.currency)}.` : 'No refund is due to the client.';
  return refund > 0
    ? `You will be refunded ${amountIn(refund, facts.currency)} to your original payment method; it can take 5–10 working days to appear.`
    : 'No refund is due: the session was cancelled less than 24 hours before it started.';
}

function siteLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * The client's confirmation is their receipt and repeats the cancellation policy (issue 37 items 3 and 5, decision
 * 0102): who sold the session, the hunter, the service, the price with the platform fee it includes, the refund
 * rules as the book and pay pages state them (CANCELLATION_POLICY), and how to complain.
 */
function receiptLines(input: BookingEmailInput, label: string, when: string): string[] {
  const { facts, operator, publicUrl } = input;
  const fee = facts.platformFeePence;
  const price =
    facts.pricePence === 0
      ? 'Free'
      : fee === undefined
        ? `${amountIn(facts.pricePence, facts.currency)}, including our platform fee`
        : `${amountIn(facts.pricePence, facts.currency)}, including the platform fee of ${amountIn(Math.min(fee, facts.pricePence), facts.currency)}`;
  return [
    'Receipt',
    `Sold by: ${operator.name}, ${operator.address} (${operator.email})`,
    `Hunter: ${input.hunterName}`,
    `Service: ${label}, ${when} (${zoneName(input.recipient.timeZone)})`,
    `Price: ${price}`,
    '',
    'Cancellation policy',
    ...CANCELLATION_POLICY.rules.map((rule) => `- ${rule}`),
    `- Your ${CANCELLATION_POLICY.cancellationPeriodDays}-day right to cancel: a session booked ${CANCELLATION_POLICY.cancellationPeriodDays} days or more ahead may be cancelled for any reason within ${CANCELLATION_POLICY.cancellationPeriodDays} days of booking, for a full refund. A session sooner than that takes place at your express request: the rules above apply, and once it has been held your right to cancel ends.`,
    `The full terms: ${siteLink(publicUrl, '/terms')}`,
    '',
    `Something wrong with this booking? Tell us at ${siteLink(publicUrl, '/contact')} or ${operator.email}.`,
  ];
}

function quoted(text: string): string {
  return `"${text.trim()}"`;
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
 * who, what, when on the recipient's own clock with its zone said (`09:00–10:00 CET (Paris time)`), the price, and
 * the page where the booking can be seen. The client and the hunter of one booking may read different clocks.
 */
export function bookingEmailText(input: BookingEmailInput): { subject: string; text: string } {
  const { facts, role, kind } = input;
  const label = SESSION_TYPE_LABELS[facts.sessionType] ?? facts.sessionType;
  const startsAt = new Date(facts.startsAt);
  const zone = input.recipient.timeZone;
  const when = spanLabelIn(zone, startsAt, new Date(facts.endsAt));
  const start = wallClockIn(zone, startsAt);
  const other = role === 'client' ? input.hunterName : input.clientName;
  const withWhom = role === 'client' ? `with ${input.hunterName}` : `with ${input.clientName}`;
  const page = link(input.publicUrl, role);
  const pageName = role === 'client' ? 'My bookings' : 'Your hunter dashboard';
  const price = facts.pricePence === 0 ? 'Free' : amountIn(facts.pricePence, facts.currency);
  const details = [
    `Session: ${label}`,
    `${role === 'client' ? 'Hunter' : 'Client'}: ${other}`,
    `When: ${when} (${zoneName(zone)})`,
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
          ? ` from ${spanLabelIn(zone, new Date(facts.previousStartsAt), new Date(facts.previousEndsAt))}`
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
      if (facts.cancelledBy === 'hunter' && facts.reason)
        opening.push(role === 'client' ? `Their reason: ${quoted(facts.reason)}` : `Your reason, as the client was told: ${quoted(facts.reason)}`);
      const refund = refundLine(facts, role);
      if (refund) opening.push(refund);
      break;
    }
    case 'refund': {
      const refund = facts.refundPence ?? 0;
      subject = `Refund of ${amountIn(refund, facts.currency)} issued`;
      opening =
        facts.refundReason === 'late_payment'
          ? [
              `Your payment arrived after the hold on this time had expired and the time was taken, so we have refunded ${amountIn(refund, facts.currency)} in full.`,
            ]
          : [`We have refunded ${amountIn(refund, facts.currency)} for your cancelled booking.`];
      opening.push('It can take 5–10 working days to appear on your statement.');
      break;
    }
    case 'time_proposed': {
      const proposed = spanOf(zone, facts.proposedStartsAt, facts.proposedEndsAt);
      subject = `New time suggested: ${label} ${withWhom}`;
      opening = [`${input.hunterName} has suggested another time for your session:`, `${proposed} (${zoneName(zone)})`];
      if (facts.message) opening.push('', `Their message: ${quoted(facts.message)}`);
      opening.push('', `Accept or decline it on My bookings: ${page}`, 'Until you do, your session stays at the time below.');
      break;
    }
    case 'proposal_declined': {
      const proposed = spanOf(zone, facts.proposedStartsAt, facts.proposedEndsAt);
      subject = `Suggested time declined: ${label} ${withWhom}`;
      opening = [
        `${input.clientName} declined the time you suggested (${proposed}).`,
        'The session stays at the time below.',
      ];
      break;
    }
    case 'session_held':
      subject = `Your session with ${input.hunterName} is marked as held`;
      opening = [
        `${input.hunterName} has marked your ${label} as held.`,
        // The mark may come before the end (once the session has started), and reviews open only at the end.
        `Once it has ended, you can review ${input.hunterName} on My bookings for ${BOOKING_ACTION_RULES.reviewWindowDays} days: ${page}`,
      ];
      break;
    case 'no_show':
      subject = `Marked as a no-show: ${label} ${withWhom}`;
      opening = [
        `${input.hunterName} has marked this session as a no-show: you did not attend. No refund is due.`,
        `If you did attend, you can dispute this within ${BOOKING_ACTION_RULES.disputeWindowHours} hours on My bookings: ${page}`,
      ];
      break;
    case 'disputed':
      subject = `No-show disputed: ${label} ${withWhom}`;
      opening = [`${input.clientName} disputes your no-show mark for this session.`];
      if (facts.disputeReason) opening.push(`Their reason: ${quoted(facts.disputeReason)}`);
      opening.push('Our team will review it and let you both know the outcome.');
      break;
    case 'dispute_resolved': {
      const refund = facts.refundPence ?? 0;
      subject = `Dispute resolved: ${label} ${withWhom}`;
      if (facts.resolution === 'refund') {
        opening =
          role === 'client'
            ? [
                `We have reviewed your dispute and upheld it: you will be refunded ${amountIn(refund, facts.currency)} in full to your original payment method; it can take 5–10 working days to appear.`,
              ]
            : [`We have reviewed ${input.clientName}'s dispute and upheld it: the client is refunded ${amountIn(refund, facts.currency)} in full.`];
      } else {
        opening =
          role === 'client'
            ? ['We have reviewed your dispute and the no-show mark stands. No refund is due.']
            : [`We have reviewed ${input.clientName}'s dispute and dismissed it: your no-show mark stands.`];
      }
      if (facts.resolutionNote) opening.push(`Note from our team: ${quoted(facts.resolutionNote)}`);
      break;
    }
    case 'review_request':
      subject = `How was your session with ${input.hunterName}?`;
      opening = [
        `We hope your ${label} with ${input.hunterName} went well.`,
        `Leave a review on My bookings to help other clients choose: ${page}`,
      ];
      break;
  }
  const joining = joiningOf(input);
  if (joining) details.push(...joiningLines(joining, input.hunterName));

  const receipt = kind === 'confirmation' && role === 'client' ? [...receiptLines(input, label, when), ''] : [];

  const greeting = input.recipient.firstName ? `Hi ${input.recipient.firstName},` : 'Hello,';
  const calendarNote =
    kind === 'confirmation' || kind === 'rescheduled'
      ? ['The calendar invite is attached.', '']
      : isReleaseInvite(input)
        ? ['The attached calendar update adds how to join.', '']
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
    ...receipt,
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
  const method = calendarMethodOf(input);
  if (method) {
    const label = SESSION_TYPE_LABELS[input.facts.sessionType] ?? input.facts.sessionType;
    const other = input.role === 'client' ? input.hunterName : input.clientName;
    const calendar = bookingCalendar(
      {
        bookingId: input.facts.bookingId,
        sequence: input.facts.sequence + (isReleaseInvite(input) ? 1 : 0),
        startsAt: new Date(input.facts.startsAt),
        endsAt: new Date(input.facts.endsAt),
        summary: `${label} with ${other} (Hunted)`,
        description: `${label} with ${other}. ${link(input.publicUrl, input.role)}`,
        location: method === 'REQUEST' ? joiningLocation(joiningOf(input)) : null,
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
