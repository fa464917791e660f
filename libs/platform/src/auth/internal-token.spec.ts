import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signInternalToken, verifyInternalToken, type AuthenticatedUser } from './internal-token.js';

const secret = 'a-test-secret-that-is-long-enough-000000';
const user: AuthenticatedUser = { id: 'u1', email: 'a@b.test', firstName: 'Ann', lastName: null, isAdmin: false };

describe('internal identity token', () => {
  it('round-trips the user', async () => {
    expect(await verifyInternalToken(await signInternalToken(user, secret), secret)).toEqual(user);
  });

  it('treats a token signed with another key as signed out', async () => {
    const forged = await signInternalToken({ ...user, isAdmin: true }, 'another-secret-that-is-long-enough-0000');
    expect(await verifyInternalToken(forged, secret)).toBeNull();
  });

  it('treats an expired token as signed out', async () => {
    const old = await signInternalToken(user, secret, Date.now() - 10 * 60_000);
    expect(await verifyInternalToken(old, secret)).toBeNull();
  });

  it('refuses an unsigned token and plain JSON', async () => {
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u1","email":"x@y.z"}').toString('base64url')}.`;
    expect(await verifyInternalToken(unsigned, secret)).toBeNull();
    expect(await verifyInternalToken(JSON.stringify(user), secret)).toBeNull();
  });

  it('refuses a token for another audience', async () => {
    const token = await new SignJWT({ email: 'x@y.z' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('hunted-gateway')
      .setAudience('someone-else')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(secret));
    expect(await verifyInternalToken(token, secret)).toBeNull();
  });
});
