import { createHmac, timingSafeEqual } from 'node:crypto';
import { OPTIONAL_EMAIL_KINDS, type OptionalEmailKind } from '@hunted/contracts';

/** Who and which kind of email an unsubscribe link is for. */
export interface UnsubscribeClaim {
  userId: string;
  kind: OptionalEmailKind;
}

function macOf(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/**
 * The token of an optional email's unsubscribe link: `<payload>.<mac>`, both base64url, the payload the member's
 * id and the kind, the mac HMAC-SHA256 of the payload under `UNSUBSCRIBE_TOKEN_SECRET`. It never expires (a link
 * in an old email must still work, RFC 8058); it only ever turns that member's one kind of email off or on.
 */
export function unsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, k: claim.kind })).toString('base64url');
  return `${payload}.${macOf(secret, payload).toString('base64url')}`;
}

/** The claim a token carries when its mac is right (compared in constant time); null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string | undefined): UnsubscribeClaim | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = macOf(secret, payload);
  // Re-encoding catches a mac with extra or altered padding bits that decode to the same bytes.
  if (given.length !== expected.length || given.toString('base64url') !== token.slice(dot + 1)) return null;
  if (!timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
    if (typeof claim.u !== 'string' || claim.u.length === 0) return null;
    if (!(OPTIONAL_EMAIL_KINDS as readonly unknown[]).includes(claim.k)) return null;
    return { userId: claim.u, kind: claim.k as OptionalEmailKind };
  } catch {
    return null;
  }
}
