import { describe, expect, it } from 'vitest';
import { taxYearAt, taxYearLabel, taxYearsSince } from './tax-year';

describe('tax years', () => {
  it('start on 6 April, London time', () => {
    expect(taxYearAt('2027-04-05T22:30:00Z')).toBe(2026); // still 5 April in London (BST)
    expect(taxYearAt('2027-04-05T23:30:00Z')).toBe(2027); // 00:30 on 6 April in London
    expect(taxYearAt('2026-01-10T12:00:00Z')).toBe(2025);
  });

  it("are labelled '2026–27'", () => {
    expect(taxYearLabel(2026)).toBe('2026–27');
    expect(taxYearLabel(2099)).toBe('2099–00');
  });

  it('list every year since the profile was created, newest first', () => {
    expect(taxYearsSince('2024-05-01T10:00:00Z', Date.parse('2026-11-26T17:00:00Z'))).toEqual([2026, 2025, 2024]);
    expect(taxYearsSince('2030-01-01T00:00:00Z', Date.parse('2026-11-26T17:00:00Z'))).toEqual([2026]);
  });
});
