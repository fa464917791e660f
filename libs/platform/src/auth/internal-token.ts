import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Header on which the gateway forwards the signed identity of the caller. Anything else is ignored. */
export const IDENTITY_HEADER = 'x-hunted-identity';

const ISSUER = 'hunted-gateway';
const AUDIENCE = 'hunted-services';
const ALGORITHM = 'HS256';
/** Short enough that a leaked token is useless soon; long enough to cover one request's fan-out. */
export const INTERNAL_TOKEN_TTL_SECONDS = 60;

export interface AuthenticatedUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

const keys = new Map<string, KeyObject>();

/** One key object per secret: building it (WebCrypto import) on every request costs more than the HMAC itself. */
function key(secret: string): KeyObject {
  let cached = keys.get(secret);
  if (!cached) {
    cached = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, cached);
  }
  return cached;
}

export async function signInternalToken(user: AuthenticatedUser, secret: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + INTERNAL_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** Returns the user the token names, or null for a missing, forged, expired or malformed token. */
export async function verifyInternalToken(token: string | undefined, secret: string): Promise<AuthenticatedUser | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return {
      id: payload.sub,
      email: payload.email,
      firstName: typeof payload.firstName === 'string' ? payload.firstName : null,
      lastName: typeof payload.lastName === 'string' ? payload.lastName : null,
      isAdmin: payload.isAdmin === true,
    };
  } catch {
    return null;
  }
}
