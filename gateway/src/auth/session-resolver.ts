import { createHash } from 'node:crypto';
import type http from 'node:http';
import { INTERNAL_SESSION_PATH, SESSION_COOKIE, type SessionResolution, type SessionUser } from '@hunted/contracts';
import { activeTraceHeaders, signInternalToken } from '@hunted/platform';
import { getJson } from '../upstream-agent.js';

/** Reused while younger than this; the token itself lives 60 s, so a service never sees one about to expire. */
const TOKEN_REUSE_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface ResolvedIdentity {
  user: SessionUser;
  /** Signed internal token to forward as `x-hunted-identity`, valid only at the service it was resolved for. */
  token: string;
}

interface CachedSession {
  user: SessionUser | null;
  expiresAt: number;
}

interface CachedToken {
  token: string;
  signedAt: number;
}

export class IdentityUnavailableError extends Error {}

/** The raw value of the session cookie (named `name`, see sessionCookieName) in a Cookie header, or null. */
export function sessionCookieValue(cookieHeader: string | undefined, name = SESSION_COOKIE): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value.length > 0 ? value : null;
    }
  }
  return null;
}

/** Insertion-ordered map trimmed from its oldest end, so a flood of made-up cookies cannot grow memory. */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}

/**
 * Answers "who does this cookie belong to?" by asking identity, and turns the answer into an internal token
 * signed for the service the request goes to (its audience), so a token is worth nothing at any other service.
 * Answers are cached for a few seconds per cookie (keyed by a hash, so the cache never holds a usable session
 * id), concurrent questions about one cookie share one call, and tokens are reused per (user, service).
 */
export class SessionResolver {
  private readonly sessions = new Map<string, CachedSession>();
  private readonly inFlight = new Map<string, Promise<SessionUser | null>>();
  private readonly tokens = new Map<string, CachedToken>();
  /** A cached session's claims as the tokens' key, written once per answer from identity, not per request. */
  private readonly claimsOf = new WeakMap<SessionUser, string>();
  /** When each key was last invalidated, so a lookup that was already under way does not re-cache stale news. */
  private readonly invalidatedAt = new Map<string, number>();
  /**
   * The cookie identity reads: `sessionCookieName(PUBLIC_URL)`, set by the runtime. It must be the very same
   * name, or the cache would key one cookie's answer under another's value.
   */
  cookieName = SESSION_COOKIE;

  constructor(
    private readonly identityUrl: string,
    /** The gateway's Ed25519 private key (PEM). */
    private readonly privateKey: string,
    private readonly agent: http.Agent,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly lookupTimeoutMs = 2_000,
  ) {}

  static keyOf(cookieValue: string): string {
    return createHash('sha256').update(cookieValue).digest('base64url');
  }

  /**
   * The caller's identity with a token for `service` (the route's owner), null when signed out; throws
   * IdentityUnavailableError when identity cannot answer.
   */
  async resolve(cookieHeader: string | undefined, service: string): Promise<ResolvedIdentity | null> {
    const user = await this.userOf(cookieHeader);
    return user ? { user, token: await this.tokenFor(user, service) } : null;
  }

  private async userOf(cookieHeader: string | undefined): Promise<SessionUser | null> {
    const cookieValue = sessionCookieValue(cookieHeader, this.cookieName);
    if (!cookieValue) return null;
    const key = SessionResolver.keyOf(cookieValue);
    const cached = this.sessions.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.user;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.lookUp(key, cookieHeader as string).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Forgets what a cookie meant, for requests that sign in, sign out or change the user. */
  invalidate(cookieHeader: string | undefined): void {
    const cookieValue = sessionCookieValue(cookieHeader, this.cookieName);
    if (!cookieValue) return;
    const key = SessionResolver.keyOf(cookieValue);
    this.sessions.delete(key);
    this.inFlight.delete(key);
    boundedSet(this.invalidatedAt, key, this.now());
  }

  private async lookUp(key: string, cookieHeader: string): Promise<SessionUser | null> {
    const startedAt = this.now();
    let answer;
    try {
      answer = await getJson(new URL(INTERNAL_SESSION_PATH, this.identityUrl).toString(), { cookie: cookieHeader, ...activeTraceHeaders() }, this.agent, this.lookupTimeoutMs);
    } catch (error) {
      throw new IdentityUnavailableError(`identity could not resolve the session: ${(error as Error).message}`);
    }
    if (answer.status !== 200) throw new IdentityUnavailableError(`identity answered ${answer.status} to the session lookup`);
    const user = (answer.body as SessionResolution | null)?.user ?? null;
    const invalidatedSinceStart = (this.invalidatedAt.get(key) ?? -Infinity) >= startedAt;
    if (this.ttlMs > 0 && !invalidatedSinceStart) boundedSet(this.sessions, key, { user, expiresAt: this.now() + this.ttlMs });
    return user;
  }

  private async tokenFor(user: SessionUser, service: string): Promise<string> {
    let userClaims = this.claimsOf.get(user);
    if (userClaims === undefined) {
      userClaims = JSON.stringify([user.id, user.email, user.firstName, user.lastName, user.isAdmin, user.acceptedTerms]);
      this.claimsOf.set(user, userClaims);
    }
    const claims = `${service} ${userClaims}`;
    const cached = this.tokens.get(claims);
    const now = this.now();
    if (cached && now - cached.signedAt < TOKEN_REUSE_MS) return cached.token;
    const token = await signInternalToken(user, this.privateKey, service, now);
    boundedSet(this.tokens, claims, { token, signedAt: now });
    return token;
  }
}
