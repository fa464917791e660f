import { describe, expect, it } from 'vitest';
import { placeOfZone } from '@hunted/contracts';
import { sessionWhen, timeBeside } from './zoned-time';

const at = (iso: string) => Date.parse(iso);
const londonAndMadrid = { viewerZone: 'Europe/London', otherZone: 'Europe/Madrid' };

describe("a session's time on the viewer's clock, the other party's beside", () => {
  it('writes one time when the two clocks agree, with the zone said', () => {
    expect(sessionWhen(at('2026-12-01T10:00:00Z'), { viewerZone: 'Europe/London', otherZone: 'Europe/London' })).toBe(
      'Tuesday, 1 December 2026 at 10:00 (GMT)',
    );
    // Paris and Madrid keep the same clock: nothing beside.
    expect(timeBeside(at('2026-07-07T08:00:00Z'), { viewerZone: 'Europe/Paris', otherZone: 'Europe/Madrid' })).toBe(
      '10:00',
    );
  });

  it("writes the viewer's time first and the hunter's beside, in summer and in winter", () => {
    expect(sessionWhen(at('2026-07-07T08:00:00Z'), londonAndMadrid)).toBe(
      'Tuesday, 7 July 2026 at 09:00 your time (BST) · 10:00 in Madrid',
    );
    expect(timeBeside(at('2026-12-01T09:00:00Z'), londonAndMadrid)).toBe('09:00 your time · 10:00 in Madrid');
  });

  it("puts the place's time first for an in-person session, and names the other date when it differs", () => {
    expect(sessionWhen(at('2026-07-07T22:30:00Z'), { ...londonAndMadrid, placeFirst: true })).toBe(
      'Wednesday, 8 July 2026 at 00:30 in Madrid (CEST) · 23:30 on Tue 7 Jul your time',
    );
    expect(timeBeside(at('2026-07-07T22:30:00Z'), londonAndMadrid)).toBe(
      '23:30 your time · 00:30 on Wed 8 Jul in Madrid',
    );
  });

  it('names the place a zone stands for', () => {
    expect(placeOfZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});
