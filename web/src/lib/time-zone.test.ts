import { describe, expect, it } from 'vitest';
import { timeZoneChoices, timeZoneLabel } from './time-zone';

describe('the time zones offered to choose from', () => {
  it("offers the clock's zones, Europe's first", () => {
    const zones = timeZoneChoices('Europe/Madrid');
    expect(zones[0]).toMatch(/^Europe\//);
    expect(zones).toContain('Europe/Madrid');
    expect(zones).toContain('America/New_York');
    expect(zones.filter((zone) => zone === 'Europe/Madrid')).toHaveLength(1);
  });

  it('keeps a stored zone this runtime does not list, first', () => {
    expect(timeZoneChoices('Antarctica/Nowhere')[0]).toBe('Antarctica/Nowhere');
  });

  it('offers the list alone when nothing is stored yet', () => {
    expect(timeZoneChoices(null)).toEqual(timeZoneChoices(''));
    expect(timeZoneChoices(null)[0]).toMatch(/^Europe\//);
  });

  it('writes a zone as a person reads it', () => {
    expect(timeZoneLabel('Europe/Isle_of_Man')).toBe('Europe/Isle of Man');
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires');
  });
});
