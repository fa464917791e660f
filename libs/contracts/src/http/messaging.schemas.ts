import { z } from 'zod';
import { isEmailAddress } from './input-rules.js';
import {
  CONTACT_CATEGORIES,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MAX_LENGTHS,
  CONTACT_MIN_LENGTHS,
  MESSAGE_ERRORS,
  MESSAGE_LIMITS,
} from './messaging.js';

/**
 * The messaging API's request schemas (read by messaging's SchemaPipe, and by the contact form). Apart from
 * `messaging.ts` so that a page which only needs the types and limits does not bring zod into its bundle (the
 * package is side-effect free, so an unused schema module is dropped).
 */

/**
 * One trimmed text of the contact form: missing, not text or too short all get the spec's `tooShort` message, so
 * the form shows the sentence a person can act on rather than a type error.
 */
function contactText(label: string, min: number, max: number) {
  const tooShort = `${label} must be at least ${min} characters`;
  return z
    .string({ error: tooShort })
    .trim()
    .min(min, { error: tooShort })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

const INVALID_EMAIL = 'Please enter a valid email address';

/**
 * Body of `POST /api/contact`: every field trimmed, the category 'general' when none is sent, unknown fields
 * refused. The honeypot takes any value, so that a bot learns nothing from a 400; the service drops a submission
 * that carries one (`honeypotFilled`).
 */
export const contactInputSchema = z.strictObject({
  name: contactText('Name', CONTACT_MIN_LENGTHS.name, CONTACT_MAX_LENGTHS.name),
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(CONTACT_MAX_LENGTHS.email, { error: `Email must be at most ${CONTACT_MAX_LENGTHS.email} characters` })
    .pipe(z.string().refine(isEmailAddress, { error: INVALID_EMAIL })),
  subject: contactText('Subject', CONTACT_MIN_LENGTHS.subject, CONTACT_MAX_LENGTHS.subject),
  category: z
    .enum(CONTACT_CATEGORIES, { error: `Category must be one of: ${CONTACT_CATEGORIES.join(', ')}` })
    .default('general'),
  message: contactText('Message', CONTACT_MIN_LENGTHS.message, CONTACT_MAX_LENGTHS.message),
  [CONTACT_HONEYPOT_FIELD]: z.unknown().optional(),
});
export type ContactInputBody = z.output<typeof contactInputSchema>;

/** Control characters other than tab and line breaks: invisible in a message, and NUL cannot be stored at all. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MESSAGE_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const messageId = z.uuid({ error: 'must be the id of a message' });
const RECEIVER_REQUIRED = 'receiverId must name the person you are writing to';

/**
 * Body of `POST /api/conversations/{id}/messages`: the content with control characters (a NUL too) stripped rather
 * than refused, and trimmed; the receiver as the spec's two readings allow (text or number), read as text.
 */
export const sendMessageSchema = z.object({
  content: z
    .string({ error: MESSAGE_ERRORS.empty })
    .transform((text) => text.replace(MESSAGE_CONTROL_CHARACTERS, '').trim())
    .pipe(
      z
        .string()
        .min(1, { error: MESSAGE_ERRORS.empty })
        .max(MESSAGE_LIMITS.maxLength, { error: MESSAGE_ERRORS.tooLong }),
    ),
  receiverId: z
    .union([z.string(), z.number().int()], { error: RECEIVER_REQUIRED })
    .transform(String)
    .pipe(z.string().trim().min(1, { error: RECEIVER_REQUIRED }).max(200)),
  clientMessageId: z.string().trim().min(1).max(100).optional(),
});
export type SendMessageBody = z.output<typeof sendMessageSchema>;

/** Body of `POST /api/conversations/{id}/read`: up to which received message (all when absent). */
export const markReadSchema = z.object({ upTo: messageId.optional() });
export type MarkReadBody = z.output<typeof markReadSchema>;

const PAGE_LIMIT_RULE = `limit must be a whole number from 1 to ${MESSAGE_LIMITS.pageMax}`;

/**
 * Query of `GET /api/conversations/{id}/messages`: always a page of at most `limit` (50 unless asked, 100 at
 * most): the newest, the ones just `before` a message (paging back) or just `after` one (catching up).
 */
export const threadQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: PAGE_LIMIT_RULE })
      .int({ error: PAGE_LIMIT_RULE })
      .min(1, { error: PAGE_LIMIT_RULE })
      .max(MESSAGE_LIMITS.pageMax, { error: PAGE_LIMIT_RULE })
      .default(MESSAGE_LIMITS.pageSize),
    before: messageId.optional(),
    after: messageId.optional(),
  })
  .refine((query) => !(query.before && query.after), { error: 'give before or after, not both', path: ['before'] });
export type ThreadQuery = z.output<typeof threadQuerySchema>;
