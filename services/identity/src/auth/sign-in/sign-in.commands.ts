import type { StrategyRequest } from '../oidc-client.js';

/** The slice of the HTTP request the provider's strategy reads (its session is the use case's business). */
export type ProviderRequest = Omit<StrategyRequest, 'session'>;

/** `GET /api/login`: send the browser to the provider, remembering where to bring it back. */
export interface StartSignInCommand {
  /** The session the request's cookie names (signature already checked), or null. */
  sessionId: string | null;
  /** The `returnTo` query parameter as sent (anything: it is checked here). */
  returnTo: unknown;
  referer: string | undefined;
  /** Origins a return address may have: the site's public one and the one this request came to. */
  siteOrigins: string[];
  request: ProviderRequest;
}

export type StartSignInResult =
  /** Set the session cookie for `sessionId` until `expire`, then redirect to the provider's `url`. */
  | { kind: 'redirect'; url: string; sessionId: string; expire: Date }
  /** The provider cannot be reached or refused to start: nothing was stored. */
  | { kind: 'unavailable'; reason: string };

/** `GET /api/callback`: the provider sent the browser back with a code (or an error). */
export interface CompleteSignInCommand {
  sessionId: string | null;
  request: ProviderRequest;
}

export type CompleteSignInResult =
  /** A new session (the old id is gone: no fixation); set its cookie and return the browser to `returnTo`. */
  | { kind: 'signed-in'; userId: string; sessionId: string; expire: Date; returnTo: string }
  /** The provider signed someone in whom identity does not accept; show `message`, a session stays as it was. */
  | { kind: 'refused'; message: string; returnTo: string }
  /** The callback failed (cancelled, forged, replayed): back to `returnTo`, a session stays as it was. */
  | { kind: 'failed'; reason: string; returnTo: string };
