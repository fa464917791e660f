import { z } from 'zod';
import { trimmed, trimmedOrNull } from './input-rules.js';
import { listFilterOneOf } from './list-filters.js';
import { MODERATION_LIMITS, MODERATION_MESSAGES, MODERATION_QUEUE_FILTERS, REPORT_REASONS } from './moderation.js';

/** The moderation API's request schemas (decision 0101); apart from moderation.ts so pages bring no zod. */

/** Body of `POST /api/reports/{kind}/{id}`: a reason from the list and optional words (≤ 500, trimmed). */
export const reportInputSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reason }),
  details: z.preprocess(
    trimmedOrNull,
    z.string({ error: MODERATION_MESSAGES.detailsTooLong }).max(MODERATION_LIMITS.reportDetailsMax, { error: MODERATION_MESSAGES.detailsTooLong }).nullable().optional(),
  ),
});
export type ReportInputFields = z.output<typeof reportInputSchema>;

/** Body of the admins' hide: a reason, 1–500 characters (the author is told it). */
export const hideDecisionSchema = z.strictObject({
  reason: z.preprocess(
    trimmed,
    z
      .string({ error: MODERATION_MESSAGES.hideReason })
      .min(1, { error: MODERATION_MESSAGES.hideReason })
      .max(MODERATION_LIMITS.decisionReasonMax, { error: MODERATION_MESSAGES.decisionReasonTooLong }),
  ),
});

/** Body of the admins' restore and dismiss: an optional reason (≤ 500). */
export const otherDecisionSchema = z.strictObject({
  reason: z.preprocess(
    trimmedOrNull,
    z.string().max(MODERATION_LIMITS.decisionReasonMax, { error: MODERATION_MESSAGES.decisionReasonTooLong }).nullable().optional(),
  ),
});

/** Body of the author's appeal: 1–1,000 characters (trimmed). */
export const appealInputSchema = z.strictObject({
  text: z.preprocess(
    trimmed,
    z
      .string({ error: MODERATION_MESSAGES.appealText })
      .min(1, { error: MODERATION_MESSAGES.appealText })
      .max(MODERATION_LIMITS.appealMax, { error: MODERATION_MESSAGES.appealText }),
  ),
});

/**
 * `GET /api/admin/moderation/{kind}?state=`: absent (or blank) means the queue. `all` is one of the filters here, not
 * the lists' "no filter" word, so it is read as itself.
 */
export const moderationQueueQuerySchema = z.object({
  state: listFilterOneOf('state', MODERATION_QUEUE_FILTERS, { noFilter: new Set(['']) }),
});
