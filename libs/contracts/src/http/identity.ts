/** HTTP shapes of the identity service (sign-in, session, current user, avatars), shared with the gateway and the web app. */

import type { AcceptableTerms } from './legal.js';

/** Name of identity's session cookie on a plain-http site (development); see sessionCookieName. */
export const SESSION_COOKIE = 'hunted.sid';

/**
 * The session cookie's name for a site at `publicUrl`. Over https it is `__Host-hunted.sid`: browsers accept a
 * `__Host-` cookie only when it is Secure, has Path=/ and no Domain, so a sibling subdomain or a plain-http page
 * cannot plant or overwrite the session. Identity sets it and the gateway reads it by this one rule.
 */
export function sessionCookieName(publicUrl: string | undefined): string {
  return publicUrl !== undefined && /^https:/i.test(publicUrl) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** Identity's session lookup for the gateway (`GET /internal/session`); never reachable from outside. */
export const INTERNAL_SESSION_PATH = '/internal/session';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  /** The documents whose current version the member has accepted (decision 0103); the gateway signs it as a claim. */
  acceptedTerms: AcceptableTerms[];
}

/** Answer of `GET /internal/session`: the signed-in user the request's cookie names, or null. */
export interface SessionResolution {
  user: SessionUser | null;
}

/** `GET /api/auth/user` and the answer of `PATCH /api/auth/user`. Dates are ISO strings. */
export interface CurrentUserResponse {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  instagramUrl: string | null;
  /** The member's time zone (IANA), which emails and invites use; null until the browser's or their choice is stored. */
  timeZone: string | null;
  isAdmin: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * Body of `PATCH /api/auth/user`. Every field is optional; email is never accepted. profileImageUrl is a
 * `data:image/...;base64,` string for a new photo, the URL the user already has, or null/'' to remove it.
 */
export interface UpdateCurrentUserRequest {
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  instagramUrl?: string | null;
}

/** The member's time zone: `PUT` with UpdateTimeZoneRequest, answered with the CurrentUserResponse. */
export const TIME_ZONE_PATH = '/api/account/time-zone';

/**
 * Body of `PUT /api/account/time-zone`. `onlyIfUnset` is the web app's first guess (the browser's zone after
 * sign-in): stored only while the member has none, so a zone they chose is never overwritten by a browser's.
 */
export interface UpdateTimeZoneRequest {
  timeZone: string;
  onlyIfUnset?: boolean;
}

/** Longest IANA zone name stored (the longest in the database is about 30 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;

/** Largest profile photo, in decoded bytes. */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
