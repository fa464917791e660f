import { describe, expect, it } from 'vitest';
import { dateTimeLabelIn, readerTimeZone, zoneName } from './recipient-time.js';

describe("the reader's clock in emails", () => {
  it("uses the member's own zone, London's while identity knows none", () => {
    expect(readerTimeZone({ timeZone: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(readerTimeZone({ timeZone: null })).toBe('Europe/London');
    expect(readerTimeZone(null)).toBe('Europe/London');
    // A name this runtime's clock does not know: London's, not a failed email.
    expect(readerTimeZone({ timeZone: 'Europe/Atlantis' })).toBe('Europe/London');
  });

  it('names the zone by its place, as a reader says it', () => {
    expect(zoneName('Europe/Paris')).toBe('Paris time');
    expect(zoneName('America/New_York')).toBe('New York time');
    expect(zoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneName('UTC')).toBe('UTC');
  });

  it('writes an instant on the reader’s clock with the short name then, across their clock change', () => {
    // Paris changes on Sunday 28 March 2027 at 01:00 UTC; London on the same instant.
    expect(dateTimeLabelIn('Europe/Paris', new Date('2027-03-27T09:00:00Z'))).toBe('Saturday, 27 March 2027 at 10:00 CET');
    expect(dateTimeLabelIn('Europe/Paris', new Date('2027-03-29T09:00:00Z'))).toBe('Monday, 29 March 2027 at 11:00 CEST');
    expect(dateTimeLabelIn('Europe/London', new Date('2027-03-29T09:00:00Z'))).toBe('Monday, 29 March 2027 at 10:00 BST');
    // New York changed two weeks earlier (14 March 2027).
    expect(dateTimeLabelIn('America/New_York', new Date('2027-03-20T14:00:00Z'))).toBe('Saturday, 20 March 2027 at 10:00 GMT-4');
  });
});
