import { describe, expect, it } from 'vitest';
import { displayName } from './user-name.js';

describe('displayName', () => {
  it('joins first and last name, or uses the one there is', () => {
    expect(displayName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(displayName(' Ada ', null)).toBe('Ada');
    expect(displayName(null, 'Lovelace')).toBe('Lovelace');
  });

  it("is 'Anonymous' without a name", () => {
    expect(displayName(null, null)).toBe('Anonymous');
    expect(displayName('  ', '')).toBe('Anonymous');
    expect(displayName(undefined, undefined)).toBe('Anonymous');
  });
});
