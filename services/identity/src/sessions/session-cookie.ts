import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sessionCookieName } from '@hunted/contracts';

/** The session cookie's name for this site: `__Host-hunted.sid` when PUBLIC_URL is https, else `hunted.sid`. */
export function sessionCookieNameOf(config: { PUBLIC_URL: string }): string {
  return sessionCookieName(config.PUBLIC_URL);
}

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

/** The session id a request's Cookie header names on this site, when its signature holds; else null. */
export function sessionIdOfCookies(
  header: string | undefined,
  config: { PUBLIC_URL: string; SESSION_SECRET: string },
): string | null {
  return unsignSessionId(readCookie(header, sessionCookieNameOf(config)), config.SESSION_SECRET);
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
  /** From sessionCookieNameOf(). */
  name: string;
  maxAgeSeconds: number;
  /** Always true for a `__Host-` name, which browsers refuse without it. */
  secure: boolean;
}

function attributes(name: string, secure: boolean): string[] {
  // No Domain, Path=/: what a `__Host-` cookie must have, and right for the plain name too.
  return ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure || name.startsWith('__Host-') ? ['Secure'] : [])];
}

export function serializeSessionCookie(value: string, { name, maxAgeSeconds, secure }: SessionCookieOptions): string {
  const expires = new Date(Date.now() + maxAgeSeconds * 1000).toUTCString();
  const [path, ...rest] = attributes(name, secure);
  return [
    `${name}=${encodeURIComponent(value)}`,
    path,
    `Max-Age=${Math.floor(maxAgeSeconds)}`,
    `Expires=${expires}`,
    ...rest,
  ].join('; ');
}

export function clearedSessionCookie(name: string, secure: boolean): string {
  const [path, ...rest] = attributes(name, secure);
  return [`${name}=`, path, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', ...rest].join('; ');
}
