import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { IdentityConfig } from '../../config.js';
import { newSessionId } from '../../sessions/session-cookie.js';
import { SessionStore, type SessionData } from '../../sessions/session.store.js';
import { SignInRefusedError, UsersService, type User } from '../../users/users.service.js';
import { OidcClient, type StrategyOutcome } from '../oidc-client.js';
import { returnToFor, safeReturnPath } from '../return-to.js';
import type {
  CompleteSignInCommand,
  CompleteSignInResult,
  StartSignInCommand,
  StartSignInResult,
} from './sign-in.commands.js';

/** Long enough to sign in at the provider; a sign-in left half-way is forgotten after this. */
const SIGN_IN_WINDOW_SECONDS = 60 * 60;

interface CurrentSession {
  sid: string;
  sess: SessionData;
  expire: Date;
}

/**
 * Signing in, a flow of two requests: start (the provider's redirect, with PKCE and the return address kept in
 * the session) and complete (the provider's callback: the user found or created, a new session). The controller
 * turns HTTP into these commands and the results into cookies, redirects and pages; every rule lives here.
 */
@Injectable()
export class SignInUseCase {
  private readonly logger = new Logger(SignInUseCase.name);

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly oidc: OidcClient,
    private readonly sessions: SessionStore,
    private readonly users: UsersService,
  ) {}

  async start(command: StartSignInCommand): Promise<StartSignInResult> {
    const current = await this.currentSession(command.sessionId);
    const sessionId = current?.sid ?? newSessionId();
    const session: SessionData = {
      ...current?.sess,
      returnTo: returnToFor(command.returnTo, command.referer, command.siteOrigins),
    };
    const outcome = await this.oidc.run({ ...command.request, session });
    if (outcome.kind !== 'redirect') {
      const reason = outcome.kind === 'error' ? outcome.error.message : outcome.kind;
      this.logger.error(`sign-in could not start: ${reason}`);
      return { kind: 'unavailable', reason };
    }
    // A signed-in session keeps the expiry it has: starting another sign-in neither shortens nor extends it.
    const expire = keptExpiry(current) ?? signInWindowEnd();
    await this.sessions.set(sessionId, session, expire);
    return { kind: 'redirect', url: outcome.url, sessionId, expire };
  }

  async complete(command: CompleteSignInCommand): Promise<CompleteSignInResult> {
    const current = await this.currentSession(command.sessionId);
    const session: SessionData = { ...current?.sess };
    const returnTo = safeReturnPath(session.returnTo) ?? '/';
    const outcome = await this.oidc.run({ ...command.request, session });
    const signedIn = await this.userOf(outcome);
    if ('refusal' in signedIn || 'failure' in signedIn) {
      const reason = 'refusal' in signedIn ? signedIn.refusal : signedIn.failure;
      this.logger.warn(`sign-in callback refused: ${reason}`);
      // A failed callback (a forged or replayed one included) leaves a signed-in session as it was: same user,
      // same expiry. Only the consumed OIDC state is dropped.
      if (current) await this.sessions.set(current.sid, session, keptExpiry(current) ?? signInWindowEnd());
      return 'refusal' in signedIn
        ? { kind: 'refused', message: signedIn.refusal, returnTo }
        : { kind: 'failed', reason, returnTo };
    }
    const expire = new Date(Date.now() + this.sessionTtlSeconds * 1000);
    // A new id for the signed-in session, the old one deleted: a session id planted before sign-in is worthless.
    const sessionId = await this.sessions.regenerate(
      current?.sid ?? null,
      { userId: signedIn.user.id, signedInAt: new Date().toISOString() },
      expire,
    );
    this.logger.log(`signed in user ${signedIn.user.id}`);
    return { kind: 'signed-in', userId: signedIn.user.id, sessionId, expire, returnTo };
  }

  /** The user the provider's answer signs in, or why it signs in nobody (a refusal is shown to the person). */
  private async userOf(
    outcome: StrategyOutcome,
  ): Promise<{ user: User } | { refusal: string } | { failure: string }> {
    switch (outcome.kind) {
      case 'success':
        try {
          return { user: await this.users.signIn(outcome.claims) };
        } catch (error) {
          if (error instanceof SignInRefusedError) return { refusal: error.message };
          throw error;
        }
      case 'refused':
        return { refusal: outcome.message };
      case 'error':
        return { failure: outcome.error.message };
      case 'fail':
        return { failure: outcome.message };
      case 'redirect':
        return { failure: 'unexpected redirect' };
    }
  }

  private get sessionTtlSeconds(): number {
    return Math.round(this.config.SESSION_TTL_DAYS * 24 * 60 * 60);
  }

  private async currentSession(sid: string | null): Promise<CurrentSession | null> {
    if (!sid) return null;
    const found = await this.sessions.find(sid);
    return found ? { sid, ...found } : null;
  }
}

/** A signed-in session's expiry, which nothing but signing in again may change; null for a guest's. */
function keptExpiry(current: CurrentSession | null): Date | null {
  return current?.sess.userId ? current.expire : null;
}

function signInWindowEnd(): Date {
  return new Date(Date.now() + SIGN_IN_WINDOW_SECONDS * 1000);
}
