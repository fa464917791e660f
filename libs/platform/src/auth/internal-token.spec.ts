import { createHmac } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { generateInternalKeyPair, isKeyPair } from './internal-keys.js';
import {
  INTERNAL_TOKEN_TTL_SECONDS,
  internalAudience,
  signInternalToken,
  VerifiedTokens,
  verifyInternalToken,
  type AuthenticatedUser,
} from './internal-token.js';

const gateway = generateInternalKeyPair();
const user: AuthenticatedUser = { id: 'u1', email: 'a@b.test', firstName: 'Ann', lastName: null, isAdmin: false, acceptedTerms: ['terms'] };
const admin: AuthenticatedUser = { ...user, isAdmin: true };

function base64url(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** A token for reviews with all the right claims, signed as `alg` with `sign`: what an attacker would build. */
function handMade(header: Record<string, unknown>, sign: (input: string) => string): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'u1',
    email: 'a@b.test',
    isAdmin: true,
    iss: 'hunted-gateway',
    aud: internalAudience('reviews'),
    iat: now,
    exp: now + 60,
  };
  const input = `${base64url(header)}.${base64url(payload)}`;
  return `${input}.${sign(input)}`;
}

describe('internal identity token', () => {
  it('round-trips the user to the service it was signed for', async () => {
    const token = await signInternalToken(user, gateway.privateKey, 'reviews');
    expect(await verifyInternalToken(token, gateway.publicKey, 'reviews')).toEqual(user);
  });

  it('is refused by any other service: a token for brands does not open reviews', async () => {
    const forBrands = await signInternalToken(admin, gateway.privateKey, 'brands');
    expect(await verifyInternalToken(forBrands, gateway.publicKey, 'brands')).toEqual(admin);
    expect(await verifyInternalToken(forBrands, gateway.publicKey, 'reviews')).toBeNull();
  });

  it('treats a token signed with another Ed25519 key as signed out', async () => {
    const other = generateInternalKeyPair();
    const forged = await signInternalToken(admin, other.privateKey, 'reviews');
    expect(await verifyInternalToken(forged, gateway.publicKey, 'reviews')).toBeNull();
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    // What a service could make if it knew only the public key and the verifier trusted the token's own `alg`.
    const confused = handMade({ alg: 'HS256', typ: 'JWT' }, (input) =>
      createHmac('sha256', gateway.publicKey).update(input).digest('base64url'),
    );
    expect(await verifyInternalToken(confused, gateway.publicKey, 'reviews')).toBeNull();
    const viaJose = await new SignJWT({ email: 'a@b.test', isAdmin: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('hunted-gateway')
      .setAudience(internalAudience('reviews'))
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(gateway.publicKey));
    expect(await verifyInternalToken(viaJose, gateway.publicKey, 'reviews')).toBeNull();
  });

  it('treats an expired token as signed out', async () => {
    const old = await signInternalToken(user, gateway.privateKey, 'reviews', Date.now() - 10 * 60_000);
    expect(await verifyInternalToken(old, gateway.publicKey, 'reviews')).toBeNull();
  });

  it('refuses an unsigned token and plain JSON', async () => {
    const unsigned = handMade({ alg: 'none' }, () => '');
    expect(await verifyInternalToken(unsigned, gateway.publicKey, 'reviews')).toBeNull();
    expect(await verifyInternalToken(JSON.stringify(user), gateway.publicKey, 'reviews')).toBeNull();
  });

  it('refuses a token from another issuer or for the old shared audience', async () => {
    const key = await importPKCS8(gateway.privateKey, 'EdDSA');
    const build = (issuer: string, audience: string) =>
      new SignJWT({ email: 'a@b.test' })
        .setProtectedHeader({ alg: 'EdDSA' })
        .setSubject('u1')
        .setIssuer(issuer)
        .setAudience(audience)
        .setExpirationTime('1m')
        .sign(key);
    expect(
      await verifyInternalToken(
        await build('hunted-gateway', internalAudience('reviews')),
        gateway.publicKey,
        'reviews',
      ),
    ).not.toBeNull();
    expect(
      await verifyInternalToken(await build('someone-else', internalAudience('reviews')), gateway.publicKey, 'reviews'),
    ).toBeNull();
    expect(
      await verifyInternalToken(await build('hunted-gateway', 'hunted-services'), gateway.publicKey, 'reviews'),
    ).toBeNull();
  });
});

describe('rotating keys', () => {
  it('accepts tokens of every listed key while keys are rotated, and only those', async () => {
    const next = generateInternalKeyPair();
    const both = `${gateway.publicKey}${next.publicKey}`;
    const old = await signInternalToken(user, gateway.privateKey, 'reviews');
    const fresh = await signInternalToken(user, next.privateKey, 'reviews');
    expect(await verifyInternalToken(old, both, 'reviews')).toEqual(user);
    expect(await verifyInternalToken(fresh, both, 'reviews')).toEqual(user);
    expect(await verifyInternalToken(fresh, gateway.publicKey, 'reviews')).toBeNull();
    expect(
      await verifyInternalToken(await signInternalToken(user, next.privateKey, 'brands'), both, 'reviews'),
    ).toBeNull();
    const stranger = await signInternalToken(admin, generateInternalKeyPair().privateKey, 'reviews');
    expect(await verifyInternalToken(stranger, both, 'reviews')).toBeNull();
  });
});

describe('internal key pairs', () => {
  it('tells a matching public key (or list of keys) from another', () => {
    const other = generateInternalKeyPair().publicKey;
    expect(isKeyPair(gateway.privateKey, gateway.publicKey)).toBe(true);
    expect(isKeyPair(gateway.privateKey, `${other}${gateway.publicKey}`)).toBe(true);
    expect(isKeyPair(gateway.privateKey, other)).toBe(false);
    expect(isKeyPair('not a key', gateway.publicKey)).toBe(false);
  });
});

describe('VerifiedTokens', () => {
  it('answers a token it has verified with the same user, a copy each time', async () => {
    const tokens = new VerifiedTokens(gateway.publicKey, 'reviews');
    const token = await signInternalToken(admin, gateway.privateKey, 'reviews');
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(first).toEqual(admin);
    expect(again).toEqual(admin);
    expect(again).not.toBe(first);
  });

  it('refuses what verifyInternalToken refuses: another audience, another key, a forged or empty token', async () => {
    const tokens = new VerifiedTokens(gateway.publicKey, 'reviews');
    expect(await tokens.verify(await signInternalToken(user, gateway.privateKey, 'brands'))).toBeNull();
    expect(await tokens.verify(await signInternalToken(user, generateInternalKeyPair().privateKey, 'reviews'))).toBeNull();
    const good = await signInternalToken(user, gateway.privateKey, 'reviews');
    expect(await tokens.verify(good)).toEqual(user);
    // The kept token's text with one character of its signature changed is another token, checked in full.
    const forged = `${good.slice(0, -2)}${good.at(-2) === 'A' ? 'B' : 'A'}${good.at(-1)}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(undefined)).toBeNull();
  });

  it('stops answering a kept token at its expiry', async () => {
    // The clock held still and then moved on by hand: what the check reads (the kept token's `exp` against now,
    // and jose's own check when it verifies again) is the moved clock, with no wait and no race with a margin.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2030, 0, 1, 9) });
    try {
      const tokens = new VerifiedTokens(gateway.publicKey, 'reviews', () => Date.now());
      const token = await signInternalToken(user, gateway.privateKey, 'reviews');
      const expiresAt = Date.now() + INTERNAL_TOKEN_TTL_SECONDS * 1000;
      expect(await tokens.verify(token)).toEqual(user);
      vi.setSystemTime(expiresAt - 1);
      expect(await tokens.verify(token)).toEqual(user);
      vi.setSystemTime(expiresAt);
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
