import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from './security-headers.js';

function directives(): Map<string, string[]> {
  const csp = new Map(SECURITY_HEADERS).get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it("keeps img-src to the site, previews (data:, blob:) and Stripe's hosts: no image from anywhere else", () => {
    expect(directives().get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.stripe.com']);
  });

  it('names no wildcard scheme for images or scripts', () => {
    for (const directive of ['img-src', 'script-src', 'connect-src', 'default-src']) {
      const sources = directives().get(directive) ?? [];
      expect(sources.length, directive).toBeGreaterThan(0);
      expect(sources, directive).not.toContain('https:');
      expect(sources, directive).not.toContain('*');
    }
  });

  it('sets the CSP and nosniff once, at start', () => {
    const names = SECURITY_HEADERS.map(([name]) => name);
    expect(names).toContain('content-security-policy');
    expect(new Map(SECURITY_HEADERS).get('x-content-type-options')).toBe('nosniff');
  });
});
