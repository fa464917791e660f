import { BadRequestException } from '@nestjs/common';
import { MESSAGE_ERRORS, MESSAGE_LIMITS } from '@hunted/contracts';
import { z } from 'zod';

/** Control characters other than tab and line breaks: invisible in a message, and NUL cannot be stored at all. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const messageId = z.uuid({ message: 'must be the id of a message' });

/** `POST /api/conversations/{id}/messages`. The receiver is given as the spec's two readings allow (text or number). */
export const sendMessageBody = z.object({
  content: z
    .string({ message: MESSAGE_ERRORS.empty })
    .transform((text) => text.replace(CONTROL_CHARACTERS, '').trim())
    .pipe(
      z
        .string()
        .min(1, MESSAGE_ERRORS.empty)
        .max(MESSAGE_LIMITS.maxLength, MESSAGE_ERRORS.tooLong),
    ),
  receiverId: z
    .union([z.string(), z.number().int()], { message: 'receiverId must name the person you are writing to' })
    .transform(String)
    .pipe(z.string().trim().min(1, 'receiverId must name the person you are writing to').max(200)),
  clientMessageId: z.string().trim().min(1).max(100).optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** `POST /api/conversations/{id}/read`: up to which received message (all when absent). */
export const markReadBody = z.object({ upTo: messageId.optional() });
export type MarkReadBody = z.infer<typeof markReadBody>;

/**
 * `GET /api/conversations/{id}/messages`: always a page of at most `limit` (50 unless asked, 100 at most): the
 * newest, the ones just `before` a message (paging back) or just `after` one (catching up, oldest first).
 */
export const threadQuery = z
  .object({
    limit: z.coerce
      .number({ message: `limit must be a whole number from 1 to ${MESSAGE_LIMITS.pageMax}` })
      .int(`limit must be a whole number from 1 to ${MESSAGE_LIMITS.pageMax}`)
      .min(1, `limit must be a whole number from 1 to ${MESSAGE_LIMITS.pageMax}`)
      .max(MESSAGE_LIMITS.pageMax, `limit must be a whole number from 1 to ${MESSAGE_LIMITS.pageMax}`)
      .default(MESSAGE_LIMITS.pageSize),
    before: messageId.optional(),
    after: messageId.optional(),
  })
  .refine((query) => !(query.before && query.after), { message: 'give before or after, not both', path: ['before'] });
export type ThreadQuery = z.infer<typeof threadQuery>;

/** A body or query checked against its schema; a 400 whose message is the first problem (the SPA shows it). */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new BadRequestException({ statusCode: 400, message: Object.values(errors)[0], errors });
}
