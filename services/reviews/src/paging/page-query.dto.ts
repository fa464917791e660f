import { NotFoundException } from '@nestjs/common';
import { Type } from 'class-transformer';
import type { FastifyReply } from 'fastify';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { preparedQuery, type PreparedStatement } from '@hunted/platform';
import type { DataSource } from 'typeorm';
import { BRAND_NOT_FOUND } from '../brands/brand-copies.js';

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

/** The brand copy's column that counts a list (kept by triggers, see the BrandListCounts migration). */
export type BrandListCount = 'review_count' | 'photo_count' | 'comment_count';

/**
 * One statement for a page of a brand's list: whether the brand exists, how many items it has and the page itself,
 * in one round trip. `pageSelect` is the ordered list's select for the brand `b`, with `$2` the limit (null for
 * all) and `$3` the offset; each of its rows comes back with the list's `total`, and a brand with no items on the
 * page gives one row of nulls (a brand that does not exist gives none).
 */
export function brandListStatement(name: string, count: BrandListCount, pageSelect: string): PreparedStatement {
  return {
    name,
    text: `
      select b.${count} as total, item.*
      from brands b
      left join lateral (${pageSelect} limit $2 offset $3) item on true
      where b.brand_id = $1`,
  };
}

/** The items of a page read with a brandListStatement (all of them when `page` is null); 404 for an unknown brand. */
export async function readBrandList<Row extends { id: unknown; total: number }>(
  dataSource: DataSource,
  statement: PreparedStatement,
  brandId: number,
  page: Page | null,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await preparedQuery<Row>(dataSource, statement, [brandId, page?.limit ?? null, page?.offset ?? 0]);
  if (rows.length === 0) throw new NotFoundException(BRAND_NOT_FOUND);
  return { rows: rows.filter((row) => row.id !== null), total: rows[0]!.total };
}

/** Answers a listed page: the items, with the total in `x-total-count` when the caller asked for a page. */
export function sendPage<T>(reply: FastifyReply, { items, total }: { items: T[]; total: number | undefined }): T[] {
  if (total !== undefined) void reply.header('x-total-count', String(total));
  return items;
}
