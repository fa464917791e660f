import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedQuery, type Page, type PreparedStatement } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

export const BRAND_NOT_FOUND = 'Brand not found';

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

/**
 * The one owner of this service's copy of the directory (the `brands` table: a brand id per brand that exists,
 * copied from brands.brand.* events, and the list counts triggers keep on it). Reviews and comments hang off it;
 * features ask it whether a brand exists and read their lists through it, and only its event handlers write it.
 */
@Injectable()
export class BrandCopies {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** brands.brand.created: the brand exists from now on (a repeat changes nothing). */
  async add(manager: EntityManager, brandId: number): Promise<void> {
    await manager.query('insert into brands (brand_id) values ($1) on conflict do nothing', [brandId]);
  }

  /** brands.brand.deleted: its reviews, their photos and its comments cascade from the copy, in the same transaction. */
  async remove(manager: EntityManager, brandId: number): Promise<void> {
    await manager.query('delete from brands where brand_id = $1', [brandId]);
  }

  /**
   * 404 unless the brand exists here. Inside a writing transaction it holds a key-share lock, so a brand.deleted
   * being applied at the same moment waits for the write (and then removes it) instead of missing it. Key share,
   * not share: the write's own triggers then update the brand's counts, which a share lock held by a second writer
   * would turn into a deadlock.
   */
  async require(manager: EntityManager, brandId: number, lock: boolean): Promise<void> {
    const rows: unknown[] = await manager.query(`select 1 from brands where brand_id = $1${lock ? ' for key share' : ''}`, [
      brandId,
    ]);
    if (rows.length === 0) throw new NotFoundException(BRAND_NOT_FOUND);
  }

  /** The items of a page read with a brandListStatement (all of them when `page` is null); 404 for an unknown brand. */
  async readList<Row extends { id: unknown; total: number }>(
    statement: PreparedStatement,
    brandId: number,
    page: Page | null,
  ): Promise<{ rows: Row[]; total: number }> {
    const rows = await preparedQuery<Row>(this.dataSource, statement, [brandId, page?.limit ?? null, page?.offset ?? 0]);
    if (rows.length === 0) throw new NotFoundException(BRAND_NOT_FOUND);
    return { rows: rows.filter((row) => row.id !== null), total: rows[0]!.total };
  }
}
