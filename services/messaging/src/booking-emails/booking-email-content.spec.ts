import { CANCELLATION_POLICY } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import {
  bookingEmail,
  bookingEmailText,
  joiningHeldBack,
  joiningLater,
  type BookingEmailInput,
} from './booking-email-content.js';

/** The unfolded value of a property of an .ics (continuations joined). */
function icsProperty(calendar: string, name: string): string | undefined {
  const line = calendar
    .replace(/\r\n /g, '')
    .split('\r\n')
    .find((entry) => entry.startsWith(`${name}:`));
  return line?.slice(name.length + 1);
}

function input(overrides: Partial<BookingEmailInput> = {}): BookingEmailInput {
  return {
    emailId: '41',
    kind: 'confirmation',
    role: 'client',
    facts: {
      bookingId: 'b-1',
      hunterId: 3,
      sessionType: 'whatsappVideo',
      startsAt: '2026-03-30T08:00:00.000Z',
      endsAt: '2026-03-30T09:00:00.000Z',
      pricePence: 8000,
      sequence: 0,
    },
    joining: { kind: 'whatsapp', phone: '+447700900123', link: 'https://wa.me/447700900123' },
    recipient: { email: 'ada@example.com', firstName: 'Ada', name: 'Ada Lovelace', timeZone: 'Europe/London' },
    hunterName: 'Sofia Martinez',
    clientName: 'Ada Lovelace',
    publicUrl: 'https://hunted.example.com/',
    mailFrom: 'Hunted <no-reply@hunted.example.com>',
    operator: { name: 'Hunted Ltd', address: '9 Loom Yard, Leeds LS1 4AP', email: 'legal@hunted.example.com' },
    ...overrides,
  };
}

