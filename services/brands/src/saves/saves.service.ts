import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Brand } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { BRAND_COLUMNS, brandOfRow, type BrandRow } from '../brands/brand-sql.js';
import { BRAND_NOT_FOUND } from '../brands/brands.service.js';

/** A member's saved brands. Every query is scoped to the caller; nobody reads another member's list. */
@Injectable()
export class SavesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async isSaved(userId: string, brandId: number): Promise<boolean> {
    const [row] = await this.dataSource.query<{ exists: boolean; saved: boolean }[]>(
      `select exists (select 1 from brands where id = $2) as exists,
              exists (select 1 from saved_brands where user_id = $1 and brand_id = $2) as saved`,
      [userId, brandId],
    );
    if (!row!.exists) throw new NotFoundException(BRAND_NOT_FOUND);
    return row!.saved;
  }

  /** Idempotent: saving twice keeps one row (the unique constraint), and keeps the first time it was saved. */
  async save(userId: string, brandId: number): Promise<void> {
    const [row] = await this.dataSource.query<{ found: boolean }[]>(
      `with brand as (select id from brands where id = $2),
            saved as (insert into saved_brands (user_id, brand_id) select $1, id from brand
                      on conflict (user_id, brand_id) do nothing)
       select exists (select 1 from brand) as found`,
      [userId, brandId],
    );
    if (!row!.found) throw new NotFoundException(BRAND_NOT_FOUND);
  }

  async unsave(userId: string, brandId: number): Promise<void> {
    const [row] = await this.dataSource.query<{ found: boolean }[]>(
      `with removed as (delete from saved_brands where user_id = $1 and brand_id = $2)
       select exists (select 1 from brands where id = $2) as found`,
      [userId, brandId],
    );
    if (!row!.found) throw new NotFoundException(BRAND_NOT_FOUND);
  }

  /** Most recently saved first. */
  async list(userId: string): Promise<Brand[]> {
    const rows = await this.dataSource.query<BrandRow[]>(
      `select ${BRAND_COLUMNS} from saved_brands s join brands b on b.id = s.brand_id
       where s.user_id = $1 order by s.created_at desc, s.id desc`,
      [userId],
    );
    return rows.map(brandOfRow);
  }
}
