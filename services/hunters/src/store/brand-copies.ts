import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BrandCreatedV1 } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The one owner of `brand_copies`: the directory's brands as brands' events describe them (name, image, value
 * tags), so go-to brands and edits name only brands that exist and the listing filters hunters by the tags of the
 * brands they know. Only its event handlers write it; features ask it which brands exist.
 *
 * A brand an admin hid (`hidden_at`, decision 0101) keeps its row and is absent to every read: no go-to list, pick,
 * edit link, brand filter or value tag shows it, and nothing new can name it, until it is restored.
 */
@Injectable()
export class BrandCopies {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * brands.brand.created/updated, which happened at `occurredAt`: the brand as it now is, unless an event newer
   * than this one was applied already (a late or replayed one never brings back an older name or tags). Ties go to
   * the event applied last: one stream's events arrive in order, and two may share a millisecond. Returns whether
   * it was applied.
   */
  async apply(manager: EntityManager, brand: BrandCreatedV1, occurredAt: string): Promise<boolean> {
    const rows = await manager.query<{ brand_id: number }[]>(
      `insert into brand_copies as c (brand_id, name, image_url, tags, updated_at) values ($1, $2, $3, $4::text[], $5)
       on conflict (brand_id) do update set
         name = excluded.name, image_url = excluded.image_url, tags = excluded.tags, updated_at = excluded.updated_at
       where c.updated_at <= excluded.updated_at
       returning c.brand_id`,
      [brand.brandId, brand.name, brand.imageUrl, brand.tags, occurredAt],
    );
    return rows.length > 0;
  }

  /**
   * brands.brand.deleted: the copy goes, and with it every hunter's go-to row for it (cascade); edit items keep the
   * brand's name and lose the link (`brand_id` set null), in the same transaction.
   */
  async remove(manager: EntityManager, brandId: number): Promise<void> {
    await manager.query('delete from brand_copies where brand_id = $1', [brandId]);
  }

  /**
   * brands.moderation.decided of a brand: hidden since `hiddenAt` (the decision's time), or shown again (null),
   * decided at `decidedAt`. Applied unless a decision newer than this one was applied already (`moderated_at`), so a
   * replayed or late older decision never undoes a newer one; ties go to the decision applied last, as `apply`'s.
   * A brand the copy does not have (deleted since) changes nothing. Returns whether it was applied.
   */
  async moderate(manager: EntityManager, brandId: number, hiddenAt: string | null, decidedAt: string): Promise<boolean> {
    const [rows] = await manager.query<[{ brand_id: number }[], number]>(
      `update brand_copies set hidden_at = $2, moderated_at = $3
       where brand_id = $1 and (moderated_at is null or moderated_at <= $3)
       returning brand_id`,
      [brandId, hiddenAt, decidedAt],
    );
    return (rows?.length ?? 0) > 0;
  }

  /** Which of `ids` are not in the directory (as this copy knows it: a hidden brand is not), in the order given. */
  async missing(ids: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await manager.query<{ id: number }[]>(
      `select id from unnest($1::int[]) with ordinality as given (id, n)
       where not exists (select 1 from brand_copies c where c.brand_id = given.id and c.hidden_at is null)
       order by n`,
      [ids],
    );
    return rows.map((row) => row.id);
  }
}
