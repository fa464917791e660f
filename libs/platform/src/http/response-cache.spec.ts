import { describe, expect, it } from 'vitest';
import { matchesEtag, negotiateContentCoding } from './response-cache.js';

describe('negotiateContentCoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateContentCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateContentCoding('gzip, deflate')).toBe('gzip');
    expect(negotiateContentCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateContentCoding('*')).toBe('br');
    expect(negotiateContentCoding('identity')).toBe('identity');
    expect(negotiateContentCoding(undefined)).toBe('identity');
    expect(negotiateContentCoding('gzip;q=0')).toBe('identity');
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and * matches anything', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
