import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BrandRef } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** Serialises the replacement of one hunter's list (the first of the advisory lock's two keys; the hunter's id is the second). */
const GO_TO_LOCK = 25_001;

/**
 * The one owner of `hunter_go_to_brands`: each hunter's up to 12 directory brands, in the order they show them. A
 * brand leaving the directory leaves every list (its copy's deletion cascades), and so does a deleted hunter's list.
 */
@Injectable()
export class GoToBrandsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The hunter's go-to brands in their order, with the name and image the directory's copy has now (a hidden brand's row waits, unshown, for its restoring). */
  async list(hunterId: number, manager: EntityManager = this.dataSource.manager): Promise<BrandRef[]> {
    return manager.query<BrandRef[]>(
      `select b.brand_id as id, b.name, b.image_url as "imageUrl"
       from hunter_go_to_brands g join brand_copies b on b.brand_id = g.brand_id and b.hidden_at is null
       where g.hunter_id = $1
       order by g.position`,
      [hunterId],
    );
  }

  /**
   * Replaces the hunter's list with `brandIds` (distinct, in order), in the caller's transaction. Two saves of the
   * same hunter's list at once would each delete the rows the other has not committed yet and then insert theirs
   * (a duplicate key, or both lists mixed): a transaction-scoped advisory lock on the hunter makes the second wait.
   * A brand missing from the copy fails the foreign key (the caller checked them; this catches a deletion applied
   * in between).
   */
  async replace(manager: EntityManager, hunterId: number, brandIds: readonly number[]): Promise<BrandRef[]> {
    await manager.query('select pg_advisory_xact_lock($1, $2)', [GO_TO_LOCK, hunterId]);
    await manager.query('delete from hunter_go_to_brands where hunter_id = $1', [hunterId]);
    if (brandIds.length > 0) {
      await manager.query(
        `insert into hunter_go_to_brands (hunter_id, brand_id, position)
         select $1, given.id, given.n from unnest($2::int[]) with ordinality as given (id, n)`,
        [hunterId, brandIds],
      );
    }
    return this.list(hunterId, manager);
  }
}
