/**
 * A minimal iCalendar (RFC 5545) writer for one booking, with iTIP (RFC 5546) methods: REQUEST for a new or moved
 * booking, CANCEL for a cancelled one. Written here rather than taken from a library because it is one event of
 * fixed shape and the rules that matter (a stable UID, SEQUENCE, UTC times, CRLF, folding at 75 octets) are easier
 * to check in 100 lines than through a library's options (docs/dependencies.md).
 */

import { withoutControlCharacters } from '@hunted/platform';

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface IcsBooking {
  /** The booking's id: the event's UID is `<bookingId>@hunted`, the same in every email about the booking. */
  bookingId: string;
  /** The booking's sequence: 0 when booked, raised by each change; calendars keep the highest they have seen. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** A link to the booking's page. */
  url: string;
  /** Where the session happens (how to join), for the client's invite; none when not known or not theirs. */
  location?: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

const CRLF = '\r\n';
/** RFC 5545 3.1: lines longer than 75 octets are folded (excluding the line break). */
const MAX_LINE_OCTETS = 75;

export function bookingUid(bookingId: string): string {
  return `${bookingId}@hunted`;
}

/** `20260330T080000Z`: a DATE-TIME in UTC (form #2), so no VTIMEZONE is needed and no calendar guesses a zone. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * TEXT values: backslash, semicolon and comma escaped, line breaks (CRLF, LF or a lone CR) as `\n`, every other
 * control character dropped (RFC 5545 3.3.11). A lone CR or another control character in a member's name would
 * otherwise end the line early in some readers and start a property of the sender's choosing.
 */
export function escapeText(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map(withoutControlCharacters)
    .join('\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** A parameter value (CN): quoted, without control characters or the quote a quoted value may not hold (RFC 5545 3.2). */
function paramValue(value: string): string {
  return `"${withoutControlCharacters(value).replace(/"/g, '')}"`;
}

/**
 * Folds a content line into lines of at most 75 octets, each continuation starting with a space, never splitting
 * a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line may hold 75 octets; a continuation 74 after its leading space.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The calendar for one booking: METHOD:REQUEST (booked or moved) or METHOD:CANCEL with STATUS:CANCELLED. */
export function bookingCalendar(booking: IcsBooking, method: IcsMethod, stamp: Date = new Date()): string {
  const cancelled = method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hunted//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${bookingUid(booking.bookingId)}`,
    `SEQUENCE:${booking.sequence}`,
    `DTSTAMP:${icsUtc(stamp)}`,
    `DTSTART:${icsUtc(booking.startsAt)}`,
    `DTEND:${icsUtc(booking.endsAt)}`,
    `SUMMARY:${escapeText(booking.summary)}`,
    `DESCRIPTION:${escapeText(booking.description)}`,
    ...(booking.location ? [`LOCATION:${escapeText(booking.location)}`] : []),
    `URL:${withoutControlCharacters(booking.url)}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    `ORGANIZER;CN=${paramValue(booking.organizer.name)}:mailto:${withoutControlCharacters(booking.organizer.email)}`,
    `ATTENDEE;CN=${paramValue(booking.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${
      cancelled ? 'DECLINED' : 'ACCEPTED'
    }:mailto:${withoutControlCharacters(booking.attendee.email)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
