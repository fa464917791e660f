import { describe, expect, it } from 'vitest';
import { bookingEmail, bookingEmailText, type BookingEmailInput } from './booking-email-content.js';

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
    recipient: { email: 'ada@example.com', firstName: 'Ada', name: 'Ada Lovelace' },
    hunterName: 'Sofia Martinez',
    clientName: 'Ada Lovelace',
    publicUrl: 'https://hunted.example.com/',
    mailFrom: 'Hunted <no-reply@hunted.example.com>',
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

  it('tells the hunter who booked, linking to /hunter-dashboard, in GMT after the clocks go back', () => {
    const { subject, text } = bookingEmailText(
      input({
        role: 'hunter',
        recipient: { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez' },
        facts: { ...input().facts, startsAt: '2026-10-26T09:00:00.000Z', endsAt: '2026-10-26T10:00:00.000Z' },
      }),
    );
    expect(subject).toBe('New booking: WhatsApp Video Call with Ada Lovelace');
    expect(text).toContain('Ada Lovelace has booked a session with you.');
    expect(text).toContain('When: Monday, 26 October 2026, 09:00–10:00 GMT (London time)');
    expect(text).toContain('Your hunter dashboard: https://hunted.example.com/hunter-dashboard');
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
