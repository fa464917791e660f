/** HTTP shapes of the identity service (sign-in, session, current user, avatars), shared with the gateway and the web app. */
import { z } from 'zod';
import { checkedBy, isHttpLink, trimmed, trimmedOrNull } from './input-rules.js';
import { hasControlCharacters } from './text-rules.js';

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

/** A name on the profile: trimmed, one line of text, at most 100 characters; null or blank clears it. */
function profileName(label: string) {
  const tooLong = `${label} must be at most 100 characters`;
  return z.preprocess(
    trimmed,
    checkedBy<string>([
      [(value) => typeof value !== 'string' || !hasControlCharacters(value), `${label} may not contain control characters (such as line breaks)`],
      [(value) => typeof value === 'string' && value.length <= 100, tooLong],
    ]),
  );
}

/**
 * Body of `PATCH /api/auth/user` (the profile form): the rules of UpdateCurrentUserRequest. An email is refused
 * with its own message; any other unknown field as unknown.
 */
export const updateCurrentUserSchema = z.strictObject({
  email: z.never({ error: 'Email address cannot be changed' }).optional(),
  firstName: profileName('First name'),
  lastName: profileName('Last name'),
  /** A `data:image/...;base64,` upload, the URL the user already has, or null/'' to remove the photo. */
  profileImageUrl: z.string({ error: 'profileImageUrl must be a string' }).nullish(),
  instagramUrl: z.preprocess(
    trimmedOrNull,
    checkedBy<string>([
      [isHttpLink, 'Instagram must be a link starting with http:// or https://'],
      [(value) => (value as string).length <= 500, 'Instagram link must be at most 500 characters'],
    ]),
  ),
});
export type UpdateCurrentUserFields = z.output<typeof updateCurrentUserSchema>;

/** Largest profile photo, in decoded bytes. */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
