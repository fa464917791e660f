import { z } from 'zod';
import { checkedBy, isHttpLink, trimmed, trimmedOrNull } from './input-rules.js';
import { hasControlCharacters } from './text-rules.js';
import { MAX_TIME_ZONE_LENGTH, type UpdateTimeZoneRequest } from './identity.js';
import { isTimeZone } from '../time/clock.js';

/**
 * The identity API's request schemas (read by identity' SchemaPipe, checked first by its forms). Apart from `identity.ts` so
 * that a page which only needs the types and limits brings no zod into its bundle (the package is side-effect free).
 */

/** A name on the profile: trimmed, one line of text, at most 100 characters; null or blank clears it. */
function profileName(label: string) {
  const tooLong = `${label} must be at most 100 characters`;
  return z.preprocess(
    trimmed,
    checkedBy<string>([
      [
        (value) => typeof value !== 'string' || !hasControlCharacters(value),
        `${label} may not contain control characters (such as line breaks)`,
      ],
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

/**
 * Body of `POST /api/account/deletion`: the account's email, typed in to confirm (trimmed here; identity compares
 * it, in any case, with the account's own and refuses a mismatch with its sentence).
 */
export const deleteAccountSchema = z.strictObject({
  email: z
    .string({ error: 'Type the email address of your account to confirm.' })
    .trim()
    .min(1, 'Type the email address of your account to confirm.')
    .max(320, 'Type the email address of your account exactly as it is shown to confirm.'),
});
export type DeleteAccountFields = z.output<typeof deleteAccountSchema>;

/** Said for a time zone identity cannot read: names the field and what it takes. */
export const UNKNOWN_TIME_ZONE_MESSAGE =
  'timeZone must be a time zone name from the IANA database, such as Europe/Paris or Europe/London';

/** Body of `PUT /api/account/time-zone` (UpdateTimeZoneRequest): a zone the clock knows, by its IANA name. */
export const updateTimeZoneSchema = z.strictObject({
  timeZone: z
    .string({ error: UNKNOWN_TIME_ZONE_MESSAGE })
    .max(MAX_TIME_ZONE_LENGTH, { error: UNKNOWN_TIME_ZONE_MESSAGE })
    .refine((zone) => isTimeZone(zone), { error: UNKNOWN_TIME_ZONE_MESSAGE }),
  onlyIfUnset: z.boolean({ error: 'onlyIfUnset must be true or false' }).optional(),
}) satisfies z.ZodType<UpdateTimeZoneRequest>;
export type UpdateTimeZoneFields = z.output<typeof updateTimeZoneSchema>;
