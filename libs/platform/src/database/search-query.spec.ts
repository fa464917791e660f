import { describe, expect, it } from 'vitest';
import { searchQueryOf } from './search-query.js';

describe('searchQueryOf', () => {
  it('makes every word a prefix, keeps letters and digits only, and answers undefined for no word', () => {
    expect(searchQueryOf('loo')).toBe("'loo':*");
    expect(searchQueryOf('Loo loo THR')).toBe("'loo':* & 'thr':*");
    expect(searchQueryOf("O'Neill & Söhne!")).toBe("'o':* & 'neill':* & 'söhne':*");
    expect(searchQueryOf("'&|!:*()")).toBeUndefined();
  });
});
