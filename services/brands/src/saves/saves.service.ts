import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Brand } from '@hunted/contracts';
import { SQL_STATE, sqlStateOf } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { BRAND_NOT_FOUND, BrandRepository } from '../brands/brand.repository.js';

/** A member's saved brands. Every query is scoped to the caller; nobody reads another member's list. */
@Injectable()
export class SavesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandRepository,
  ) {}

  async isSaved(userId: string, brandId: number): Promise<boolean> {
    await this.brands.requireExists(brandId);
    const rows: unknown[] = await this.dataSource.query('select 1 from saved_brands where user_id = $1 and brand_id = $2', [
      userId,
      brandId,
    ]);
    return rows.length > 0;
  }

  /**
   * Idempotent: saving twice keeps one row (the unique constraint), and keeps the first time it was saved. A brand
   * that does not exist fails the foreign key.
   */
  async save(userId: string, brandId: number): Promise<void> {
    // A hidden brand is not there to save (its row is, so the foreign key alone would let it through).
    await this.brands.requireExists(brandId);
    try {
      await this.dataSource.query(
        `insert into saved_brands (user_id, brand_id) values ($1, $2) on conflict (user_id, brand_id) do nothing`,
        [userId, brandId],
      );
    } catch (error) {
      if (sqlStateOf(error) === SQL_STATE.foreignKeyViolation) throw new NotFoundException(BRAND_NOT_FOUND);
      throw error;
    }
  }

  /**
   * 'Save all brands': each of `brandIds` (distinct) into the caller's favourites in one statement, so one
   * transaction: a brand already saved keeps its row and time; an unknown brand fails the foreign key, answered 404
   * 'Brand not found' with nothing saved. The rows go in last to first, so the list (newest first, ties by id) shows
   * them in the order given.
   */
  async saveAll(userId: string, brandIds: readonly number[]): Promise<number[]> {
    await this.brands.requireAllShown(brandIds);
    try {
      await this.dataSource.query(
        `insert into saved_brands (user_id, brand_id)
         select $1, given.id from unnest($2::int[]) with ordinality as given (id, n) order by given.n desc
         on conflict (user_id, brand_id) do nothing`,
        [userId, brandIds],
      );
    } catch (error) {
      if (sqlStateOf(error) === SQL_STATE.foreignKeyViolation) throw new NotFoundException(BRAND_NOT_FOUND);
      throw error;
    }
    return [...brandIds];
  }

  async unsave(userId: string, brandId: number): Promise<void> {
    await this.dataSource.query('delete from saved_brands where user_id = $1 and brand_id = $2', [userId, brandId]);
    await this.brands.requireExists(brandId);
  }

  /** Most recently saved first; a hidden brand leaves the list while it is hidden (its save stays for its return). */
  async list(userId: string): Promise<Brand[]> {
    const rows = await this.dataSource.query<{ brand_id: number }[]>(
      'select brand_id from saved_brands where user_id = $1 order by created_at desc, id desc',
      [userId],
    );
    return this.brands.findManyInOrder(rows.map((row) => row.brand_id));
  }

  /** The member's most recently saved brands, at most `limit` (the style passport), on saved_brands_user_created_idx. */
  async recentBrandIds(userId: string, limit: number): Promise<number[]> {
    const rows = await this.dataSource.query<{ brand_id: number }[]>(
      'select brand_id from saved_brands where user_id = $1 order by created_at desc, id desc limit $2',
      [userId, limit],
    );
    return rows.map((row) => row.brand_id);
  }

  /** Saves in bulk (demo data), in the caller's transaction; a pair already saved stays as it was. */
  async saveMany(manager: EntityManager, saves: readonly { userId: string; brandId: number }[]): Promise<void> {
    await manager.query(
      `insert into saved_brands (user_id, brand_id) select * from unnest($1::text[], $2::int[])
       on conflict (user_id, brand_id) do nothing`,
      [saves.map((save) => save.userId), saves.map((save) => save.brandId)],
    );
  }

  /** Every save of the member, newest first (their export). */
  ofMember(manager: EntityManager, userId: string): Promise<{ brandId: number; savedAt: Date }[]> {
    return manager.query(
      `select brand_id as "brandId", created_at as "savedAt" from saved_brands
        where user_id = $1 order by created_at desc, id desc`,
      [userId],
    );
  }

  /** A deleted member's saves go: they are nobody else's business and count in no figure. */
  async deleteAllOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('delete from saved_brands where user_id = $1', [userId]);
  }
}
