import { describe, expect, it } from 'vitest';
import {
  clearedSessionCookie,
  newSessionId,
  readCookie,
  serializeSessionCookie,
  sessionCookieNameOf,
  signSessionId,
  unsignSessionId,
} from './session-cookie.js';

const secret = 'a-session-secret-that-is-long-enough-0000';

describe('session cookie', () => {
  it('round-trips a signed session id', () => {
    const sid = newSessionId();
    expect(unsignSessionId(signSessionId(sid, secret), secret)).toBe(sid);
  });

  it('refuses a bare id, a tampered id and another key', () => {
    const sid = newSessionId();
    const signed = signSessionId(sid, secret);
    expect(unsignSessionId(sid, secret)).toBeNull();
    expect(unsignSessionId(`x${signed}`, secret)).toBeNull();
    expect(unsignSessionId(signSessionId(sid, 'another-secret-that-is-long-enough-00000'), secret)).toBeNull();
    expect(unsignSessionId('', secret)).toBeNull();
  });

  it('reads one cookie among others', () => {
    expect(readCookie('a=1; hunted.sid=abc.def; b=2', 'hunted.sid')).toBe('abc.def');
    expect(readCookie('xhunted.sid=1', 'hunted.sid')).toBeUndefined();
    expect(readCookie(undefined, 'hunted.sid')).toBeUndefined();
  });

  it('is HttpOnly, SameSite=Lax, path /, and Secure only when asked', () => {
    const plain = serializeSessionCookie('v', { name: 'hunted.sid', maxAgeSeconds: 60, secure: false });
    expect(plain).toMatch(/^hunted\.sid=v; Path=\/; Max-Age=60; Expires=.+; HttpOnly; SameSite=Lax$/);
    expect(serializeSessionCookie('v', { name: 'hunted.sid', maxAgeSeconds: 60, secure: true })).toMatch(/; Secure$/);
    expect(clearedSessionCookie('hunted.sid', false)).toMatch(/^hunted\.sid=; Path=\/; Max-Age=0;/);
  });

  it('is named __Host-hunted.sid, Secure, Path=/ and without Domain when PUBLIC_URL is https', () => {
    expect(sessionCookieNameOf({ PUBLIC_URL: 'https://hunted.example.com' })).toBe('__Host-hunted.sid');
    expect(sessionCookieNameOf({ PUBLIC_URL: 'http://localhost:8080' })).toBe('hunted.sid');
    const name = sessionCookieNameOf({ PUBLIC_URL: 'https://hunted.example.com/' });
    // Secure even if the request itself did not arrive over TLS: browsers drop a __Host- cookie without it.
    const cookie = serializeSessionCookie('v', { name, maxAgeSeconds: 60, secure: false });
    expect(cookie).toMatch(/^__Host-hunted\.sid=v; Path=\/; Max-Age=60; Expires=.+; HttpOnly; SameSite=Lax; Secure$/);
    expect(cookie).not.toMatch(/Domain/i);
    expect(clearedSessionCookie(name, false)).toMatch(/^__Host-hunted\.sid=; Path=\/; Max-Age=0;.*; Secure$/);
  });
});
