import { hasControlCharacters } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, escapeText, foldLine, icsUtc, type IcsBooking } from './ics.js';

const STAMP = new Date('2026-03-01T12:00:00Z');

function booking(overrides: Partial<IcsBooking> = {}): IcsBooking {
  return {
    bookingId: '7f0c6a52-2a55-4a0e-9d6b-0d1f7d1c5a10',
    sequence: 0,
    startsAt: new Date('2026-03-30T08:00:00Z'),
    endsAt: new Date('2026-03-30T09:00:00Z'),
    summary: 'WhatsApp Video Call with Sofia Martinez (Hunted)',
    description: 'WhatsApp Video Call with Sofia Martinez. https://hunted.example.com/my-bookings',
    url: 'https://hunted.example.com/my-bookings',
    organizer: { name: 'Hunted', email: 'no-reply@hunted.example.com' },
    attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
    ...overrides,
  };
}

/** The calendar's lines with folding undone (RFC 5545 3.1), as a reader sees them. */
function unfolded(calendar: string): string[] {
  return calendar.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
}

function property(calendar: string, name: string): string | undefined {
  return unfolded(calendar)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');
}

describe('bookingCalendar', () => {
  it('is a REQUEST with a stable UID, SEQUENCE, UTC times and CRLF line ends', () => {
    const calendar = bookingCalendar(booking(), 'REQUEST', STAMP);
    expect(calendar.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every line break is CRLF: no bare LF.
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(property(calendar, 'METHOD')).toBe('REQUEST');
    expect(property(calendar, 'UID')).toBe('7f0c6a52-2a55-4a0e-9d6b-0d1f7d1c5a10@hunted');
    expect(property(calendar, 'SEQUENCE')).toBe('0');
    expect(property(calendar, 'DTSTAMP')).toBe('20260301T120000Z');
    expect(property(calendar, 'DTSTART')).toBe('20260330T080000Z');
    expect(property(calendar, 'DTEND')).toBe('20260330T090000Z');
    expect(property(calendar, 'STATUS')).toBe('CONFIRMED');
    expect(unfolded(calendar)).toContain('ORGANIZER;CN="Hunted":mailto:no-reply@hunted.example.com');
    expect(unfolded(calendar)).toContain(
      'ATTENDEE;CN="Ada Lovelace";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:ada@example.com',
    );
    expect(calendar).not.toMatch(/VTIMEZONE|TZID/);
  });

  it('keeps the UID and raises SEQUENCE for a moved booking', () => {
    const first = bookingCalendar(booking(), 'REQUEST', STAMP);
    const moved = bookingCalendar(
      booking({ sequence: 1, startsAt: new Date('2026-04-02T13:00:00Z'), endsAt: new Date('2026-04-02T14:00:00Z') }),
      'REQUEST',
      STAMP,
    );
    expect(property(moved, 'UID')).toBe(property(first, 'UID'));
    expect(property(moved, 'SEQUENCE')).toBe('1');
    expect(property(moved, 'DTSTART')).toBe('20260402T130000Z');
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED under the same UID', () => {
    const calendar = bookingCalendar(booking({ sequence: 2 }), 'CANCEL', STAMP);
    expect(property(calendar, 'METHOD')).toBe('CANCEL');
    expect(property(calendar, 'STATUS')).toBe('CANCELLED');
    expect(property(calendar, 'SEQUENCE')).toBe('2');
    expect(property(calendar, 'UID')).toBe('7f0c6a52-2a55-4a0e-9d6b-0d1f7d1c5a10@hunted');
  });

  it('folds long lines at 75 octets without splitting a character, and escapes text', () => {
    const description = `Ask Me a Question with Zoë Ångström; bring notes, questions\nand a 🦊. ${'x'.repeat(120)}`;
    const calendar = bookingCalendar(booking({ description }), 'REQUEST', STAMP);
    for (const line of calendar.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(property(calendar, 'DESCRIPTION')).toBe(escapeText(description));
    expect(property(calendar, 'DESCRIPTION')).toContain('Zoë Ångström\\; bring notes\\, questions\\nand a 🦊.');
  });
});

describe('control characters in names and text', () => {
  it('never lets a lone CR, a NUL or another control character start a line or a property', () => {
    const evil = 'Eve\rATTENDEE:mailto:x@evil.test\u0000\u001b[2J\u0085\u0007';
    const calendar = bookingCalendar(
      booking({ summary: `Call with ${evil}`, description: `Line one\r\nLine two\rLine three\n${evil}`, attendee: { name: evil, email: 'ada@example.com' } }),
      'REQUEST',
      STAMP,
    );
    // Every line break in the calendar is a CRLF of its own, and no other control character is left anywhere.
    expect(hasControlCharacters(calendar.replace(/\r\n/g, ''))).toBe(false);
    expect(unfolded(calendar).filter((line) => line.startsWith('ATTENDEE'))).toHaveLength(1);
    // Text keeps its line breaks, a lone CR among them, as the escaped \n: inside the value, never a new line.
    expect(property(calendar, 'SUMMARY')).toBe('Call with Eve\\nATTENDEE:mailto:x@evil.test[2J');
    expect(property(calendar, 'DESCRIPTION')).toBe(
      'Line one\\nLine two\\nLine three\\nEve\\nATTENDEE:mailto:x@evil.test[2J',
    );
    // A parameter value (CN) cannot hold a line break at all: the CR is dropped.
    expect(unfolded(calendar).find((line) => line.startsWith('ATTENDEE'))).toContain('CN="EveATTENDEE:mailto:x@evil.test[2J"');
    expect(escapeText('a\tb')).toBe('ab');
  });
});

describe('foldLine', () => {
  it('leaves a 75-octet line alone and folds the 76th octet onto a continuation', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
  });

  it('moves a multi-byte character whole to the next line', () => {
    const folded = foldLine(`${'a'.repeat(74)}é`);
    expect(folded).toBe(`${'a'.repeat(74)}\r\n é`);
  });
});

describe('icsUtc across the clock changes (Europe/London)', () => {
  // 2026: BST from 29 March to 25 October; 2027: from 28 March to 31 October.
  it.each([
    ['09:00 London on Mon 30 Mar 2026 (BST)', '2026-03-30T09:00:00+01:00', '20260330T080000Z'],
    ['09:00 London on Fri 27 Mar 2026 (GMT)', '2026-03-27T09:00:00+00:00', '20260327T090000Z'],
    ['09:00 London on Fri 23 Oct 2026 (BST)', '2026-10-23T09:00:00+01:00', '20261023T080000Z'],
    ['09:00 London on Mon 26 Oct 2026 (GMT)', '2026-10-26T09:00:00+00:00', '20261026T090000Z'],
    ['09:00 London on Fri 26 Mar 2027 (GMT)', '2027-03-26T09:00:00+00:00', '20270326T090000Z'],
    ['09:00 London on Mon 29 Mar 2027 (BST)', '2027-03-29T09:00:00+01:00', '20270329T080000Z'],
    ['09:00 London on Fri 29 Oct 2027 (BST)', '2027-10-29T09:00:00+01:00', '20271029T080000Z'],
    ['09:00 London on Mon 1 Nov 2027 (GMT)', '2027-11-01T09:00:00+00:00', '20271101T090000Z'],
  ])('%s is %s', (_label, instant, utc) => {
    expect(icsUtc(new Date(instant))).toBe(utc);
  });
});
