import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE } from '@hunted/contracts';

export { SESSION_COOKIE };

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

function signatureOf(sid: string, secret: string): string {
  return createHmac('sha256', secret).update(sid).digest('base64url');
}

/** `<sid>.<hmac>`: a cookie value nobody can make up without the session secret. */
export function signSessionId(sid: string, secret: string): string {
  return `${sid}.${signatureOf(sid, secret)}`;
}

/** The session id of a signed cookie value, or null when it is malformed or its signature is wrong. */
export function unsignSessionId(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const sid = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signatureOf(sid, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : null;
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface SessionCookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

export function serializeSessionCookie(value: string, { maxAgeSeconds, secure }: SessionCookieOptions): string {
  const expires = new Date(Date.now() + maxAgeSeconds * 1000).toUTCString();
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.floor(maxAgeSeconds)}`,
    `Expires=${expires}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
