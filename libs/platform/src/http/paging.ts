import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The largest page any list serves. */
export const MAX_PAGE_LIMIT = 100;

/**
 * The deepest offset any list serves. An offset costs a scan of every row before it, so an unbounded one lets a
 * single request read a whole table; 10,000 is a hundred full pages, further than a person pages by hand.
 */
export const MAX_PAGE_OFFSET = 10_000;

export interface Page {
  limit: number;
  offset: number;
}

/** The page asked for (`defaultLimit` when only an offset is given), or null when neither was given. */
export function pageOf(query: { limit?: number; offset?: number }, defaultLimit = 20): Page | null {
  if (query.limit === undefined && query.offset === undefined) return null;
  return { limit: query.limit ?? defaultLimit, offset: query.offset ?? 0 };
}

/** The object without its undefined fields: a list's absent filters stay absent. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Answers a listed page: the items, with the total in `x-total-count` when there is one. */
export function sendPage<T>(reply: FastifyReply, { items, total }: { items: T[]; total: number | undefined }): T[] {
  if (total !== undefined) void reply.header('x-total-count', String(total));
  return items;
}

/** One paging parameter of a query string: absent, or a whole number within its bounds. */
function pageParameter(name: string, min: number, max: number, tooSmall: string) {
  const notWhole = `${name} must be a whole number`;
  return z.coerce
    .number({ error: notWhole })
    .int({ error: notWhole })
    .min(min, { error: tooSmall })
    .max(max, { error: `${name} must be at most ${max}` })
    .optional();
}

/** `limit` and `offset` of a paged list as a schema, for `@ValidQuery()` (extend it with the list's own filters). */
export const pageQuerySchema = z.object({
  limit: pageParameter('limit', 1, MAX_PAGE_LIMIT, 'limit must be at least 1'),
  offset: pageParameter('offset', 0, MAX_PAGE_OFFSET, 'offset must be 0 or more'),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** Paging and nothing else: another parameter is refused (a list with no filters of its own). */
export const strictPageQuerySchema = z.strictObject(pageQuerySchema.shape);