describe('booking email texts', () => {
  it("confirms to the client with the hunter, the type's label, London time with BST, price and /my-bookings", () => {
    const { subject, text } = bookingEmailText(input());
    expect(subject).toBe('Booking confirmed: WhatsApp Video Call with Sofia Martinez');
    expect(text).toContain('Hi Ada,');
    expect(text).toContain('Hunter: Sofia Martinez');
    expect(text).toContain('Session: WhatsApp Video Call');
    expect(text).toContain('When: Monday, 30 March 2026, 09:00–10:00 BST (London time)');
    expect(text).toContain('Price: £80.00');
    expect(text).toContain('My bookings: https://hunted.example.com/my-bookings');
  });

  it("is the client's receipt: the operator, the hunter, the service, the price with its platform fee, how to complain", () => {
    const { text } = bookingEmailText(input({ facts: { ...input().facts, platformFeePence: 200 } }));
    expect(text).toContain('Sold by: Hunted Ltd, 9 Loom Yard, Leeds LS1 4AP (legal@hunted.example.com)');
    expect(text).toContain('Service: WhatsApp Video Call, Monday, 30 March 2026, 09:00–10:00 BST (London time)');
    expect(text).toContain('Price: £80.00, including the platform fee of £2.00');
    expect(text).toContain(
      'Something wrong with this booking? Tell us at https://hunted.example.com/contact or legal@hunted.example.com.',
    );
    // An event from before the fee was carried still says the price includes it, without a figure it does not know.
    expect(bookingEmailText(input()).text).toContain('Price: £80.00, including our platform fee');
    expect(bookingEmailText(input({ facts: { ...input().facts, pricePence: 0, platformFeePence: 0 } })).text).toContain(
      'Price: Free',
    );
  });

  it('writes the amounts in the booking’s currency (decision 0105)', () => {
    const euros = { ...input().facts, pricePence: 6000, platformFeePence: 250, currency: 'EUR' as const };
    expect(bookingEmailText(input({ facts: euros })).text).toContain('Price: €60.00, including the platform fee of €2.50');
    const refunded = bookingEmailText(input({ kind: 'refund', facts: { ...euros, refundPence: 6000, refundReason: 'cancelled' } }));
    expect(refunded.subject).toBe('Refund of €60.00 issued');
  });

  it('repeats the cancellation policy of the book and pay pages in the confirmation, linking the terms', () => {
    const { text } = bookingEmailText(input());
    for (const rule of CANCELLATION_POLICY.rules) expect(text).toContain(`- ${rule}`);
    expect(text).toContain('14-day right to cancel');
    expect(text).toContain('once it has been held your right to cancel ends');
    expect(text).toContain('The full terms: https://hunted.example.com/terms');
    // The hunter's confirmation and the client's other emails are no receipt.
    const hunters = bookingEmailText(
      input({ role: 'hunter', recipient: { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez', timeZone: 'Europe/London' } }),
    ).text;
    expect(hunters).not.toContain('Cancellation policy');
    expect(hunters).not.toContain('Sold by');
    expect(bookingEmailText(input({ kind: 'reminder_24h' })).text).not.toContain('Sold by');
  });

  it('tells the hunter who booked, linking to /hunter-dashboard, in GMT after the clocks go back', () => {
    const { subject, text } = bookingEmailText(
      input({
        role: 'hunter',
        recipient: { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez', timeZone: 'Europe/London' },
        facts: { ...input().facts, startsAt: '2026-10-26T09:00:00.000Z', endsAt: '2026-10-26T10:00:00.000Z' },
      }),
    );
    expect(subject).toBe('New booking: WhatsApp Video Call with Ada Lovelace');
    expect(text).toContain('Ada Lovelace has booked a session with you.');
    expect(text).toContain('When: Monday, 26 October 2026, 09:00–10:00 GMT (London time)');
    expect(text).toContain('Your hunter dashboard: https://hunted.example.com/hunter-dashboard');
  });

  describe("in each recipient's own zone", () => {
    // One booking: 09:00–10:00 UTC on Tuesday 9 March 2027 (winter in Paris, London and, still, New York).
    const facts = { ...input().facts, startsAt: '2027-03-09T09:00:00.000Z', endsAt: '2027-03-09T10:00:00.000Z' };
    const paris = { email: 'ada@example.com', firstName: 'Ada', name: 'Ada Lovelace', timeZone: 'Europe/Paris' };
    const london = { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez', timeZone: 'Europe/London' };
    const newYork = { ...paris, timeZone: 'America/New_York' };

    it('tells the client in Paris and the hunter in London the same session on their own clocks, zone said', () => {
      const client = bookingEmailText(input({ facts, recipient: paris }));
      expect(client.text).toContain('When: Tuesday, 9 March 2027, 10:00–11:00 CET (Paris time)');
      expect(client.text).toContain('Service: WhatsApp Video Call, Tuesday, 9 March 2027, 10:00–11:00 CET (Paris time)');
      const hunter = bookingEmailText(input({ facts, role: 'hunter', recipient: london }));
      expect(hunter.text).toContain('When: Tuesday, 9 March 2027, 09:00–10:00 GMT (London time)');
      expect(bookingEmailText(input({ facts, recipient: newYork })).text).toContain(
        'When: Tuesday, 9 March 2027, 04:00–05:00 GMT-5 (New York time)',
      );
    });

    it('reminds, moves and suggests on the reader\'s clock, across their own clock change', () => {
      // Paris changes on 28 March 2027: 10:00 CET before, 11:00 CEST after, for the same 09:00 UTC.
      const moved = {
        ...facts,
        sequence: 1,
        startsAt: '2027-03-30T09:00:00.000Z',
        endsAt: '2027-03-30T10:00:00.000Z',
        previousStartsAt: facts.startsAt,
        previousEndsAt: facts.endsAt,
      };
      expect(bookingEmailText(input({ kind: 'rescheduled', facts: moved, recipient: paris })).text).toContain(
        'Your session has moved from Tuesday, 9 March 2027, 10:00–11:00 CET to the time below.',
      );
      expect(bookingEmailText(input({ kind: 'reminder_1h', facts: moved, recipient: paris })).subject).toBe(
        'Reminder: WhatsApp Video Call with Sofia Martinez at 11:00 CEST',
      );
      expect(bookingEmailText(input({ kind: 'reminder_1h', facts: moved, role: 'hunter', recipient: london })).subject).toBe(
        'Reminder: WhatsApp Video Call with Ada Lovelace at 10:00 BST',
      );
      const proposal = { ...facts, proposedStartsAt: moved.startsAt, proposedEndsAt: moved.endsAt, message: 'Later?' };
      expect(bookingEmailText(input({ kind: 'time_proposed', facts: proposal, recipient: paris })).text).toContain(
        'Tuesday, 30 March 2027, 11:00–12:00 CEST (Paris time)',
      );
    });

    it('sends both the same invite instant, in UTC, whatever their zones', () => {
      for (const recipient of [paris, london, newYork]) {
        const calendar = String(bookingEmail(input({ facts, recipient }), new Date('2027-03-01T12:00:00Z')).icalEvent?.content);
        expect(icsProperty(calendar, 'DTSTART')).toBe('20270309T090000Z');
        expect(icsProperty(calendar, 'DTEND')).toBe('20270309T100000Z');
        expect(calendar).not.toContain('TZID');
      }
    });
  });

  it('says where a moved session was and reminds with the start time and zone', () => {
    const facts = {
      ...input().facts,
      sequence: 1,
      startsAt: '2027-03-29T08:00:00.000Z',
      endsAt: '2027-03-29T09:00:00.000Z',
      previousStartsAt: '2027-03-26T09:00:00.000Z',
      previousEndsAt: '2027-03-26T10:00:00.000Z',
    };
    expect(bookingEmailText(input({ kind: 'rescheduled', facts })).text).toContain(
      'Your session has moved from Friday, 26 March 2027, 09:00–10:00 GMT to the time below.',
    );
    expect(bookingEmailText(input({ kind: 'reminder_1h', facts })).subject).toBe(
      'Reminder: WhatsApp Video Call with Sofia Martinez at 09:00 BST',
    );
    expect(bookingEmailText(input({ kind: 'reminder_24h', facts })).subject).toBe(
      'Reminder: WhatsApp Video Call with Sofia Martinez tomorrow at 09:00 BST',
    );
  });

  it('states the refund on a cancellation, and none for a late one', () => {
    const early = { ...input().facts, sequence: 1, cancelledBy: 'client' as const, refundPence: 8000 };
    expect(bookingEmailText(input({ kind: 'cancellation', facts: early })).text).toContain(
      'You will be refunded £80.00',
    );
    expect(bookingEmailText(input({ kind: 'cancellation', facts: early })).text).toContain('Price: £80.00');
    const late = { ...early, refundPence: 0 };
    expect(bookingEmailText(input({ kind: 'cancellation', facts: late })).text).toContain('No refund is due');
    const byHunter = { ...early, cancelledBy: 'hunter' as const };
    expect(bookingEmailText(input({ kind: 'cancellation', facts: byHunter })).text).toContain(
      'Sofia Martinez cancelled this booking.',
    );
    expect(bookingEmailText(input({ kind: 'refund', facts: { ...early, refundReason: 'cancelled' } })).subject).toBe(
      'Refund of £80.00 issued',
    );
  });
});

describe('bookingEmail', () => {
  it("tells the client of a suspended hunter's booking that the hunter left, with the full refund and the CANCEL invite", () => {
    const facts = {
      ...input().facts,
      sequence: 2,
      cancelledBy: 'system' as const,
      refundPence: 8000,
      cause: 'hunter_suspended' as const,
    };
    const email = bookingEmail(input({ kind: 'cancellation', facts }));
    expect(email.subject).toBe('Booking cancelled: WhatsApp Video Call with Sofia Martinez');
    expect(email.text).toContain('Sofia Martinez is no longer available on Hunted, so this session is cancelled.');
    expect(email.text).toContain('You will get a full refund of £80.00 to your original payment method');
    expect(email.text).not.toContain('This booking has been cancelled.');
    expect(email.icalEvent).toMatchObject({ method: 'CANCEL', filename: 'cancelled.ics' });
    expect(String(email.icalEvent?.content)).toContain('SEQUENCE:2');
  });

  it('attaches the invite with METHOD:REQUEST to a confirmation and METHOD:CANCEL to a cancellation', () => {
    const confirmation = bookingEmail(input());
    expect(confirmation.messageId).toBe('<booking-email-41@hunted.example.com>');
    expect(confirmation.to).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
    expect(confirmation.icalEvent).toMatchObject({ method: 'REQUEST', filename: 'invite.ics' });
    expect(String(confirmation.icalEvent?.content)).toContain('METHOD:REQUEST');
    const cancellation = bookingEmail(input({ kind: 'cancellation', facts: { ...input().facts, sequence: 1 } }));
    expect(cancellation.icalEvent).toMatchObject({ method: 'CANCEL', filename: 'cancelled.ics' });
    expect(String(cancellation.icalEvent?.content)).toContain('METHOD:CANCEL');
    expect(String(cancellation.icalEvent?.content)).toContain('SEQUENCE:1');
  });

  it('attaches nothing to a reminder or a refund', () => {
    expect(bookingEmail(input({ kind: 'reminder_1h' })).icalEvent).toBeUndefined();
    expect(
      bookingEmail(input({ kind: 'refund', facts: { ...input().facts, refundPence: 8000 } })).icalEvent,
    ).toBeUndefined();
  });
});

describe('how to join, in the client\'s emails and invite', () => {
  it("gives the client the WhatsApp number and wa.me link in the confirmation, the reminders and the invite's LOCATION", () => {
    for (const kind of ['confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h'] as const) {
      const { text } = bookingEmailText(input({ kind }));
      expect(text, kind).toContain('How to join: WhatsApp +447700900123');
      expect(text, kind).toContain('Open the chat: https://wa.me/447700900123');
    }
    for (const kind of ['confirmation', 'rescheduled'] as const) {
      const calendar = String(bookingEmail(input({ kind })).icalEvent?.content);
      expect(icsProperty(calendar, 'LOCATION'), kind).toBe('WhatsApp +447700900123 https://wa.me/447700900123');
    }
  });

  it('gives the meeting area and address in person, and says Messages for a question', () => {
    const inPerson = input({
      facts: { ...input().facts, sessionType: 'inPerson' },
      joining: { kind: 'inPerson', area: 'Shoreditch', address: '1 Rivington St, London EC2A 3DT' },
    });
    expect(bookingEmailText(inPerson).text).toContain('Area: Shoreditch\nAddress: 1 Rivington St, London EC2A 3DT');
    expect(icsProperty(String(bookingEmail(inPerson).icalEvent?.content), 'LOCATION')).toBe(
      'Shoreditch\\, 1 Rivington St\\, London EC2A 3DT',
    );
    const question = input({ facts: { ...input().facts, sessionType: 'askQuestion' }, joining: { kind: 'messages' } });
    expect(bookingEmailText(question).text).toContain(
      'How to join: Sofia Martinez answers your question in Messages on Hunted.',
    );
  });

  it('says the hunter will message the details when they have not set them, and puts no LOCATION in the invite', () => {
    const pending = input({ joining: { kind: 'pending' } });
    expect(bookingEmailText(pending).text).toContain(
      'How to join: Sofia Martinez will message you the details before the session.',
    );
    expect(String(bookingEmail(pending).icalEvent?.content)).not.toContain('LOCATION');
  });

  it("never gives them in the hunter's emails, nor in a cancellation or refund", () => {
    const toHunter = input({ role: 'hunter', recipient: { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez', timeZone: 'Europe/London' } });
    for (const kind of ['confirmation', 'rescheduled', 'reminder_1h'] as const) {
      const email = bookingEmail({ ...toHunter, kind });
      expect(email.text, kind).not.toContain('+447700900123');
      expect(email.text, kind).not.toContain('How to join');
      expect(String(email.icalEvent?.content ?? ''), kind).not.toContain('LOCATION');
    }
    const cancelled = { ...input().facts, sequence: 1, cancelledBy: 'client' as const, refundPence: 8000 };
    for (const kind of ['cancellation', 'refund'] as const) {
      const email = bookingEmail(input({ kind, facts: cancelled }));
      expect(email.text, kind).not.toContain('+447700900123');
      expect(String(email.icalEvent?.content ?? ''), kind).not.toContain('LOCATION');
    }
  });
});

describe('joining details held back until the change window (decision 0088)', () => {
  const startsAt = input().facts.startsAt;
  const releasesAt = new Date(startsAt).getTime() - 24 * 3_600_000;

  it('holds them back from a confirmation or move made before the window, never from a reminder or a question', () => {
    expect(joiningHeldBack('confirmation', input().facts, releasesAt - 1)).toBe(true);
    expect(joiningHeldBack('rescheduled', input().facts, releasesAt)).toBe(true);
    expect(joiningHeldBack('confirmation', input().facts, releasesAt + 1)).toBe(false);
    expect(joiningHeldBack('reminder_24h', input().facts, releasesAt - 60_000)).toBe(false);
    expect(joiningHeldBack('confirmation', { ...input().facts, sessionType: 'askQuestion' }, releasesAt - 1)).toBe(false);
  });

  it('tells the client when the WhatsApp number or the address will come, with no LOCATION in the invite', () => {
    const later = input({ joining: joiningLater(input().facts) });
    const { text } = bookingEmailText(later);
    expect(text).toContain("How to join: You'll get the WhatsApp number 24 hours before, in your reminder email.");
    expect(text).not.toContain('+447700900123');
    expect(String(bookingEmail(later).icalEvent?.content)).not.toContain('LOCATION');
    const inPerson = { ...input().facts, sessionType: 'inPerson' as const };
    expect(bookingEmailText(input({ facts: inPerson, joining: joiningLater(inPerson) })).text).toContain(
      "You'll get the meeting address 24 hours before",
    );
  });

  it("sends the client's 24 h reminder with the updated invite: same UID, one SEQUENCE higher, the number in LOCATION", () => {
    const confirmation = String(bookingEmail(input({ joining: joiningLater(input().facts) })).icalEvent?.content);
    const reminder = bookingEmail(input({ kind: 'reminder_24h' }));
    const calendar = String(reminder.icalEvent?.content);
    expect(reminder.text).toContain('How to join: WhatsApp +447700900123');
    expect(icsProperty(calendar, 'UID')).toBe(icsProperty(confirmation, 'UID'));
    expect(icsProperty(confirmation, 'SEQUENCE')).toBe('0');
    expect(icsProperty(calendar, 'SEQUENCE')).toBe('1');
    expect(icsProperty(calendar, 'LOCATION')).toBe('WhatsApp +447700900123 https://wa.me/447700900123');
    const toHunter = { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez', timeZone: 'Europe/London' };
    expect(bookingEmail(input({ kind: 'reminder_24h', role: 'hunter', recipient: toHunter })).icalEvent).toBeUndefined();
  });
});

describe("emails of the hunter's actions, disputes and the review request", () => {
  const hunter = { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez', timeZone: 'Europe/London' };

  it("tells the client the hunter's reason and the full refund when the hunter cancels", () => {
    const facts = { ...input().facts, sequence: 1, cancelledBy: 'hunter' as const, refundPence: 8000, reason: 'I am unwell' };
    const { subject, text } = bookingEmailText(input({ kind: 'cancellation', facts }));
    expect(subject).toBe('Booking cancelled: WhatsApp Video Call with Sofia Martinez');
    expect(text).toContain('Sofia Martinez cancelled this booking.\nTheir reason: "I am unwell"');
    expect(text).toContain('You will get a full refund of £80.00 to your original payment method');
    expect(bookingEmailText(input({ kind: 'cancellation', facts, role: 'hunter', recipient: hunter })).text).toContain(
      'Your reason, as the client was told: "I am unwell"',
    );
  });

  it('gives the client the suggested time on the London clock, the message, and /my-bookings to answer', () => {
    const facts = {
      ...input().facts,
      proposedStartsAt: '2026-10-26T10:00:00.000Z',
      proposedEndsAt: '2026-10-26T11:00:00.000Z',
      message: 'Could we do Monday instead?',
    };
    const { subject, text } = bookingEmailText(input({ kind: 'time_proposed', facts }));
    expect(subject).toBe('New time suggested: WhatsApp Video Call with Sofia Martinez');
    expect(text).toContain('Sofia Martinez has suggested another time for your session:\nMonday, 26 October 2026, 10:00–11:00 GMT (London time)');
    expect(text).toContain('Their message: "Could we do Monday instead?"');
    expect(text).toContain('Accept or decline it on My bookings: https://hunted.example.com/my-bookings');
    // It is not yet the session's time: the current one is what stands.
    expect(text).toContain('When: Monday, 30 March 2026, 09:00–10:00 BST (London time)');
    expect(bookingEmail(input({ kind: 'time_proposed', facts })).icalEvent).toBeUndefined();
  });

  it('tells the hunter the client declined the suggested time', () => {
    const facts = { ...input().facts, proposedStartsAt: '2026-04-01T08:00:00.000Z', proposedEndsAt: '2026-04-01T09:00:00.000Z' };
    const { subject, text } = bookingEmailText(input({ kind: 'proposal_declined', facts, role: 'hunter', recipient: hunter }));
    expect(subject).toBe('Suggested time declined: WhatsApp Video Call with Ada Lovelace');
    expect(text).toContain('Ada Lovelace declined the time you suggested (Wednesday, 1 April 2026, 09:00–10:00 BST).');
    expect(text).toContain('https://hunted.example.com/hunter-dashboard');
  });

  it('tells the client their session is marked as held and where to review the hunter once it has ended', () => {
    const { subject, text } = bookingEmailText(input({ kind: 'session_held', facts: { ...input().facts, attendance: 'held' } }));
    expect(subject).toBe('Your session with Sofia Martinez is marked as held');
    expect(text).toContain('Sofia Martinez has marked your WhatsApp Video Call as held.');
    expect(text).toContain(
      'Once it has ended, you can review Sofia Martinez on My bookings for 30 days: https://hunted.example.com/my-bookings',
    );
    expect(text).not.toContain('How to join');
    expect(bookingEmail(input({ kind: 'session_held' })).icalEvent).toBeUndefined();
  });

  it('tells the client of a no-show and that they can dispute it within 48 hours on /my-bookings', () => {
    const { subject, text } = bookingEmailText(input({ kind: 'no_show', facts: { ...input().facts, attendance: 'no_show' } }));
    expect(subject).toBe('Marked as a no-show: WhatsApp Video Call with Sofia Martinez');
    expect(text).toContain('Sofia Martinez has marked this session as a no-show');
    expect(text).toContain('you can dispute this within 48 hours on My bookings: https://hunted.example.com/my-bookings');
    expect(text).not.toContain('How to join');
  });

  it("tells the hunter of the client's dispute, and both sides the outcome", () => {
    const disputed = bookingEmailText(
      input({ kind: 'disputed', role: 'hunter', recipient: hunter, facts: { ...input().facts, disputeReason: 'I was there' } }),
    );
    expect(disputed.subject).toBe('No-show disputed: WhatsApp Video Call with Ada Lovelace');
    expect(disputed.text).toContain('Ada Lovelace disputes your no-show mark for this session.\nTheir reason: "I was there"');
    const refund = { ...input().facts, resolution: 'refund' as const, resolutionNote: 'The call log shows it', refundPence: 8000 };
    const toClient = bookingEmailText(input({ kind: 'dispute_resolved', facts: refund }));
    expect(toClient.subject).toBe('Dispute resolved: WhatsApp Video Call with Sofia Martinez');
    expect(toClient.text).toContain('upheld it: you will be refunded £80.00 in full');
    expect(toClient.text).toContain('Note from our team: "The call log shows it"');
    expect(bookingEmailText(input({ kind: 'dispute_resolved', facts: refund, role: 'hunter', recipient: hunter })).text).toContain(
      'the client is refunded £80.00 in full',
    );
    const dismiss = { ...refund, resolution: 'dismiss' as const, refundPence: 0 };
    expect(bookingEmailText(input({ kind: 'dispute_resolved', facts: dismiss })).text).toContain(
      'the no-show mark stands. No refund is due.',
    );
    expect(bookingEmailText(input({ kind: 'dispute_resolved', facts: dismiss, role: 'hunter', recipient: hunter })).text).toContain(
      'dismissed it: your no-show mark stands.',
    );
  });

  it('asks the client how the session was, linking to /my-bookings', () => {
    const { subject, text } = bookingEmailText(input({ kind: 'review_request' }));
    expect(subject).toBe('How was your session with Sofia Martinez?');
    expect(text).toContain('Leave a review on My bookings to help other clients choose: https://hunted.example.com/my-bookings');
    expect(text).not.toContain('How to join');
    expect(bookingEmail(input({ kind: 'review_request' })).icalEvent).toBeUndefined();
  });
});
