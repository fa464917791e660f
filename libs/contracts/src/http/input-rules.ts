import { z } from 'zod';
// One function at a time (not the whole library) keeps the web app's bundle small. Each file is CommonJS whose
// export is the function; TypeScript types that default import as the function (bundler resolution, the web app)
// or as the module holding it (NodeNext, the services), so it is read the one way both agree on at run time.
import isEmailImport from 'validator/lib/isEmail.js';
import isISO8601Import from 'validator/lib/isISO8601.js';
import isURLImport from 'validator/lib/isURL.js';

type Check = (value: string, options?: object) => boolean;
const checkOf = (imported: unknown): Check =>
  (typeof imported === 'function' ? imported : (imported as { default: unknown }).default) as Check;
const isURL = checkOf(isURLImport);
const isISO8601 = checkOf(isISO8601Import);
const isEmail = checkOf(isEmailImport);

const HTTP_LINK = { protocols: ['http', 'https'], require_protocol: true };

/**
 * Whether `value` is an http(s) link with its protocol, by the rule the services have always applied (validator's
 * isURL: a host with a top-level domain or an IP address; no `localhost`, no spaces). Shared so a form refuses
 * exactly what the server would.
 */
export function isHttpLink(value: unknown): value is string {
  return typeof value === 'string' && isURL(value, HTTP_LINK);
}

/**
 * Whether `value` is an email address by the rule the services' class-validator `@IsEmail()` applied (validator's
 * isEmail with its defaults), so a form moved to a schema changed no answer and the web checks the same.
 */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && isEmail(value);
}

/** Whether `value` is a calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isISO8601(value, { strict: true });
}

/** Text trimmed; anything else as it came. */
export const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);

/** Optional text trimmed, blank read as null ("not given"); anything else as it came. */
export const trimmedOrNull = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? null : value.trim();
};

/** One check of a field: the value passes `test`, or the field's message is `message`. */
export type Rule = readonly [test: (value: unknown) => boolean, message: string];

/**
 * A field read by rules in order, the first that fails giving its message: for fields whose messages depend on
 * which check failed first in a way zod's built-in checks do not say (a list that may also be a single value).
 * Absent values (undefined and null) pass without a check unless `required`.
 */
export function checkedBy<T>(rules: readonly Rule[], { required = false } = {}): z.ZodType<T | null | undefined> {
  const checked = z.unknown().superRefine((value, ctx) => {
    if (!required && (value === undefined || value === null)) return;
    const failed = rules.find(([test]) => !test(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
  });
  // Through a (no-op) preprocess, an object runs the rules on an absent field too, and leaves it absent when they pass.
  return z.preprocess((value) => value, checked) as z.ZodType<T | null | undefined>;
}
