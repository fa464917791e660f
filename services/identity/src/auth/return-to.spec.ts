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
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
    expect(returnToFor('//evil.example', undefined, site)).toBe('/');
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
