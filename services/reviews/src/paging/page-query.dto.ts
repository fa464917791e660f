import { Type } from 'class-transformer';
import type { FastifyReply } from 'fastify';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_PAGE_SIZE = 100;

/**
 * Optional paging of a brand's reviews or comments. Without it a list answers whole (as the spec's SPA reads
 * it); with it, one page and an `x-total-count` header, so a brand with thousands of comments stays cheap to show.
 */
export class PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0, { message: 'offset must be 0 or more' })
  offset?: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/** The page asked for, or null for the whole list. */
export function pageOf(query: PageQueryDto): Page | null {
  if (query.limit === undefined && query.offset === undefined) return null;
  return { limit: query.limit ?? 20, offset: query.offset ?? 0 };
}

/** SQL for a page of an ordered list whose parameters so far number `paramCount`. */
export function pageSql(page: Page | null, params: unknown[]): string {
  if (!page) return '';
  params.push(page.limit, page.offset);
  return `limit $${params.length - 1} offset $${params.length}`;
}

/** Answers a listed page: the items, with the total in `x-total-count` when the caller asked for a page. */
export function sendPage<T>(reply: FastifyReply, { items, total }: { items: T[]; total: number | undefined }): T[] {
  if (total !== undefined) void reply.header('x-total-count', String(total));
  return items;
}
