import { createHash, randomBytes } from 'node:crypto';
import { Agent } from 'node:https';
import { Agent as HttpAgent } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG, withoutControlCharacters } from '@hunted/platform';
import OpenIDConnectStrategy, { type Profile, type VerifyCallback } from 'passport-openidconnect';
import { callbackUrlOf, type IdentityConfig } from '../config.js';
import type { SessionData } from '../sessions/session.store.js';
import type { ProviderClaims } from '../users/users.service.js';

interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
}

/** What running the strategy on a request came to; passport's callbacks turned into one value. */
export type StrategyOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'success'; claims: ProviderClaims }
  | { kind: 'fail'; message: string }
  /** The provider signed someone in, but not in a way identity accepts; `message` is for that person. */
  | { kind: 'refused'; message: string }
  | { kind: 'error'; error: Error };

/** The slice of a request passport-openidconnect reads: query parameters and a mutable session object. */
export interface StrategyRequest {
  query: Record<string, unknown>;
  session: SessionData;
  headers: Record<string, string | string[] | undefined>;
  url: string;
  method: string;
}

/**
 * passport-openidconnect against the configured provider. The strategy is driven directly (its success/fail/
 * redirect/error callbacks) instead of through passport's Express middleware, so it runs on Fastify unchanged.
 * Endpoints come from the provider's discovery document, fetched on first use and retried until it answers.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger(OidcClient.name);
  private strategy: Promise<OpenIDConnectStrategy> | undefined;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: IdentityConfig) {}

  private get serverBase(): string {
    return this.config.OIDC_INTERNAL_URL ?? this.config.OIDC_ISSUER_URL;
  }

  /** The provider's URL as identity reaches it: the issuer's origin swapped for OIDC_INTERNAL_URL when set. */
  private serverSide(url: string): string {
    if (!this.config.OIDC_INTERNAL_URL) return url;
    const issuer = this.config.OIDC_ISSUER_URL.replace(/\/$/, '');
    return url.startsWith(issuer)
      ? `${this.config.OIDC_INTERNAL_URL.replace(/\/$/, '')}${url.slice(issuer.length)}`
      : url;
  }

  private async discover(): Promise<OpenIDConnectStrategy> {
    const url = `${this.serverBase.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
    const doc = (await response.json()) as DiscoveryDocument;
    if (doc.issuer.replace(/\/$/, '') !== this.config.OIDC_ISSUER_URL.replace(/\/$/, '')) {
      this.logger.warn(
        `provider's issuer is ${doc.issuer}, OIDC_ISSUER_URL is ${this.config.OIDC_ISSUER_URL}; ID tokens are checked against the provider's`,
      );
    }
    const tokenURL = this.serverSide(doc.token_endpoint);
    const agent = tokenURL.startsWith('https:') ? new Agent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    return new OpenIDConnectStrategy(
      {
        issuer: doc.issuer,
        authorizationURL: doc.authorization_endpoint,
        tokenURL,
        userInfoURL: doc.userinfo_endpoint ? this.serverSide(doc.userinfo_endpoint) : '',
        clientID: this.config.OIDC_CLIENT_ID,
        clientSecret: this.config.OIDC_CLIENT_SECRET,
        callbackURL: callbackUrlOf(this.config),
        scope: ['email', 'profile'],
        nonce: true,
        // Many providers put email and names only in userinfo, not in the ID token.
        skipUserProfile: !doc.userinfo_endpoint,
        sessionKey: 'oidc',
        agent,
      } as unknown as ConstructorParameters<typeof OpenIDConnectStrategy>[0],
      // The nine-argument form is the one that hands over userinfo's raw JSON, where email_verified lives.
      ((
        issuer: string,
        userinfo: (Profile & { _json?: Record<string, unknown> }) | undefined,
        idProfile: Profile,
        _context: unknown,
        idToken: string,
        _accessToken: string,
        _refreshToken: string,
        _params: unknown,
        done: VerifyCallback,
      ) =>
        done(
          null,
          claimsOf(issuer, userinfo, idProfile, idToken) as unknown as Express.User,
        )) as unknown as ConstructorParameters<typeof OpenIDConnectStrategy>[1],
    );
  }

  private getStrategy(): Promise<OpenIDConnectStrategy> {
    this.strategy ??= this.discover().catch((error: unknown) => {
      // Not cached: the provider may simply not be up yet, so the next sign-in tries again.
      this.strategy = undefined;
      throw error;
    });
    return this.strategy;
  }

  async run(request: StrategyRequest): Promise<StrategyOutcome> {
    let strategy: OpenIDConnectStrategy;
    try {
      strategy = await this.getStrategy();
    } catch (error) {
      return { kind: 'error', error: error instanceof Error ? error : new Error(String(error)) };
    }
    return new Promise<StrategyOutcome>((resolve) => {
      const run = Object.create(strategy) as OpenIDConnectStrategy & {
        success(user: unknown): void;
        fail(challenge?: unknown, status?: number): void;
        redirect(url: string): void;
        error(error: Error): void;
        pass(): void;
        authorizationParams(options: unknown): Record<string, string>;
        _oauth2: OAuth2TokenClient;
      };
      withPkce(run, request);
      run.redirect = (url) => resolve({ kind: 'redirect', url });
      run.error = (error) => resolve({ kind: 'error', error });
      run.pass = () => resolve({ kind: 'fail', message: 'nothing to authenticate' });
      run.fail = (challenge) => {
        const message =
          typeof challenge === 'object' && challenge && 'message' in challenge
            ? String(challenge.message)
            : String(challenge ?? 'sign-in refused');
        resolve({ kind: 'fail', message });
      };
      run.success = (user) => {
        const claims = user as unknown as ProviderClaims | { refused: string };
        resolve('refused' in claims ? { kind: 'refused', message: claims.refused } : { kind: 'success', claims });
      };
      try {
        run.authenticate(request as never, {});
      } catch (error) {
        resolve({ kind: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      }
    });
  }
}

/** The part of node-oauth's OAuth2 client the strategy exchanges the code with. */
interface OAuth2TokenClient {
  getOAuthAccessToken(code: string, params: Record<string, string>, callback: (...args: unknown[]) => void): void;
}

/**
 * PKCE (S256) on one run of the strategy. passport-openidconnect 0.1.x has no PKCE option, but it leaves the two
 * places open: `authorizationParams()` (documented for subclasses) adds the challenge to the authorization
 * request, and the token request goes through its "protected" `_oauth2` client, which is wrapped here to add the
 * verifier. Both are per-run objects layered over the shared strategy, so concurrent sign-ins never share one.
 * The verifier lives in the session beside the strategy's state and is used once.
 */
function withPkce(
  run: { authorizationParams(options: unknown): Record<string, string>; _oauth2: OAuth2TokenClient },
  request: StrategyRequest,
): void {
  if (request.query.code === undefined) {
    const { verifier, challenge } = pkcePair();
    request.session.pkceVerifier = verifier;
    run.authorizationParams = () => ({ code_challenge: challenge, code_challenge_method: 'S256' });
    return;
  }
  const verifier = request.session.pkceVerifier;
  delete request.session.pkceVerifier;
  const shared = run._oauth2;
  const client = Object.create(shared) as OAuth2TokenClient;
  client.getOAuthAccessToken = (code, params, callback) =>
    shared.getOAuthAccessToken.call(client, code, verifier ? { ...params, code_verifier: verifier } : params, callback);
  run._oauth2 = client;
}

export const EMAIL_NOT_VERIFIED =
  'Your sign-in provider has not verified your email address. Verify it with them, then sign in again.';
export const NO_EMAIL =
  'Your sign-in provider did not share your email address. Allow Hunted to see it, then sign in again.';
const CHECK_FAILED = "Your sign-in provider's answer could not be checked. Please sign in again.";

/**
 * Who signed in: the ID token's issuer and subject, with the email and names from userinfo, else from the ID
 * token. The address must come with `email_verified: true` from the same source (missing counts as not verified):
 * an unverified address is someone's claim, not their identity. Userinfo about another subject is refused
 * (OpenID Connect Core 5.3.2).
 */
export function claimsOf(
  issuer: string,
  userinfo: (Profile & { _json?: Record<string, unknown> }) | undefined,
  idProfile: Profile,
  idToken: string,
): ProviderClaims | { refused: string } {
  let idClaims: Record<string, unknown> = {};
  try {
    idClaims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    // The strategy has already parsed this token; unreadable here only means no extra claims.
  }
  const subject = idProfile.id;
  if (!issuer || !subject) return { refused: CHECK_FAILED };
  if (userinfo?.id && userinfo.id !== subject) return { refused: CHECK_FAILED };
  const source = typeof userinfo?._json?.email === 'string' ? userinfo._json : idClaims;
  const email = source.email;
  if (typeof email !== 'string' || !email.trim()) {
    return { refused: NO_EMAIL };
  }
  if (source.email_verified !== true) {
    return { refused: EMAIL_NOT_VERIFIED };
  }
  const name = userinfo?.name ?? idProfile.name;
  return { issuer, subject, email, firstName: cleanName(name?.givenName), lastName: cleanName(name?.familyName) };
}

/**
 * A name as the provider gave it, without control characters (a NUL could not be stored; a line break would travel
 * into emails and invites). Stripped rather than refused: the provider's data is not the member's to fix at sign-in.
 * Empty after that is no name.
 */
function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return withoutControlCharacters(value) || null;
}

/** A PKCE pair (RFC 7636): the verifier stays in the session, its S256 challenge goes to the provider. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
