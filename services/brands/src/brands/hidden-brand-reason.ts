import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sqlStateOf } from '@hunted/platform';
import { DataSource } from 'typeorm';

/** PostgreSQL's "relation does not exist". */
const UNDEFINED_TABLE = '42P01';

/**
 * Why a hidden brand is hidden, as the admin decided it: the moderation kit's case for the brand
 * (`moderation_cases.hidden_reason`, libs/platform/src/moderation, decision 0101) holds it, not the brand's row,
 * which keeps only `hidden_at`. Read only for the brand's submitter and admins, on a hidden brand's page.
 */
@Injectable()
export class HiddenBrandReason {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The reason, or null when the case does not say (or the kit's tables are not in this schema yet). */
  async of(brandId: number): Promise<string | null> {
    try {
      const [row] = await this.dataSource.query<{ reason: string | null }[]>(
        `select hidden_reason as reason from moderation_cases where kind = 'brand' and item_id = $1`,
        [brandId],
      );
      return row?.reason ?? null;
    } catch (error) {
      // The kit's migration creates moderation_cases; a schema migrated before it answers the page without a reason.
      if (sqlStateOf(error) === UNDEFINED_TABLE) return null;
      throw error;
    }
  }
}
