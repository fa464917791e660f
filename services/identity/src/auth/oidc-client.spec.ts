import type { Profile } from 'passport-openidconnect';
import { describe, expect, it } from 'vitest';
import { claimsOf } from './oidc-client.js';

const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
const profile = (json: Record<string, unknown>) =>
  ({
    id: String(json.sub),
    emails: json.email ? [{ value: json.email }] : undefined,
    name: { givenName: json.given_name, familyName: json.family_name },
    _json: json,
  }) as unknown as Profile & { _json: Record<string, unknown> };

describe('claimsOf', () => {
  it('takes email and names from userinfo', () => {
    const info = profile({ sub: '1', email: 'a@b.test', given_name: 'Ann', family_name: 'Lee', email_verified: true });
    expect(claimsOf(info, profile({ sub: '1' }), token({ sub: '1' }))).toEqual({
      email: 'a@b.test',
      firstName: 'Ann',
      lastName: 'Lee',
    });
  });

  it('falls back to the ID token when there is no userinfo', () => {
    expect(
      claimsOf(undefined, profile({ sub: '1', email: 'a@b.test', given_name: 'Ann' }), token({ sub: '1' })),
    ).toEqual({
      email: 'a@b.test',
      firstName: 'Ann',
      lastName: null,
    });
  });

  it('refuses an email the provider has not verified, and a missing email', () => {
    const unverified = profile({ sub: '1', email: 'victim@b.test', email_verified: false });
    expect(claimsOf(unverified, profile({ sub: '1' }), token({}))).toHaveProperty('refused');
    expect(
      claimsOf(undefined, profile({ sub: '1', email: 'victim@b.test' }), token({ email_verified: false })),
    ).toHaveProperty('refused');
    expect(claimsOf(undefined, profile({ sub: '1' }), token({}))).toHaveProperty('refused');
  });
});
