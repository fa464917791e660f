import { describe, expect, it } from 'vitest';
import { returnToFor, safeReturnPath } from './return-to.js';

const site = ['http://localhost:8080'];

describe('returnToFor', () => {
  it('uses a same-origin returnTo path', () => {
    expect(returnToFor('/brand/3/some-slug?tab=reviews', undefined, site)).toBe('/brand/3/some-slug?tab=reviews');
  });

  it('refuses returnTo values that leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'saved',
      // Harmless before parsing, protocol-relative after it (dot segments) or once decoded.
      '/.//evil.example/x',
      '/./\\evil.example',
      '/a/..//evil.example',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%5Cevil.example',
      '/%2e//evil.example',
      '/%09/evil.example',
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
    expect(returnToFor('//evil.example', undefined, site)).toBe('/');
    expect(returnToFor('/.//evil.example/x', undefined, site)).toBe('/');
    expect(returnToFor(undefined, 'http://localhost:8080/.//evil.example/x', site)).toBe('/');
    // An encoded slash inside a path is still fine.
    expect(safeReturnPath('/search?q=a%2Fb')).toBe('/search?q=a%2Fb');
  });

  it('falls back to the Referer path when the Referer is this site', () => {
    expect(returnToFor(undefined, 'http://localhost:8080/saved?x=1', site)).toBe('/saved?x=1');
    expect(returnToFor(undefined, 'https://elsewhere.example/saved', site)).toBe('/');
    expect(returnToFor(undefined, 'not a url', site)).toBe('/');
  });

  it('never returns to the sign-in routes', () => {
    expect(returnToFor('/api/login', 'http://localhost:8080/api/logout', site)).toBe('/');
  });
});
