import { NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export const BRAND_NOT_FOUND = 'Brand not found';

/**
 * 404 unless the brand exists here. Inside a writing transaction it holds a key-share lock, so a brand.deleted
 * being applied at the same moment waits for the write (and then removes it) instead of missing it. Key share, not
 * share: the write's own triggers then update the brand's counts, which a share lock held by a second writer
 * would turn into a deadlock.
 */
export async function requireBrand(manager: EntityManager, brandId: number, lock: boolean): Promise<void> {
  const rows: unknown[] = await manager.query(`select 1 from brands where brand_id = $1${lock ? ' for key share' : ''}`, [
    brandId,
  ]);
  if (rows.length === 0) throw new NotFoundException(BRAND_NOT_FOUND);
}
