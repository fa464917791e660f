import { createHash } from 'node:crypto';
import type { Profile } from 'passport-openidconnect';
import { describe, expect, it } from 'vitest';
import { claimsOf, pkcePair } from './oidc-client.js';

const ISSUER = 'https://idp.example';
const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
const profile = (json: Record<string, unknown>) =>
  ({
    id: String(json.sub),
    emails: json.email ? [{ value: json.email }] : undefined,
    name: { givenName: json.given_name, familyName: json.family_name },
    _json: json,
  }) as unknown as Profile & { _json: Record<string, unknown> };

describe('claimsOf', () => {
  it('takes the issuer and subject from the ID token, email and names from userinfo', () => {
    const info = profile({ sub: '1', email: 'a@b.test', given_name: 'Ann', family_name: 'Lee', email_verified: true });
    expect(claimsOf(ISSUER, info, profile({ sub: '1' }), token({ sub: '1' }))).toEqual({
      issuer: ISSUER,
      subject: '1',
      email: 'a@b.test',
      firstName: 'Ann',
      lastName: 'Lee',
    });
  });

  it("strips control characters from the provider's names rather than refusing the sign-in", () => {
    const info = profile({ sub: '1', email: 'a@b.test', given_name: 'An\u0000n\r', family_name: '\u0085Lee\nX', email_verified: true });
    expect(claimsOf(ISSUER, info, profile({ sub: '1' }), token({ sub: '1' }))).toMatchObject({ firstName: 'Ann', lastName: 'LeeX' });
    const blank = profile({ sub: '1', email: 'a@b.test', given_name: '\u0000\r', email_verified: true });
    expect(claimsOf(ISSUER, blank, profile({ sub: '1' }), token({ sub: '1' }))).toMatchObject({ firstName: null });
  });

  it('falls back to the ID token when there is no userinfo', () => {
    const claims = { sub: '1', email: 'a@b.test', given_name: 'Ann', email_verified: true };
    expect(claimsOf(ISSUER, undefined, profile(claims), token(claims))).toEqual({
      issuer: ISSUER,
      subject: '1',
      email: 'a@b.test',
      firstName: 'Ann',
      lastName: null,
    });
  });

  it('accepts only email_verified === true: false, missing and "true" are refused, as is a missing email', () => {
    for (const verified of [false, undefined, 'true', 1]) {
      const info = profile({ sub: '1', email: 'victim@b.test', email_verified: verified });
      expect(claimsOf(ISSUER, info, profile({ sub: '1' }), token({})), String(verified)).toHaveProperty('refused');
    }
    // The ID token's flag does not vouch for an address that came from userinfo.
    const unflagged = profile({ sub: '1', email: 'victim@b.test' });
    expect(claimsOf(ISSUER, unflagged, profile({ sub: '1' }), token({ email_verified: true }))).toHaveProperty(
      'refused',
    );
    expect(
      claimsOf(ISSUER, undefined, profile({ sub: '1', email: 'victim@b.test' }), token({ email: 'victim@b.test' })),
    ).toHaveProperty('refused');
    expect(claimsOf(ISSUER, undefined, profile({ sub: '1' }), token({ email_verified: true }))).toHaveProperty(
      'refused',
    );
  });

  it('refuses userinfo about another subject than the ID token', () => {
    const info = profile({ sub: '2', email: 'a@b.test', email_verified: true });
    expect(claimsOf(ISSUER, info, profile({ sub: '1' }), token({ sub: '1' }))).toHaveProperty('refused');
  });
});

describe('pkcePair', () => {
  it('gives a 43-character verifier and its S256 challenge', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(pkcePair().verifier).not.toBe(verifier);
  });
});
