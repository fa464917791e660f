import { describe, expect, it } from 'vitest';
import { rateLimitClassOf } from './rate-limit.js';

describe('rateLimitClassOf', () => {
  it('counts safe methods as reads and the rest as writes unless the route says otherwise', () => {
    expect(rateLimitClassOf('GET', undefined)).toBe('reads');
    expect(rateLimitClassOf('HEAD', undefined)).toBe('reads');
    expect(rateLimitClassOf('POST', undefined)).toBe('writes');
    expect(rateLimitClassOf('DELETE', undefined)).toBe('writes');
    expect(rateLimitClassOf('GET', 'login')).toBe('login');
    expect(rateLimitClassOf('POST', 'none')).toBe('none');
  });
});
