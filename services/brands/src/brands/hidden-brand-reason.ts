import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ModerationStore } from '@hunted/platform';
import { DataSource } from 'typeorm';

/**
 * Why a hidden brand is hidden, as the admin decided it: the moderation kit's case for the brand
 * (`moderation_cases.hidden_reason`, libs/platform/src/moderation, decision 0101) holds it, not the brand's row,
 * which keeps only `hidden_at`. Read only for the brand's submitter and admins, on a hidden brand's page.
 */
@Injectable()
export class HiddenBrandReason {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    // The kit's stateless owner of its tables: read here directly, as the kit's module would need this one.
    private readonly store: ModerationStore,
  ) {}

  /** The reason, or null when the case does not say. */
  async of(brandId: number): Promise<string | null> {
    return (await this.store.findCase(this.dataSource.manager, 'brand', brandId))?.hiddenReason ?? null;
  }
}
